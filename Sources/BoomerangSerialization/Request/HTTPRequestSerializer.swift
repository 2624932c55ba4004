import Foundation

/// Builds requests with parameters in the query string or a urlencoded body: AFNetworking's
/// `AFHTTPRequestSerializer` (serialization spec §1.5).
///
/// - GET, HEAD and DELETE (``httpMethodsEncodingParametersInURI``, compared uppercased) append the
///   query string to the URL by concatenation: `?` or, when the URL already has a query, `&`
///   (`…?` gives `…?&k=v`; after a `#fragment` the query lands after the fragment, as AFNetworking's
///   `absoluteString` concatenation does). A `nil` or empty query leaves the URL untouched.
/// - Other methods put the query string in the body, an empty body for `nil` parameters, and set
///   `Content-Type: application/x-www-form-urlencoded` (no charset) unless the request has one.
/// - Default headers (``httpRequestHeaders``) are added only where the request has no field of
///   that name, compared case-insensitively: per-request headers win.
/// - Transport properties (``properties``) are copied into new requests only when set.
///
/// The serializer is a shared object, like AFNetworking's: its state sits behind a lock, so headers
/// can be set from many threads while requests are built. Text is always UTF-8.
///
/// The lock is an `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: ThreadSanitizer
/// on Linux does not see `Mutex`'s futex-based synchronization and reports false races.
///
/// ```swift
/// let serializer = HTTPRequestSerializer()
/// let request = try serializer.request(method: .get, url: "http://localhost/get", parameters: ["q": "a b"])
/// // request.url == "http://localhost/get?q=a%20b"
/// ```
public final class HTTPRequestSerializer: RequestSerializer, @unchecked Sendable {
    /// A custom query-string builder: AFNetworking's `queryStringSerialization` block. It receives
    /// the request as given and the non-`nil` parameters; its string is used verbatim. An error it
    /// throws aborts the request and is passed up unchanged.
    public typealias QueryStringSerialization = @Sendable (HTTPRequest, QueryValue) throws -> String

    private struct State: Sendable {
        var headers = HTTPHeaders()
        var methodsInURI: Set<String> = ["GET", "HEAD", "DELETE"]
        var configuration = QueryStringConfiguration()
        var customSerialization: QueryStringSerialization?
        var properties = RequestProperties()
    }

    private let lock = NSLock()
    private var unsafeState: State

