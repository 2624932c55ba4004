/// The text `HTTPURLResponse.localizedString(forStatusCode:)` gives, from a table of our own so the
/// result does not depend on the platform.
///
/// AFNetworking writes it into its status error: `Request failed: not found (404)` on Darwin. Linux
/// Foundation answers in title case (`Not Found`) and knows more codes; both fall back to the
/// class of the code (`client error`, `Client Error`). ``Style/darwin`` is the default everywhere:
/// it is what AFNetworking users see.
public enum HTTPStatusText {
    /// Which platform's strings to produce.
    public enum Style: Sendable, Hashable {
        /// Darwin Foundation: lower case, the older short list (`no error` for 200).
        case darwin
        /// swift-corelibs-foundation on Linux: title case, the IANA reason phrases.
        case linux
    }

    /// The localized status text for `statusCode` in `style`.
    public static func text(for statusCode: Int, style: Style = .darwin) -> String {
        switch style {
        case .darwin:
            if let text = darwinTable[statusCode] { return text }
            switch statusCode {
            case 100..<200: return "informational"
            case 200..<300: return "success"
            case 300..<400: return "redirected"
            case 400..<500: return "client error"
            default: return "server error"
            }
        case .linux:
            if let text = linuxTable[statusCode] { return text }
            switch statusCode {
            case 100..<200: return "Informational"
            case 200..<300: return "Success"
            case 300..<400: return "Redirection"
            case 400..<500: return "Client Error"
            default: return "Server Error"
            }
        }
    }

    private static let darwinTable: [Int: String] = [
        100: "continue", 101: "switching protocols",
        200: "no error", 201: "created", 202: "accepted", 203: "non-authoritative information",
        204: "no content", 205: "reset content", 206: "partial content",
        300: "multiple choices", 301: "moved permanently", 302: "found", 303: "see other",
        304: "not modified", 305: "needs proxy", 307: "redirected",
        400: "bad request", 401: "unauthorized", 402: "payment required", 403: "forbidden",
        404: "not found", 405: "method not allowed", 406: "unacceptable",
        407: "proxy authentication required", 408: "request timed out", 409: "conflict",
        410: "no longer exists", 411: "length required", 412: "precondition failed",
        413: "request too large", 414: "requested URL too long", 415: "unsupported media type",
        416: "requested range not satisfiable", 417: "expectation failed",
        500: "internal server error", 501: "unimplemented", 502: "bad gateway",
        503: "service unavailable", 504: "gateway timed out", 505: "unsupported version",
    ]

    /// swift-corelibs-foundation's table is the registry's with older names for two codes and
    /// without three (measured with `HTTPURLResponse.localizedString(forStatusCode:)` on Swift 6.3).
    private static let linuxTable: [Int: String] = {
        var table = HTTPStatus.phrases
        table[413] = "Payload Too Large"
        table[422] = "Unprocessable Entity"
        for missing in [103, 418, 425] { table[missing] = nil }
        return table
    }()
}
