extension ResponseFormat {
    /// Renders an echo document: JSON as httpbin writes it (two-space indent, trailing newline),
    /// property lists with sorted keys and null keys omitted, XML with a `<boomerang>` root.
    /// `capacity` is an estimate of the JSON output's size.
    public func render(_ document: StructuredValue, capacity: Int = 1024) throws(FormatWriterError) -> [UInt8] {
        switch self {
        case .json: try JSONWriter(configuration: .pretty).write(document, capacity: capacity)
        case .plist: try PropertyListXMLWriter().write(document)
        case .binaryPlist: try BinaryPropertyListWriter().write(document)
        case .xml: try XMLWriter(configuration: .init(rootElementName: "boomerang")).write(document)
        }
    }

    /// The `Content-Type` value of ``mediaType``, made once per format (it is sent on every echo).
    public var contentType: String {
        switch self {
        case .json: Self.contentTypes.json
        case .plist: Self.contentTypes.plist
        case .binaryPlist: Self.contentTypes.binaryPlist
        case .xml: Self.contentTypes.xml
        }
    }

    private static let contentTypes = (
        json: "\(ResponseFormat.json.mediaType)", plist: "\(ResponseFormat.plist.mediaType)",
        binaryPlist: "\(ResponseFormat.binaryPlist.mediaType)", xml: "\(ResponseFormat.xml.mediaType)"
    )
}