    /// Runs `body` with exclusive access to the state.
    private func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&unsafeState)
    }

    /// Creates a serializer with AFNetworking's default headers built from the given values.
    ///
    /// AFNetworking takes them from the environment; the core reads none, so both default to
    /// none here. BoomerangClient's `HTTPRequestSerializer(environment:)` passes the process's.
    ///
    /// - Parameters:
    ///   - languages: preferred languages for `Accept-Language` (see
    ///     ``RequestDefaults/acceptLanguage(_:)``). An empty list, the default, sets no
    ///     `Accept-Language`.
    ///   - userAgent: the `User-Agent` (see ``RequestDefaults/userAgent(executable:version:system:)``);
    ///     `nil`, the default, for none.
    public init(languages: [String] = [], userAgent: String? = nil) {
        var initial = State()
        if let acceptLanguage = RequestDefaults.acceptLanguage(languages) {
            initial.headers.set(name: "Accept-Language", value: acceptLanguage)
        }
        if let userAgent {
            initial.headers.set(name: "User-Agent", value: userAgent)
        }
        unsafeState = initial
    }

    /// A snapshot of the default headers, in the order they were first set.
    public var httpRequestHeaders: HTTPHeaders {
        withState { $0.headers }
    }

    /// Sets a default header, replacing any of the same name (compared case-insensitively); `nil`
    /// removes it.
    public func setValue(_ value: String?, forHTTPHeaderField field: String) {
        withState { $0.headers.set(name: field, value: value) }
    }

    /// The default header of this name, compared case-insensitively (AFNetworking's store is
    /// case-sensitive; the core is not).
    public func value(forHTTPHeaderField field: String) -> String? {
        withState { $0.headers[field] }
    }

    /// Sets `Authorization: Basic <base64 of "username:password">`, UTF-8, no line breaks.
    public func setAuthorizationHeader(username: String, password: String) {
        let credentials = Base64.encode(Array("\(username):\(password)".utf8))
        setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
    }

    /// Removes the `Authorization` default header.
    public func clearAuthorizationHeader() {
        setValue(nil, forHTTPHeaderField: "Authorization")
    }

    /// The methods whose parameters go in the URL; GET, HEAD and DELETE by default. Methods are
    /// compared after uppercasing, so `get` counts as GET.
    public var httpMethodsEncodingParametersInURI: Set<String> {
        get { withState { $0.methodsInURI } }
        set { withState { $0.methodsInURI = Set(newValue.map { $0.uppercased() }) } }
    }

    /// The transport properties copied into requests that ``request(method:url:parameters:)``
    /// builds; each only when set (not `nil`).
    public var properties: RequestProperties {
        get { withState { $0.properties } }
        set { withState { $0.properties = newValue } }
    }

    /// The query-string style in use when no custom serialization is set.
    public var queryStringConfiguration: QueryStringConfiguration {
        withState { $0.configuration }
    }

    /// Uses ``QueryStringEncoder`` with `configuration` and clears any custom serialization:
    /// AFNetworking's `setQueryStringSerializationWithStyle:`.
    public func setQueryStringSerialization(configuration: QueryStringConfiguration) {
        withState {
            $0.configuration = configuration
            $0.customSerialization = nil
        }
    }

    /// Uses `serialization` to build query strings: AFNetworking's
    /// `setQueryStringSerializationWithBlock:`.
    public func setQueryStringSerialization(_ serialization: @escaping QueryStringSerialization) {
        withState { $0.customSerialization = serialization }
    }

    /// Whether `method`'s parameters go in the URL.
    public func encodesParametersInURI(_ method: HTTPMethod) -> Bool {
        let methods = withState { $0.methodsInURI }
        return methods.contains(method.rawValue.uppercased())
    }

    /// Builds a request: the method, the URL, the set transport properties, then
    /// ``serialize(_:parameters:)``.
    ///
    /// The URL is used as given; it is not parsed or checked.
    ///
    /// - Throws: what ``serialize(_:parameters:)`` throws.
    public func request(method: HTTPMethod, url: String, parameters: QueryValue?) throws -> HTTPRequest {
        try serialize(newRequest(method: method, url: url), parameters: parameters)
    }

    /// Adds the missing default headers and the parameters to `request`.
    ///
    /// - Throws: the custom query-string serialization's error, unchanged.
    public func serialize(_ request: HTTPRequest, parameters: QueryValue?) throws -> HTTPRequest {
        let (configuration, custom, methods) = withState { ($0.configuration, $0.customSerialization, $0.methodsInURI) }
        var result = applyingDefaultHeaders(to: request)
        var query: String?
        if let parameters {
            if let custom {
                query = try custom(request, parameters)
            } else {
                query = QueryStringEncoder(configuration: configuration).encode(parameters)
            }
        }
        if methods.contains(request.method.rawValue.uppercased()) {
            if let query, !query.isEmpty {
                result.url = Self.appendingQuery(query, to: result.url)
            }
        } else {
            if !result.headers.contains("Content-Type") {
                result.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            }
            result.body = .bytes(Array((query ?? "").utf8))
        }
        return result
    }

    /// A request with the method, the URL and the transport properties that were set.
    func newRequest(method: HTTPMethod, url: String) -> HTTPRequest {
        let set = properties
        var request = HTTPRequest(method: method, url: url)
        if let value = set.timeoutInterval { request.properties.timeoutInterval = value }
        if let value = set.cachePolicy { request.properties.cachePolicy = value }
        if let value = set.shouldHandleCookies { request.properties.shouldHandleCookies = value }
        if let value = set.allowsCellularAccess { request.properties.allowsCellularAccess = value }
        if let value = set.shouldUsePipelining { request.properties.shouldUsePipelining = value }
        if let value = set.networkServiceType { request.properties.networkServiceType = value }
        return request
    }

    /// What the body serializers (JSON, property list) share: URI methods go to the query string
    /// through ``serialize(_:parameters:)``; other requests get the default headers and, for
    /// non-`nil` parameters, `contentType` unless they have a `Content-Type` and the bytes of
    /// `body`.
    func serialize(
        _ request: HTTPRequest,
        parameters: QueryValue?,
        contentType: String,
        body: (QueryValue) throws -> [UInt8]
    ) throws -> HTTPRequest {
        if encodesParametersInURI(request.method) {
            return try serialize(request, parameters: parameters)
        }
        var result = applyingDefaultHeaders(to: request)
        guard let parameters else { return result }
        if !result.headers.contains("Content-Type") {
            result.headers.add(name: "Content-Type", value: contentType)
        }
        result.body = .bytes(try body(parameters))
        return result
    }

    /// `request` with every default header it lacks (by case-insensitive name) appended.
    func applyingDefaultHeaders(to request: HTTPRequest) -> HTTPRequest {
        let defaults = httpRequestHeaders
        var result = request
        for field in defaults where !request.headers.contains(field.name) {
            result.headers.add(name: field.name, value: field.value)
        }
        return result
    }

    /// `url` + `?query`, or `&query` when the URL already has a query (a `?` before any `#`).
    static func appendingQuery(_ query: String, to url: String) -> String {
        var hasQuery = false
        for byte in url.utf8 {
            if byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "?") {
                hasQuery = true
                break
            }
        }
        return url + (hasQuery ? "&" : "?") + query
    }
}
