/// An ordered list of HTTP header fields.
///
/// Fields keep the order they were added in and the case their names were written in, so that a
/// request can be echoed exactly as it was sent. Look-ups by name are case-insensitive
/// ([RFC 9110 §5.1](https://www.rfc-editor.org/rfc/rfc9110#section-5.1)).
public struct HTTPHeaders: Sendable, Hashable {
    /// One header field: a name and a value, both as written.
    public struct Field: Sendable, Hashable {
        /// The field name in its original case.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list from ordered name-value pairs.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The value of the first field with this name, compared case-insensitively.
    public subscript(name: String) -> String? {
        fields.first { HTTPHeaders.namesMatch($0.name, name) }?.value
    }

    /// Every value for this name, in order.
    public func values(for name: String) -> [String] {
        fields.filter { HTTPHeaders.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether a field with this name is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { HTTPHeaders.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Sets a field: replaces the first field of this name in place and removes the others, or
    /// appends the field when there is none. A `nil` value removes every field of this name.
    public mutating func set(name: String, value: String?) {
        guard let value else {
            remove(name: name)
            return
        }
        if let index = fields.firstIndex(where: { HTTPHeaders.namesMatch($0.name, name) }) {
            fields[index] = Field(name: name, value: value)
            var next = index + 1
            while next < fields.count {
                if HTTPHeaders.namesMatch(fields[next].name, name) {
                    fields.remove(at: next)
                } else {
                    next += 1
                }
            }
        } else {
            fields.append(Field(name: name, value: value))
        }
    }

    /// Reserves room for `minimumCapacity` fields, so that a parser can fill the list without
    /// regrowing it.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        fields.reserveCapacity(minimumCapacity)
    }

    /// Appends `text` to the value of the last field (obs-fold joining); does nothing when empty.
    mutating func appendToLastValue(_ text: String) {
        guard !fields.isEmpty else { return }
        fields[fields.count - 1].value += text
    }

    /// Removes every field with this name.
    public mutating func remove(name: String) {
        fields.removeAll { HTTPHeaders.namesMatch($0.name, name) }
    }

    /// Case-insensitive ASCII comparison of two field names.
    public static func namesMatch(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for index in 0..<x.count where x[index] != y[index] {
                    let lower = x[index] | 0x20
                    guard lower == y[index] | 0x20, lower &- UInt8(ascii: "a") < 26 else { return false }
                }
                return true
            }
        }
    }
}

extension HTTPHeaders: Sequence {
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }
}
