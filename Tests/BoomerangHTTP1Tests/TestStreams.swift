import BoomerangExchange
import BoomerangTesting

/// An endless stream of `pieceSize`-byte pieces.
struct EndlessStream: ResponseBodyStream {
    let pieceSize: Int
    let pulls = PullCounter()
    var contentLength: Int? { nil }

    mutating func next(now: UInt64) -> ResponseBodyStep {
        pulls.add()
        return .bytes(Array(repeating: 0x7A, count: pieceSize))
    }
}

extension Array where Element == UInt8 {
    init(_ text: String) { self = Array(text.utf8) }
}
