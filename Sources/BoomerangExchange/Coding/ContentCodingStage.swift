import BoomerangCompression
import BoomerangSerialization

/// The content codings around every route but the admin API's: decodes a request body sent with
/// `Content-Encoding` (gzip, deflate, br, zstd, several in a row) as it streams, under the
/// decompression-bomb limits, and compresses the response for the client when the policy says so.
/// Part of the ``RoutedResponder`` the connection drives.
///
/// A body that cannot be decoded never reaches the route: the answer is 415 for a body in a coding the
/// server does not know (with `Accept-Encoding` listing those it does), 413 for a body that
/// decodes past the limit (refused as soon as it crosses it, never inflated whole), 400 for
/// corrupt or truncated data.
public struct ContentCodingStage {
    private let policy: ContentCodingPolicy
    private let decompressor: Decompressor?
    private var failure: ServerError?
    /// A `Content-Encoding` the decoder refused: an error only once a body byte arrives, so that a
    /// label on a request without a body is harmless.
    private var refusedCoding: ServerError?

    /// Whether a stage has anything to do for `head`: a `Content-Encoding` on the request, or the
    /// setting or the request's control asking for a compressed response. Asked before making
    /// one, so that most requests (a GET without either) cost two look-ups and nothing else.
    public static func isNeeded(for head: borrowing HTTPRequestHead, policy: ContentCodingPolicy) -> Bool {
        policy.compressesResponses || head.headers.contains("Content-Encoding") || ContentCodingPolicy.control(head) != nil
    }

    /// `nil` when there is nothing to do: no `Content-Encoding` on the request, and neither the
    /// setting nor the request's control asks for a compressed response.
    public init?(head: borrowing HTTPRequestHead, decodesRequestBody: Bool, policy: ContentCodingPolicy) {
        guard Self.isNeeded(for: head, policy: policy) else { return nil }
        let contentEncoding = head.headers["Content-Encoding"]
        self.policy = policy
        var decompressor: Decompressor?
        if let encoding = contentEncoding, decodesRequestBody {
            do {
                let made = try Decompressor(contentEncoding: encoding, configuration: policy.decompressorConfiguration)
                if !made.codings.isEmpty { decompressor = made }
            } catch {
                refusedCoding = Self.serverError(error)
            }
        }
        self.decompressor = decompressor
    }

    /// Hands the next body bytes, decoded, to `inner`.
    public mutating func receive(_ bytes: UnsafeRawBufferPointer, into inner: inout any Responder) {
        if let refusedCoding, !bytes.isEmpty { failure = refusedCoding }
        guard failure == nil else { return }
        guard let decompressor else { return inner.receive(bytes) }
        do {
            try decompressor.decompress(bytes) { piece in inner.receive(piece) }
        } catch let error as CompressionError {
            failure = Self.serverError(error)
        } catch {
            failure = ServerError(.invalidCodedBody, "the coded body could not be decoded: \(error)")
        }
    }

    /// The body is complete: throws what refused it, if anything did.
    public mutating func finishBody() throws(ServerError) {
        if failure == nil, let decompressor {
            do {
                try decompressor.finish()
            } catch let error as CompressionError {
                failure = Self.serverError(error)
            } catch {
                failure = ServerError(.invalidCodedBody, "the coded body could not be decoded: \(error)")
            }
        }
        if let failure { throw failure }
    }

    /// Compresses the response to `head` with the coding the policy picks, unless it has a coding
    /// already, no body, a partial body (206), a fault or an upgrade.
    public func compress(_ response: inout Response, for head: HTTPRequestHead) throws(ServerError) {
        guard let coding = try policy.responseCoding(for: head) else { return }
        guard response.fault == nil, response.upgrade == nil, response.status != 206,
            Response.allowsBody(status: response.status), response.headers["Content-Encoding"] == nil
        else { return }
        response.headers.add(name: "Vary", value: "Accept-Encoding")
        guard coding != .identity else { return }
        if let stream = response.bodyStream {
            response.bodyStream = CompressingStream(inner: stream, coding: coding)
        } else {
            guard !response.body.isEmpty else { return }
            do {
                response.body = try Compressor.compress(response.body, coding: coding)
                response.bodyReplay = nil
            } catch {
                throw ServerError(.compressionFailed, "the response could not be compressed with \(coding): \(error)")
            }
        }
        response.headers.add(name: "Content-Encoding", value: coding.name)
    }

    /// The answer to a `Content-Encoding` or coded body the decoder refused.
    public static func serverError(_ error: CompressionError) -> ServerError {
        let offset = Int(clamping: error.offset)
        let coding = error.coding.map { " (\($0.name))" } ?? ""
        switch error.code {
        case .unsupportedCoding:
            return ServerError(
                .unsupportedContentEncoding, "Content-Encoding \(error.value) is not one of gzip, deflate, br, zstd, identity",
                value: error.value, offset: offset, headers: ["Accept-Encoding": "gzip, deflate, br, zstd"])
        case .tooManyCodings:
            return ServerError(
                .invalidContentEncoding, "Content-Encoding lists more than \(error.limit ?? 0) codings", value: error.value,
                offset: offset)
        case .decodedBodyTooLarge:
            return ServerError(
                .decodedBodyTooLarge,
                "the body decodes\(coding) to more than \(error.limit ?? 0) bytes (max_buffered_body_bytes); refused after \(error.offset) coded bytes",
                value: error.code.rawValue, offset: offset)
        case .expansionRatioTooHigh:
            return ServerError(
                .decodedBodyTooLarge,
                "the body expands\(coding) more than \(error.limit ?? 0) times its coded size (a decompression bomb); refused after \(error.offset) coded bytes",
                value: error.code.rawValue, offset: offset)
        case .libraryFailure:
            return ServerError(.compressionFailed, "the decoder failed\(coding): \(error.value)", value: error.value, offset: offset)
        default:
            return ServerError(
                .invalidCodedBody, "the body is not valid\(coding) data: \(error.code)\(error.value.isEmpty ? "" : " (\(error.value))")",
                value: error.code.rawValue, offset: offset)
        }
    }
}

extension ServerError.Code {
    /// A request `Content-Encoding` names a coding the server cannot decode.
    public static let unsupportedContentEncoding = ServerError.Code("unsupportedContentEncoding", status: 415)
    /// A request `Content-Encoding` the server refuses (too many codings).
    public static let invalidContentEncoding = ServerError.Code("invalidContentEncoding", status: 400)
    /// A coded request body that is corrupt, truncated, or followed by stray bytes.
    public static let invalidCodedBody = ServerError.Code("invalidCodedBody", status: 400)
    /// A coded request body that decodes past the limit (a decompression bomb).
    public static let decodedBodyTooLarge = ServerError.Code("decodedBodyTooLarge", status: 413)
    /// A coding library failed for a reason other than the data.
    public static let compressionFailed = ServerError.Code("compressionFailed", status: 500)
}
