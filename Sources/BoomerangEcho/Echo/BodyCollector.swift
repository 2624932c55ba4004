import BoomerangSerialization
import Crypto

/// The body sink an echo picks when the head is complete, from the request's `Content-Type`.
///
/// Multipart bodies go through the core's streaming parser part by part (which hashes the whole
/// body beside the parts); every other body is counted, SHA-256 hashed and kept in memory only up
/// to a limit. Memory is bounded by the limits,
/// never by the body size.
package struct BodyCollector {
    /// How the body is taken apart.
    package enum Kind: Equatable {
        case none
        case urlencoded
        case json
        case propertyList
        case xml
        case multipart
        case other
    }

    package let kind: Kind
    package let contentType: String?
    /// The codings undone before the body reached the collector, as listed in `Content-Encoding`
    /// (without `identity`); empty when the body arrived as it is.
    package let decodedCodings: [String]
    /// The `charset` parameter of the Content-Type, lower-cased.
    package let charset: String?
    package private(set) var size: Int64 = 0
    private var hasher = SHA256()
    package private(set) var buffer: [UInt8] = []
    package private(set) var truncated = false
    private let bufferLimit: Int
    package private(set) var multipart: MultipartCollector?
    package private(set) var multipartSetupError: MultipartParserError?
    /// The body's length when `Content-Length` says it and no content coding changes it.
    private let expectedBodyBytes: Int64?

    /// Why a `multipart/…` body did not parse: its `Content-Type` (no or a bad boundary) or the
    /// body itself (the first error; the parser stops there). Valid after ``finish()``.
    package var multipartFailure: MultipartParserError? { multipartSetupError ?? multipart?.error }

    package init(head: HTTPRequestHead, configuration: EchoConfiguration) {
        contentType = head.headers["Content-Type"]
        decodedCodings = (head.headers["Content-Encoding"] ?? "").split(separator: ",")
            .map { String($0).trimmingSpaces().lowercased() }.filter { !$0.isEmpty && $0 != "identity" }
        bufferLimit = configuration.maxBufferedBodyBytes
        if case .contentLength(let length) = head.framing, decodedCodings.isEmpty {
            expectedBodyBytes = length
        } else {
            expectedBodyBytes = nil
        }
        let parsed = contentType.map(ResponseValue.parseContentType)
        let mediaType = parsed?.mimeType ?? ""
        charset = parsed?.charset
        switch mediaType {
        case "application/x-www-form-urlencoded":
            kind = .urlencoded
        case "application/json", "text/json", "text/javascript":
            kind = .json
        case "application/x-plist", "application/x-bplist", "application/plist":
            kind = .propertyList
        case "application/xml", "text/xml":
            kind = .xml
        case _ where mediaType.hasPrefix("multipart/"):
            do {
                multipart = try MultipartCollector(
                    contentType: contentType ?? "", configuration: configuration, expectedBodyBytes: expectedBodyBytes)
                kind = .multipart
            } catch {
                multipartSetupError = error
                kind = .other
            }
        case _ where mediaType.hasSuffix("+json"):
            kind = .json
        case _ where mediaType.hasSuffix("+xml"):
            kind = .xml
        default:
            kind = head.framing == .none ? .none : .other
        }
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        size += Int64(bytes.count)
        if kind == .multipart {
            multipart?.receive(bytes)
            return
        }
        if kind != .none { hasher.update(bufferPointer: bytes) }
        if buffer.capacity == 0, let expectedBodyBytes {
            buffer.reserveCapacity(Int(clamping: min(expectedBodyBytes, Int64(bufferLimit))))
        }
        let room = bufferLimit - buffer.count
        if room >= bytes.count {
            buffer.append(contentsOf: bytes)
        } else {
            if room > 0 { buffer.append(contentsOf: bytes.prefix(room)) }
            truncated = true
        }
    }

    /// The body bytes kept to be echoed: the buffer, or the inline parts of a multipart body.
    package var keptBytes: Int {
        kind == .multipart ? multipart?.inlineBytes ?? 0 : buffer.count
    }

    /// Ends the body; the hash of the whole body as lowercase hex (none without a body).
    package mutating func finish() -> String? {
        if kind == .none { return nil }
        if kind == .multipart, multipart != nil {
            multipart!.finish()
            return multipart!.bodySHA256()
        }
        return Hex.lowercase(hasher.finalize())
    }
}
