/// The document formats the server renders a ``StructuredValue`` in.
public enum ResponseFormat: Sendable, Hashable, CaseIterable {
    /// JSON, `application/json` (also asked for as `text/json`).
    case json
    /// XML property list, `application/x-plist` (AFNetworking's plist type).
    case plist
    /// Binary property list, `application/x-bplist`. There is no registered type; this is the one
    /// used by tools that tell binary from XML plists (AFNetworking sends both as
    /// `application/x-plist`, which selects ``plist``).
    case binaryPlist
    /// Plain XML (``XMLWriter``), `application/xml` (also asked for as `text/xml`).
    case xml

    /// The `Content-Type` to send with this format.
    public var mediaType: MediaType {
        switch self {
        case .json: Self.jsonType
        case .plist: Self.plistType
        case .binaryPlist: Self.binaryPlistType
        case .xml: Self.xmlType
        }
    }

    /// Other media types that select this format in `Accept` (`text/json`, `text/xml`).
    public var acceptedMediaTypes: [MediaType] {
        switch self {
        case .json: Self.jsonAccepted
        case .plist: [Self.plistType]
        case .binaryPlist: [Self.binaryPlistType]
        case .xml: Self.xmlAccepted
        }
    }

    // Built once: negotiation runs on every request.
    private static let jsonType = MediaType(type: "application", subtype: "json")
    private static let plistType = MediaType(type: "application", subtype: "x-plist")
    private static let binaryPlistType = MediaType(type: "application", subtype: "x-bplist")
    private static let xmlType = MediaType(type: "application", subtype: "xml")
    private static let jsonAccepted = [jsonType, MediaType(type: "text", subtype: "json")]
    private static let xmlAccepted = [xmlType, MediaType(type: "text", subtype: "xml")]

    /// The name used by the `x-set-response-format` control: `json`, `plist`, `binary-plist`, `xml`.
    public var name: String {
        switch self {
        case .json: "json"
        case .plist: "plist"
        case .binaryPlist: "binary-plist"
        case .xml: "xml"
        }
    }

    /// The format with this ``name``, compared case-insensitively; `nil` for anything else.
    public init?(name: String) {
        let lowered = ASCII.lowercased(name)
        guard let format = Self.allCases.first(where: { $0.name == lowered }) else { return nil }
        self = format
    }

    /// The format one of whose ``acceptedMediaTypes`` has the same type and subtype as `mediaType`
    /// (parameters ignored); `nil` for anything else.
    public init?(mediaType: MediaType) {
        guard let format = Self.allCases.first(where: { format in
            format.acceptedMediaTypes.contains { $0.type == mediaType.type && $0.subtype == mediaType.subtype }
        }) else { return nil }
        self = format
    }
}
