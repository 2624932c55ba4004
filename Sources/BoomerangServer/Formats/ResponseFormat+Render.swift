import BoomerangSerialization

extension ResponseFormat {
    /// Renders an echo document: JSON as httpbin writes it (two-space indent, trailing newline),
    /// property lists with sorted keys and null keys omitted, XML with a `<boomerang>` root.
    /// `capacity` is an estimate of the JSON output's size.
    func render(_ document: StructuredValue, capacity: Int = 1024) throws(FormatWriterError) -> [UInt8] {
        switch self {
        case .json: try JSONWriter(configuration: .pretty).write(document, capacity: capacity)
        case .plist: try PropertyListXMLWriter().write(document)
        case .binaryPlist: try BinaryPropertyListWriter().write(document)
        case .xml: try XMLWriter(configuration: .init(rootElementName: "boomerang")).write(document)
        }
    }
}
