/// The eight response serializer configurations every scenario is judged against.
public enum ScenarioSerializer: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `HTTPResponseSerializer` with its defaults (statuses 200–299, content type unchecked).
    case http
    /// `JSONResponseSerializer` with its defaults.
    case json
    /// `JSONResponseSerializer` with `removesKeysWithNullValues`.
    case jsonRemovingNulls
    /// `XMLParserResponseSerializer`.
    case xmlParser
    /// `XMLDocumentResponseSerializer` (BoomerangXML).
    case xmlDocument
    /// `PropertyListResponseSerializer`.
    case propertyList
    /// `ImageResponseSerializer` with its defaults (undecodable data gives no object and no error, as in AFNetworking).
    case image
    /// `CompoundResponseSerializer` over [JSON, XML parser, property list, image], in that order,
    /// with the default HTTP fallback.
    case compound

    /// The compound's components, in the order they are tried.
    public static let compoundOrder: [ScenarioSerializer] = [.json, .xmlParser, .propertyList, .image]

    /// AFNetworking's acceptable MIME types, or `nil` when the content type is not checked.
    public var acceptableContentTypes: Set<String>? {
        switch self {
        case .http, .compound: nil
        case .json, .jsonRemovingNulls: ["application/json", "text/json", "text/javascript"]
        case .xmlParser, .xmlDocument: ["application/xml", "text/xml"]
        case .propertyList: ["application/x-plist"]
        case .image:
            [
                "image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon",
                "image/bmp", "image/x-bmp", "image/x-xbitmap", "image/x-win-bitmap",
            ]
        }
    }

    /// The name used in tables and JSON (`jsonRemovingNulls`).
    public var description: String { rawValue }
}
