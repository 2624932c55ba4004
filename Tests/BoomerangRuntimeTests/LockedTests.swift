import BoomerangRuntime
import Dispatch
import Testing

@Suite struct LockedTests {
    struct Refused: Error, Equatable {
        let value: Int
    }

    /// Eight threads adding at once lose no addition (each `+=` is a read and a write, so without
    /// mutual exclusion some would be lost); under `make sanitize-thread` this is also the case
    /// that `Synchronization.Mutex` got false race reports for.
    @Test func concurrentUpdatesAreNotLost() {
        let total = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 { total.withLock { $0 += 1 } }
        }
        #expect(total.withLock { $0 } == 160_000)
    }

    /// Appends from four threads to one array all land, each thread's in its own order: an array
    /// appended to without exclusion loses elements or crashes as it grows.
    @Test func updatesOfAValueThatIsNotSendableStayWhole() {
        let log = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for step in 0..<1_000 { log.withLock { $0.append(worker * 1_000 + step) } }
        }
        let entries = log.withLock { $0 }
        #expect(entries.count == 4_000)
        #expect(Set(entries).count == 4_000)
        for worker in 0..<4 {
            let own = entries.filter { $0 / 1_000 == worker }
            #expect(own == own.sorted(), "worker \(worker)'s steps in its order")
        }
    }

    /// A body that throws leaves the lock free and its changes made, and the error comes out typed.
    @Test func aThrowingBodyReleasesTheLock() {
        let value = Locked(1)
        #expect(throws: Refused(value: 2)) {
            try value.withLock { (number: inout Int) throws(Refused) in
                number += 1
                throw Refused(value: number)
            }
        }
        #expect(value.withLock { $0 } == 2)
    }
}
