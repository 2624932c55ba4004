/// Receives a structured document piece by piece, in document order: what a document's author
/// writes once to get either a tree (``StructuredValueBuilder``) or its JSON text
/// (``JSONStreamWriter``) without building the tree first.
///
/// Calls must nest: every `begin` has its `end`, and inside an object every value follows a
/// ``key(_:)``.
public protocol StructuredSink: ~Copyable {
    /// What writing a value can fail with.
    associatedtype Failure: Error

    /// Opens an object.
    mutating func beginObject()
    /// Closes the innermost object.
    mutating func endObject()
    /// Opens an array.
    mutating func beginArray()
    /// Closes the innermost array.
    mutating func endArray()
    /// The key of the next member of the innermost object. Keys are not checked for repeats.
    mutating func key(_ key: String)
    /// The key of the next member, as UTF-8 bytes.
    mutating func key(utf8 key: UnsafeBufferPointer<UInt8>)
    /// The key of the next member, fixed in the source: printable ASCII without `"` or `\`, so
    /// that a text sink can copy it as it is.
    mutating func key(literal key: StaticString)
    /// A string value.
    mutating func string(_ text: String)
    /// A string value, as valid UTF-8 bytes.
    mutating func string(utf8 text: UnsafeBufferPointer<UInt8>)
    /// A whole value.
    mutating func value(_ value: StructuredValue) throws(Failure)
    /// The key of the next member, `name` title-cased as Python's `str.title()` does on ASCII (a
    /// letter after a non-letter upper case, other letters lower case): httpbin's header names.
    mutating func key(titleCasing name: String)
    /// An array of two strings, `[first, second]` (a header field as received).
    mutating func stringPair(_ first: String, _ second: String)
    /// A value given as JSON text that `parser` validated (``JSONParser/validate(_:)``): a JSON
    /// sink copies the text as it is, without building the value; the others parse it.
    mutating func verbatimJSON(_ text: UnsafeBufferPointer<UInt8>, validatedBy parser: JSONParser) throws(Failure)
}

extension StructuredSink where Self: ~Copyable {
    public mutating func key(literal key: StaticString) {
        key.withUTF8Buffer { self.key(utf8: $0) }
    }

    public mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        string(String(decoding: text, as: UTF8.self))
    }

    public mutating func key(titleCasing name: String) {
        var utf8 = name
        utf8.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { titled in
                key(utf8: UnsafeBufferPointer(ASCIITitleCase.write(bytes, into: titled)))
            }
        }
    }

    public mutating func stringPair(_ first: String, _ second: String) {
        beginArray()
        string(first)
        string(second)
        endArray()
    }

    public mutating func verbatimJSON(_ text: UnsafeBufferPointer<UInt8>, validatedBy parser: JSONParser) throws(Failure) {
        // Validated by the same parser: parsing cannot fail.
        try value((try? parser.parse(text)) ?? .null)
    }

    /// A member of the innermost object; the key as ``key(literal:)`` takes it.
    public mutating func member(_ key: StaticString, _ value: StructuredValue) throws(Failure) {
        self.key(literal: key)
        try self.value(value)
    }

    /// A string member of the innermost object; the key as ``key(literal:)`` takes it.
    public mutating func member(_ key: StaticString, string text: String) {
        self.key(literal: key)
        string(text)
    }
}
