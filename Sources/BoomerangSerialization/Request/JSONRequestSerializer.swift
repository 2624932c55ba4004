/// Builds requests with a JSON body: AFNetworking's `AFJSONRequestSerializer` (serialization
/// spec §1.7).
///
/// - Methods in ``HTTPRequestSerializer/httpMethodsEncodingParametersInURI`` (GET, HEAD, DELETE)
///   are handed to the form serializer: their parameters go in the query string, not JSON.
/// - Otherwise the default headers are added; non-`nil` parameters set
///   `Content-Type: application/json` (no charset) unless the request has one, and become a
///   compact JSON body (see ``JSONWritingOptions`` for the text). `nil` parameters add no
///   Content-Type and no body.
/// - Parameters that are not valid JSON (NaN, an infinity, a set, data, or a top-level scalar
///   without ``JSONWritingOptions/fragmentsAllowed``) throw
///   ``RequestSerializationError/invalidJSON(_:)``: AFNetworking's
///   `com.alamofire.error.serialization.request` -1016, "The `parameters` argument is not valid JSON."
///
/// The JSON is written by the core, not by Foundation; the output equals Linux
/// `JSONSerialization` with `.sortedKeys` wherever the two key orders agree.
public struct JSONRequestSerializer: RequestSerializer {
    /// The form serializer whose default headers, URI methods, properties and query-string
    /// settings this serializer uses. It is a shared object: changing its headers changes this
    /// serializer's.
    public let base: HTTPRequestSerializer
    /// How the JSON text is written; compact with `\/` by default.
    public var writingOptions: JSONWritingOptions

    /// Creates a serializer.
    ///
    /// - Parameters:
    ///   - base: the form serializer to share headers and settings with; a new one by default.
    ///   - writingOptions: how the JSON text is written.
    public init(base: HTTPRequestSerializer = HTTPRequestSerializer(), writingOptions: JSONWritingOptions = []) {
        self.base = base
        self.writingOptions = writingOptions
    }

    /// Builds a request: method, URL and set properties from ``base``, then ``serialize(_:parameters:)``.
    ///
    /// - Throws: as ``serialize(_:parameters:)``.
    public func request(method: HTTPMethod, url: String, parameters: QueryValue?) throws -> HTTPRequest {
        try serialize(base.newRequest(method: method, url: url), parameters: parameters)
    }

    /// Adds the default headers and the JSON body (or query string) to `request`.
    ///
    /// - Throws: ``RequestSerializationError`` with code ``RequestSerializationError/Code/invalidJSONParameters``;
    ///   for URI methods, what the form serializer throws.
    public func serialize(_ request: HTTPRequest, parameters: QueryValue?) throws -> HTTPRequest {
        try base.serialize(request, parameters: parameters, contentType: "application/json", body: jsonBytes)
    }

    /// The JSON text the serializer writes for `parameters`.
    ///
    /// - Throws: ``RequestSerializationError`` when `parameters` is not valid JSON.
    public func jsonBytes(_ parameters: QueryValue) throws(RequestSerializationError) -> [UInt8] {
        let writer = FoundationJSONWriter(options: writingOptions)
        if let invalid = writer.invalidValue(in: parameters) {
            throw RequestSerializationError.invalidJSON(invalid)
        }
        return writer.write(parameters)
    }
}
