import BoomerangExchange
import BoomerangSerialization

/// A body known in full, sent as a stream: in pieces of `pieceSize` bytes `pause` apart (the first
/// at once), then trailers. With `announcesLength` it keeps `Content-Length`; otherwise it is sent
/// chunked, which trailers need.
package struct FixedBodyStream: ResponseBodyStream {
    private var paced: PacedBodyProducer
    private let trailers: HTTPHeaders

    package init(
        body: [UInt8], pieceSize: Int = 64 * 1024, pauseNanoseconds: UInt64 = 0, announcesLength: Bool = false,
        trailers: HTTPHeaders = HTTPHeaders()
    ) {
        let size = max(1, pieceSize)
        let count = (body.count + size - 1) / size
        paced = PacedBodyProducer(
            count: count, pauseNanoseconds: pauseNanoseconds, contentLength: announcesLength ? body.count : nil
        ) { index, _ in
            Array(body[(index * size)..<min(body.count, (index + 1) * size)])
        }
        self.trailers = trailers
    }

    package var contentLength: Int? { paced.contentLength }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        let step = paced.next(now: now)
        if case .end = step { return .end(trailers: trailers) }
        return step
    }
}
