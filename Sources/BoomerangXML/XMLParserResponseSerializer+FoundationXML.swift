public import BoomerangSerialization
import Foundation
public import FoundationXML

extension XMLParserResponseSerializer {
    /// `AFXMLParserResponseSerializer` with a real parser: validates and returns a FoundationXML
    /// `XMLParser` over the body, not yet parsed, with external entities off.
    public func parser(response: ResponseValue?, data: [UInt8]?) -> ResponseSerialization<XMLParser> {
        serialize(response: response, data: data).map(Self.makeParser)
    }

    /// An `XMLParser` over `bytes` that never resolves external entities.
    public static func makeParser(_ bytes: [UInt8]) -> XMLParser {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        return parser
    }
}

extension ResponseObject {
    /// For ``ResponseObject/xmlParser(_:)`` and ``ResponseObject/xmlDocument(_:)``, a FoundationXML
    /// `XMLParser` over the bytes with external entities off; otherwise `nil`.
    public func makeXMLParser() -> XMLParser? {
        switch self {
        case .xmlParser(let bytes), .xmlDocument(let bytes): return XMLParserResponseSerializer.makeParser(bytes)
        default: return nil
        }
    }

    /// For ``ResponseObject/xmlDocument(_:)``, the `XMLDocument` rebuilt from its checked bytes;
    /// otherwise `nil`.
    public func makeXMLDocument() -> XMLDocument? {
        guard case .xmlDocument(let bytes) = self else { return nil }
        return try? XMLDocumentResponseSerializer().decode(bytes)
    }
}
