/// `AFXMLParserResponseSerializer` without FoundationXML: validates and returns the bytes an XML
/// parser will read, **without parsing them** (spec §2.5).
///
/// Invalid XML therefore gives an object and no error, and empty data gives an object too; only
/// `nil` data gives none. `BoomerangXML` turns the bytes into a Foundation `XMLParser` with external
/// entities off.
public struct XMLParserResponseSerializer: ResponseSerializer {
    /// AFNetworking's acceptable types (shared with the XML document serializer).
    public static let defaultAcceptableContentTypes: Set<String> = ["application/xml", "text/xml"]

    /// The validation settings.
    public var base: HTTPResponseSerializer

    /// Creates a serializer.
    public init(
        base: HTTPResponseSerializer = HTTPResponseSerializer(acceptableContentTypes: defaultAcceptableContentTypes)
    ) {
        self.base = base
    }

    /// `.xmlParser(output)`.
    public func responseObject(from output: [UInt8], data: [UInt8]?) -> ResponseObject {
        .xmlParser(output)
    }

    /// Validates, then decodes unless the content type failed (the gate of AFNetworking's subclasses).
    public func serialize(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool) -> ResponseSerialization<[UInt8]> {
        base.gated(response: response, data: data, reportsErrors: reportsErrors) { validationError in
            ResponseSerialization(object: data, error: validationError)
        }
    }
}
