import BoomerangRuntime
import Dispatch

/// Runs async work from a synchronous command and waits for it.
///
/// The root command stays synchronous so that `boomerang serve` — the server — never starts Swift
/// concurrency's dispatch-driven async main (which also keeps it runnable under valgrind); only
/// `send` and `healthcheck`, which use URLSession's async API, block here on their task.
func runBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = Locked<Result<Value, any Error>?>(nil)
    let finished = DispatchSemaphore(value: 0)
    Task {
        let result: Result<Value, any Error>
        do {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
        finished.signal()
    }
    finished.wait()
    return try outcome.withLock { $0! }.get()
}
