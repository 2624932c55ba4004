/// A writer of ``StructuredValue`` documents in one text format.
///
/// One primitive, ``write(_:into:)``; writing into a new array derives from it. A writer with a
/// faster path of its own (``JSONWriter``) provides `write(_:)` itself.
public protocol FormatWriter: Sendable {
    /// Appends the rendering of `value` to `output`.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than the writer allows.
    func write(_ value: StructuredValue, into output: inout [UInt8]) throws(FormatWriterError)
}

extension FormatWriter {
    /// Renders `value` as a new byte array.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than the writer allows.
    public func write(_ value: StructuredValue) throws(FormatWriterError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        try write(value, into: &output)
        return output
    }
}
