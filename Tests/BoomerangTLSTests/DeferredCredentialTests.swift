import BoomerangRuntime
import BoomerangTLS
import Foundation
import Testing

/// A scenario's credential as an event loop asks for it: never made on the asking thread, made
/// once on a thread of its own, and every waiter told.
@Suite struct DeferredCredentialTests {
    /// A load that waits for the test to let it go, and counts its runs.
    final class GatedLoad: Sendable {
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let runs = Locked(0)
        let threads = Locked<[String]>([])

        func load() throws(TLSError) -> TLSCredential {
            runs.withLock { $0 += 1 }
            threads.withLock { $0.append(Thread.isMainThread ? "main" : "\(pthread_self())") }
            started.signal()
            gate.wait()
            throw TLSError(.invalidCredential, "gated", detail: "no key in this test")
        }
    }

    @Test func notifyHasItMadeElsewhereAndCallsEveryWaiterOnce() throws {
        let load = GatedLoad()
        let credential = DeferredCredential({ () throws(TLSError) in try load.load() }, runInBackground: { Thread.detachNewThread($0) })
        let calls = Locked(0)
        let called = DispatchSemaphore(value: 0)
        let waiter: @Sendable () -> Void = {
            calls.withLock { $0 += 1 }
            called.signal()
        }
        let asker = "\(pthread_self())"
        #expect(credential.finished == nil)
        #expect(credential.notify(when: waiter))
        #expect(credential.notify(when: waiter))
        // The asking thread returned at once; the load runs on another.
        #expect(load.started.wait(timeout: .now() + 10) == .success)
        #expect(credential.finished == nil)
        #expect(calls.withLock { $0 } == 0)
        load.gate.signal()
        #expect(called.wait(timeout: .now() + 10) == .success)
        #expect(called.wait(timeout: .now() + 10) == .success)
        #expect(credential.finished != nil)
        #expect(load.runs.withLock { $0 } == 1)
        #expect(load.threads.withLock { $0 } != [asker])
        // Made (here: failed for good): nothing to wait for, and the load is not run again.
        #expect(!credential.notify(when: waiter))
        #expect(throws: TLSError.self) { try credential.value() }
        #expect(load.runs.withLock { $0 } == 1)
        #expect(calls.withLock { $0 } == 2)
    }

    /// A thread that may wait (the start-up thread that prepares every scenario) waits for the
    /// load already under way instead of running its own.
    @Test func valueWaitsForALoadUnderWay() throws {
        let load = GatedLoad()
        let credential = DeferredCredential({ () throws(TLSError) in try load.load() }, runInBackground: { Thread.detachNewThread($0) })
        #expect(credential.notify {})
        #expect(load.started.wait(timeout: .now() + 10) == .success)
        let waited = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? credential.value()
            waited.signal()
        }
        #expect(waited.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(load.runs.withLock { $0 } == 1)
        load.gate.signal()
        #expect(waited.wait(timeout: .now() + 10) == .success)
        #expect(load.runs.withLock { $0 } == 1)
    }
}
