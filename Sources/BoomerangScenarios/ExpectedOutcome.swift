public import BoomerangSerialization

/// One error of an expected chain: the `NSError` domain and code a response serializer reports.
public struct ExpectedError: Sendable, Hashable, CustomStringConvertible {
    /// The domain (`com.alamofire.error.serialization.response`, `NSCocoaErrorDomain`, …).
    public var domain: String
    /// The code (-1011, -1016, 3840, an `NSXMLParserError` number, …).
    public var code: Int

    /// Creates an expected error.
    public init(domain: String, code: Int) {
        self.domain = domain
        self.code = code
    }

    /// AFNetworking's status failure: -1011 in its response domain.
    public static let unacceptableStatus = ExpectedError(domain: ResponseSerializationError.afNetworkingDomain, code: -1011)
    /// AFNetworking's content-type failure: -1016 in its response domain.
    public static let unacceptableContentType = ExpectedError(domain: ResponseSerializationError.afNetworkingDomain, code: -1016)
    /// A JSON or property-list read failure: 3840 in `NSCocoaErrorDomain`.
    public static let cocoaReadCorrupt = ExpectedError(domain: ResponseSerializationError.cocoaDomain, code: 3840)
    /// Data that is not a recognised (or is a truncated) image: -1016 in `NSURLErrorDomain`.
    public static let undecodableImage = ExpectedError(domain: ResponseSerializationError.urlDomain, code: -1016)

    /// An `NSXMLParserErrorDomain` error with libxml2's code.
    public static func xmlParser(_ code: Int) -> ExpectedError {
        ExpectedError(domain: ResponseSerializationError.xmlParserDomain, code: code)
    }

    /// The chain of an actual error, outermost first.
    public static func chain(of error: ResponseSerializationError?) -> [ExpectedError] {
        error?.chain.map { ExpectedError(domain: $0.domain, code: $0.number) } ?? []
    }

    /// A short tag for the domain: `AF` (AFNetworking's response domain), `URL`, `Cocoa`, `XML`,
    /// or the domain itself.
    public var shortDomain: String {
        switch domain {
        case ResponseSerializationError.afNetworkingDomain: "AF"
        case ResponseSerializationError.urlDomain: "URL"
        case ResponseSerializationError.cocoaDomain: "Cocoa"
        case ResponseSerializationError.xmlParserDomain: "XML"
        default: domain
        }
    }

    /// `AF -1011`, `URL -1016`, `Cocoa 3840`, `XML 76`.
    public var description: String { "\(shortDomain) \(code)" }
}

/// The kind of object a serializer returns, with the value where it is small enough to state.
public enum ExpectedObject: Sendable, Hashable, CustomStringConvertible {
    /// The raw body.
    case data
    /// A JSON value.
    case json(StructuredValue)
    /// An XML parser over the body.
    case xmlParser
    /// A parsed XML document.
    case xmlDocument
    /// A property list value.
    case propertyList(StructuredValue)
    /// An image of a format and pixel size.
    case image(format: String, width: Int, height: Int)

    /// The expectation-shaped view of an actual object (object keys sorted, as order carries no
    /// meaning in JSON objects and Foundation dictionaries).
    public init(_ object: ResponseObject) {
        switch object {
        case .data: self = .data
        case .json(let value): self = .json(ExpectationRules.canonical(value))
        case .xmlParser: self = .xmlParser
        case .xmlDocument: self = .xmlDocument
        case .propertyList(let value): self = .propertyList(ExpectationRules.canonical(value))
        case .image(let info): self = .image(format: info.format.name, width: info.width, height: info.height)
        }
    }

    /// The kind's name (`data`, `json`, `xmlParser`, `xmlDocument`, `propertyList`, `image`).
    public var kind: String {
        switch self {
        case .data: "data"
        case .json: "json"
        case .xmlParser: "xmlParser"
        case .xmlDocument: "xmlDocument"
        case .propertyList: "propertyList"
        case .image: "image"
        }
    }

    /// The kind, with the image's format and size (`image(png 3x2)`).
    public var description: String {
        if case .image(let format, let width, let height) = self { return "image(\(format) \(width)x\(height))" }
        return kind
    }
}

/// What one serializer configuration gives for one scenario: an object or none, and the error
/// chain, outermost first (empty when no error is reported).
public struct ExpectedOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The object, or `nil`.
    public var object: ExpectedObject?
    /// The errors, outermost first.
    public var errors: [ExpectedError]

    /// Creates an outcome.
    public init(object: ExpectedObject?, errors: [ExpectedError] = []) {
        self.object = object
        self.errors = errors
    }

    /// The outcome of an actual serialization.
    public init(_ result: ResponseSerialization<ResponseObject>) {
        self.init(object: result.object.map(ExpectedObject.init), errors: ExpectedError.chain(of: result.error))
    }

    /// `json; AF -1011 <- AF -1016`-style text: the object (or `none`), then the errors,
    /// outermost first.
    public var description: String {
        let object = object?.description ?? "none"
        guard !errors.isEmpty else { return object }
        return object + "; " + errors.map(\.description).joined(separator: " <- ")
    }
}
