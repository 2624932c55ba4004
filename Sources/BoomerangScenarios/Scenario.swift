public import BoomerangSerialization

/// One response the server can produce on purpose, with what every response serializer should make
/// of it.
public struct Scenario: Sendable, Hashable, Identifiable {
    /// A stable, readable id: `family-status-contenttype-body` (`json-404-missing-valid`).
    public var id: String
    /// A one-line description.
    public var description: String
    /// The method to fetch it with: GET, or HEAD for the HEAD row.
    public var method: HTTPMethod
    /// The status code.
    public var status: Int
    /// The `Content-Type` value, or `nil` for none.
    public var contentType: String?
    /// The body served (for HEAD, what a GET would carry; the client receives none).
    public var body: ScenarioBody
    /// Further headers (`Location` for 3xx).
    public var extraHeaders: HTTPHeaders
    /// What each serializer configuration gives; one entry per ``ScenarioSerializer`` whose outcome
    /// the catalogue could determine (the catalogue tests require all eight).
    public var expectations: [ScenarioSerializer: ExpectedOutcome]

    /// The path that serves it.
    public var path: String { "/scenarios/" + id }

    /// The body the client receives: none for HEAD and for 204, 304 and 1xx statuses.
    public var receivedBody: ScenarioBody {
        method == .head || status == 204 || status == 304 || (100..<200).contains(status) ? .empty : body
    }

    /// The body kind label as received.
    public var bodyKind: String { method == .head ? "none (HEAD; GET gives \(body.label))" : receivedBody.label }

    /// The header fields served: `Content-Type` when there is one, then ``extraHeaders``.
    public var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        for field in extraHeaders { headers.add(name: field.name, value: field.value) }
        return headers
    }
}
