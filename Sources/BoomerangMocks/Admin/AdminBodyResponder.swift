import BoomerangExchange
import BoomerangSerialization

/// Collects a small admin request body (a request pattern), then answers from it.
package struct AdminBodyResponder: Responder {
    /// The largest body accepted.
    package static let maxBodyBytes = 1 << 20

    private var body: [UInt8] = []
    private var tooLarge = false
    private let answer: @Sendable ([UInt8]) throws(ServerError) -> Response

    package init(answer: @escaping @Sendable ([UInt8]) throws(ServerError) -> Response) {
        self.answer = answer
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        guard !tooLarge else { return }
        if body.count + bytes.count > Self.maxBodyBytes {
            tooLarge = true
            body = []
        } else {
            body.append(contentsOf: bytes)
        }
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        guard !tooLarge else {
            throw ServerError(.adminBodyTooLarge, "an admin request body may hold at most \(Self.maxBodyBytes) bytes")
        }
        return try answer(body)
    }
}

extension ServerError.Code {
    /// An admin request body over ``AdminBodyResponder/maxBodyBytes``.
    public static let adminBodyTooLarge = Self("adminBodyTooLarge", status: 413)
}
