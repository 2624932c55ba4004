import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization
import Synchronization

@testable import BoomerangEcho
@testable import BoomerangServer

/// A stream that plays back steps given in advance, then ends; it counts its pulls.
struct ScriptedStream: ResponseBodyStream {
    var steps: [ResponseBodyStep]
    var contentLength: Int?
    let pulls = PullCounter()
    let wakers: WakerBox?

    init(_ steps: [ResponseBodyStep], contentLength: Int? = nil, wakers: WakerBox? = nil) {
        self.steps = steps
        self.contentLength = contentLength
        self.wakers = wakers
    }

    mutating func attach(waker: ConnectionWaker) {
        wakers?.store(waker)
    }

    mutating func next(now: UInt64) -> ResponseBodyStep {
        pulls.add()
        return steps.isEmpty ? .end() : steps.removeFirst()
    }
}

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

final class PullCounter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// Where a stream leaves the waker it was given, for the test to wake it.
final class WakerBox: Sendable {
    private let waker = Locked<ConnectionWaker?>(nil)
    func store(_ newWaker: ConnectionWaker) { waker.withLock { $0 = newWaker } }
    func wake() { waker.withLock { $0 }?.wake() }
    var isAttached: Bool { waker.withLock { $0 != nil } }
}

extension Array where Element == UInt8 {
    init(_ text: String) { self = Array(text.utf8) }
}
