import Foundation

/// Builds requests with a property-list body: AFNetworking's `AFPropertyListRequestSerializer`
/// (serialization spec §1.8).
///
/// - Methods in ``HTTPRequestSerializer/httpMethodsEncodingParametersInURI`` go to the query
///   string, as with ``JSONRequestSerializer``.
/// - Otherwise the default headers are added; non-`nil` parameters set
///   `Content-Type: application/x-plist` unless the request has one and are written by Foundation's
///   `PropertyListSerialization` in ``format`` (XML 1.0 by default, byte-identical to Darwin's).
///   `nil` parameters add no Content-Type and no body.
/// - Leaves map to plist types: strings, integers, reals, Booleans, data; ``QueryValue/null`` and
///   ``QueryValue/set(_:)`` are not plist types and make the write fail
///   (``RequestSerializationError/Code/propertyListWriteFailed``, `NSCocoaErrorDomain` 3851).
public struct PropertyListRequestSerializer: RequestSerializer {
    /// The property-list formats AFNetworking can write.
    public enum Format: Sendable, Hashable {
        /// XML, version 1.0 (the default).
        case xml
        /// Binary (`bplist00`).
        case binary
    }

    /// The deepest nesting written; deeper parameters throw
    /// ``RequestSerializationError/Code/nestingTooDeep`` instead of risking the stack.
    public static let maxDepth = 512

    /// The form serializer whose default headers, URI methods and settings this serializer uses.
    public let base: HTTPRequestSerializer
    /// The output format.
    public var format: Format

    /// Creates a serializer.
    public init(base: HTTPRequestSerializer = HTTPRequestSerializer(), format: Format = .xml) {
        self.base = base
        self.format = format
    }

    /// Builds a request: method, URL and set properties from ``base``, then ``serialize(_:parameters:)``.
    ///
    /// - Throws: as ``serialize(_:parameters:)``.
    public func request(method: HTTPMethod, url: String, parameters: QueryValue?) throws -> HTTPRequest {
        try serialize(base.newRequest(method: method, url: url), parameters: parameters)
    }

    /// Adds the default headers and the property-list body (or query string) to `request`.
    ///
    /// - Throws: ``RequestSerializationError`` when the parameters cannot be written.
    public func serialize(_ request: HTTPRequest, parameters: QueryValue?) throws -> HTTPRequest {
        try base.serialize(request, parameters: parameters, contentType: "application/x-plist", body: propertyListBytes)
    }

    /// The property-list bytes for `parameters`.
    ///
    /// - Throws: ``RequestSerializationError`` with Foundation's domain and code.
    public func propertyListBytes(_ parameters: QueryValue) throws(RequestSerializationError) -> [UInt8] {
        guard Self.depth(of: parameters) <= Self.maxDepth else {
            throw RequestSerializationError(
                code: .nestingTooDeep,
                value: "depth > \(Self.maxDepth)",
                domain: NSCocoaErrorDomain,
                errorCode: 3851,
                failureReason: "The parameters nest deeper than \(Self.maxDepth) levels."
            )
        }
        let object = Self.foundationObject(parameters)
        let foundationFormat: PropertyListSerialization.PropertyListFormat = format == .xml ? .xml : .binary
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: object, format: foundationFormat, options: 0)
            return Array(data)
        } catch {
            let nsError = error as NSError
            throw RequestSerializationError(
                code: .propertyListWriteFailed,
                value: String(describing: nsError.userInfo[NSDebugDescriptionErrorKey] ?? ""),
                domain: nsError.domain,
                errorCode: nsError.code,
                failureReason: nsError.localizedDescription
            )
        }
    }

    private static func depth(of value: QueryValue) -> Int {
        var deepest = 0
        var stack: [(QueryValue, Int)] = [(value, 1)]
        while let (next, level) = stack.popLast() {
            deepest = max(deepest, level)
            switch next {
            case .array(let elements), .set(let elements):
                stack.append(contentsOf: elements.map { ($0, level + 1) })
            case .dictionary(let dictionary):
                stack.append(contentsOf: dictionary.values.map { ($0, level + 1) })
            default:
                break
            }
        }
        return deepest
    }

    private static func foundationObject(_ value: QueryValue) -> Any {
        switch value {
        case .null: NSNull()
        case .string(let text): text
        case .int(let number): number
        case .double(let number): number
        case .bool(let flag): flag
        case .data(let bytes): Data(bytes)
        case .array(let elements): elements.map(foundationObject)
        case .set(let elements): NSSet(array: elements.map(foundationObject))
        case .dictionary(let dictionary): dictionary.mapValues(foundationObject)
        }
    }
}
