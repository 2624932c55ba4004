extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text` with one copy. (`append(contentsOf: text.utf8)` goes
    /// byte by byte for the short strings a response head is made of.)
    @inlinable
    public mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
