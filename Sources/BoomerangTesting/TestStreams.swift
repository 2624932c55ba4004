import BoomerangExchange
import BoomerangRuntime
import Synchronization

/// A stream that plays back steps given in advance, then ends; it counts its pulls.
package struct ScriptedStream: ResponseBodyStream {
    package var steps: [ResponseBodyStep]
    package var contentLength: Int?
    package let pulls = PullCounter()
    package let wakers: WakerBox?

    package init(_ steps: [ResponseBodyStep], contentLength: Int? = nil, wakers: WakerBox? = nil) {
        self.steps = steps
        self.contentLength = contentLength
        self.wakers = wakers
    }

    package mutating func attach(waker: ConnectionWaker) {
        wakers?.store(waker)
    }

    package mutating func next(now: UInt64) -> ResponseBodyStep {
        pulls.add()
        return steps.isEmpty ? .end() : steps.removeFirst()
    }
}

/// How many times a stream was pulled, readable from the test while the stream is elsewhere.
package final class PullCounter: Sendable {
    private let count = Atomic<Int>(0)
    package init() {}
    package func add() { count.add(1, ordering: .relaxed) }
    package var value: Int { count.load(ordering: .relaxed) }
}

/// Where a stream leaves the waker it was given, for the test to wake it.
package final class WakerBox: Sendable {
    private let waker = Locked<ConnectionWaker?>(nil)
    package init() {}
    package func store(_ newWaker: ConnectionWaker) { waker.withLock { $0 = newWaker } }
    package func wake() { waker.withLock { $0 }?.wake() }
    package var isAttached: Bool { waker.withLock { $0 != nil } }
}

/// An upgrade that echoes bytes; `bye` closes; it asks to be woken 1 s after it starts and says
/// `tick` then.
package struct EchoUpgrade: ConnectionUpgrade {
    package init() {}

    package mutating func start(now: UInt64, waker: ConnectionWaker) -> UpgradeStep {
        UpgradeStep(output: Array("ready\n".utf8), wakeAt: now + 1_000_000_000)
    }

    package mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> UpgradeStep {
        let text = String(decoding: bytes, as: UTF8.self)
        return UpgradeStep(output: Array(bytes), close: text.hasSuffix("bye"))
    }

    package mutating func wake(now: UInt64) -> UpgradeStep {
        UpgradeStep(output: Array("tick\n".utf8))
    }
}
