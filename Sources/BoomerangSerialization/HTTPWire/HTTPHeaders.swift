/// An ordered list of HTTP header fields.
///
/// Fields keep the order they were added in and the case their names were written in, so that a
/// request can be echoed exactly as it was sent. Look-ups by name are case-insensitive
/// ([RFC 9110 §5.1](https://www.rfc-editor.org/rfc/rfc9110#section-5.1)).
public struct HTTPHeaders: Sendable, Hashable {
    /// One header field: a name and a value, both as written.
    public struct Field: Sendable, Hashable {
        /// The field name in its original case.
        public var name: String {
            didSet { nameKey = NameKey(name) }
        }
        /// The field value, without surrounding whitespace.
        public var value: String
        /// Equal for names that match; a look-up compares names only where the keys are equal.
        @usableFromInline package var nameKey: NameKey

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
            nameKey = NameKey(name)
        }

        /// Creates a field whose name's key the caller has made already (the request parser).
        @inlinable
        package init(name: String, value: String, nameKey: NameKey) {
            self.name = name
            self.value = value
            self.nameKey = nameKey
        }
    }

    /// A digest of a field name that names matching case-insensitively share: the length and the
    /// first and last bytes with bit 5 set (which folds letters and keeps equal bytes equal).
    @usableFromInline package struct NameKey: Sendable, Hashable {
        @usableFromInline package let bits: UInt32

        /// The name's length in bytes (lengths of 65,535 and more share one value).
        package var length: Int { Int(bits & 0xFFFF) }

        @inlinable @inline(__always)
        package init(length: Int, first: UInt8, last: UInt8) {
            bits = UInt32(truncatingIfNeeded: Swift.min(length, 0xFFFF)) | UInt32(first | 0x20) << 16 | UInt32(last | 0x20) << 24
        }

        /// The key of `bytes`, a name's UTF-8.
        @inlinable @inline(__always)
        package init(_ bytes: UnsafeRawBufferPointer) {
            let count = bytes.count
            self.init(length: count, first: count > 0 ? bytes[0] : 0, last: count > 0 ? bytes[count - 1] : 0)
        }

        package init(_ name: String) {
            let utf8 = name.utf8
            if let key = utf8.withContiguousStorageIfAvailable({ NameKey(UnsafeRawBufferPointer($0)) }) {
                self = key
            } else {
                self.init(length: utf8.count, first: utf8.first ?? 0, last: utf8.last ?? 0)
            }
        }
    }

    /// The fields in order.
    public var fields: [Field]

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
        guard let index = firstIndex(of: name, from: 0) else { return nil }
        return fields[index].value
    }

    /// Every value for this name, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        var next = 0
        while let index = firstIndex(of: name, from: next) {
            values.append(fields[index].value)
            next = index + 1
        }
        return values
    }

    /// Whether two fields have the same name in any case: when not, a reader that joins or
    /// reports repeated fields has nothing to look for. Names are compared only where their
    /// keys (length, first and last letters) agree.
    public var hasRepeatedNames: Bool {
        fields.withUnsafeBufferPointer { fields in
            for second in fields.indices.dropFirst() {
                let key = fields[second].nameKey
                for first in 0..<second where fields[first].nameKey == key {
                    if Self.namesMatch(fields[first].name, fields[second].name) { return true }
                }
            }
            return false
        }
    }

    /// Whether a field with this name is present.
    public func contains(_ name: String) -> Bool {
        firstIndex(of: name, from: 0) != nil
    }

    /// The index of the first field from `start` on whose name matches `name`. Only fields of the
    /// same length are looked at; the key of `name` is computed when the first of them is met,
    /// and the bytes are compared only where the keys agree.
    @inline(__always)
    private func firstIndex(of name: String, from start: Int) -> Int? {
        let length = Swift.min(name.utf8.count, 0xFFFF)
        var key: NameKey?
        var index = start
        let count = fields.count
        while index < count {
            let fieldKey = fields[index].nameKey
            if fieldKey.length == length {
                let nameKey = key ?? NameKey(name)
                key = nameKey
                // Names written alike (small strings: two words) match without a byte loop.
                if fieldKey == nameKey && (fields[index].name == name || Self.namesMatch(fields[index].name, name)) {
                    return index
                }
            }
            index += 1
        }
        return nil
    }

    /// Appends a field, keeping any fields of the same name.
    public mutating func add(name: consuming String, value: consuming String) {
        append(Field(name: name, value: value))
    }

    /// Appends a field whose name key is already known (the parser computes it from the bytes).
    @inlinable
    package mutating func add(name: consuming String, value: consuming String, nameKey: NameKey) {
        append(Field(name: name, value: value, nameKey: nameKey))
    }

    @inlinable
    mutating func append(_ field: consuming Field) {
        // A response's fields are added one by one: one allocation instead of regrowing 1, 2, 4, 8.
        if fields.capacity == 0 { fields.reserveCapacity(8) }
        fields.append(field)
    }

    /// Sets a field: replaces the first field of this name in place and removes the others, or
    /// appends the field when there is none. A `nil` value removes every field of this name.
    public mutating func set(name: String, value: String?) {
        guard let value else {
            remove(name: name)
            return
        }
        if let index = firstIndex(of: name, from: 0) {
            fields[index] = Field(name: name, value: value)
            var next = index + 1
            while let found = firstIndex(of: name, from: next) {
                fields.remove(at: found)
                next = found
            }
        } else {
            append(Field(name: name, value: value))
        }
    }

    /// Reserves room for `minimumCapacity` fields, so that a parser can fill the list without
    /// regrowing it.
    @inlinable
    package mutating func reserveCapacity(_ minimumCapacity: Int) {
        fields.reserveCapacity(minimumCapacity)
    }

    /// Appends `text` to the value of the last field (obs-fold joining); does nothing when empty.
    package mutating func appendToLastValue(_ text: String) {
        guard !fields.isEmpty else { return }
        fields[fields.count - 1].value += text
    }

    /// Removes every field with this name.
    public mutating func remove(name: String) {
        guard firstIndex(of: name, from: 0) != nil else { return }
        let key = NameKey(name)
        fields.removeAll { $0.nameKey == key && HTTPHeaders.namesMatch($0.name, name) }
    }

    /// Case-insensitive ASCII comparison of two field names.
    public static func namesMatch(_ a: String, _ b: String) -> Bool {
        let x = a.utf8
        let y = b.utf8
        guard x.count == y.count else { return false }
        let contiguous = x.withContiguousStorageIfAvailable { x in
            y.withContiguousStorageIfAvailable { y in
                bytesMatch(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y))
            }
        }
        if let contiguous, let result = contiguous { return result }
        return Array(x).withUnsafeBytes { x in Array(y).withUnsafeBytes { y in bytesMatch(x, y) } }
    }

    /// Case-insensitive ASCII comparison of two byte strings of the same length, eight bytes at a
    /// time while they are equal.
    @inline(__always)
    static func bytesMatch(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        let count = x.count
        var index = 0
        if let xBase = x.baseAddress, let yBase = y.baseAddress {
            while index &+ 8 <= count
                && xBase.loadUnaligned(fromByteOffset: index, as: UInt64.self) == yBase.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                index &+= 8
            }
        }
        while index < count {
            let a = x[index]
            let b = y[index]
            if a != b {
                let lower = a | 0x20
                guard lower == b | 0x20, lower &- UInt8(ascii: "a") < 26 else { return false }
            }
            index &+= 1
        }
        return true
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
