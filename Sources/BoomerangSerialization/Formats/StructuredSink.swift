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
    /// A string value.
    mutating func string(_ text: String)
    /// A whole value.
    mutating func value(_ value: StructuredValue) throws(Failure)
}

extension StructuredSink where Self: ~Copyable {
    /// A member of the innermost object.
    public mutating func member(_ key: String, _ value: StructuredValue) throws(Failure) {
        self.key(key)
        try self.value(value)
    }

    /// A string member of the innermost object.
    public mutating func member(_ key: String, string text: String) {
        self.key(key)
        string(text)
    }
}
