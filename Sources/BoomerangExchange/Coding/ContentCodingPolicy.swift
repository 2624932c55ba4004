import BoomerangCompression
import BoomerangSerialization
import BoomerangSettings

/// How the server handles content codings on every route: coded request bodies are decoded
/// before a route sees them, and responses are compressed for the client's `Accept-Encoding` when
/// ``compressesResponses`` is on or the request asks with `x-set-response-encoding`.
public struct ContentCodingPolicy: Sendable {
    /// The per-request control: `auto` negotiates from `Accept-Encoding`, a coding name (`gzip`,
    /// `deflate`, `br`, `zstd`, `identity`) forces it; a query parameter or a header.
    public static let controlName = "x-set-response-encoding"

    /// Whether every response is compressed when `Accept-Encoding` allows it (setting
    /// `compress_responses`, off by default so that the echo stays byte-predictable).
    public var compressesResponses: Bool
    /// The most bytes a coded request body may decode to (the buffered-body limit); also at most
    /// 1000 times its coded size once past 1 MiB.
    public var maxDecodedBytes: Int64

    public init(settings: ServerSettings) {
        compressesResponses = settings.compressResponses
        maxDecodedBytes = Int64(settings.maxBufferedBodyBytes)
    }

    /// The decoder limits for one request body.
    public var decompressorConfiguration: DecompressorConfiguration {
        DecompressorConfiguration(maxDecodedBytes: maxDecodedBytes)
    }

    /// The coding the response to `head` gets: `nil` to leave the response alone.
    public func responseCoding(for head: HTTPRequestHead) throws(ServerError) -> ContentCoding? {
        let control = Self.control(head)
        guard compressesResponses || control != nil else { return nil }
        let acceptEncoding = head.headers["Accept-Encoding"]
        guard let control, control.lowercased() != "auto" else {
            return ContentCodingNegotiator().negotiate(acceptEncoding: acceptEncoding) ?? .identity
        }
        guard let coding = ContentCoding(name: control.trimmingSpaces()) else {
            throw ServerError(
                .invalidControl, "\(Self.controlName) must be auto, gzip, deflate, br, zstd or identity", value: control)
        }
        return coding
    }

    /// The control's value from the query (it wins) or the headers.
    public static func control(_ head: HTTPRequestHead) -> String? {
        if let query = head.query, query.contains(controlName),
            let pairs = try? QueryStringDecoder(decodesPlusAsSpace: true, percentMode: .lenient).pairs(String(query)),
            let pair = pairs.last(where: { $0.name == controlName })
        {
            return pair.value?.leafText ?? ""
        }
        return head.headers[controlName]
    }
}
