import BoomerangRuntime

/// A credential made on first use, once (a scenario's RSA 4096 key takes a second to make):
/// policies hold one so that listeners can exist before their certificates do. A load that fails
/// is not tried again.
///
/// A thread that may wait asks with ``value()``; an event loop, which must not, asks with
/// ``finished`` and, while that is nil, ``notify(when:)``, which has the credential made on a
/// thread of its own.
public final class DeferredCredential: Sendable {
    private let load: @Sendable () throws(TLSError) -> TLSCredential
    private let runInBackground: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let state = Locked<State>(.pending(waiters: [], isLoading: false))
    /// Held while `load` runs: a second caller of ``value()`` waits for the first one's key rather
    /// than making its own.
    private let loading = Locked<Void>(())

    private enum State {
        case pending(waiters: [@Sendable () -> Void], isLoading: Bool)
        case loaded(TLSCredential)
        case failed(TLSError)
    }

    /// A credential `load` makes when it is first needed; `runInBackground` runs a closure on a
    /// new thread, for ``notify(when:)``.
    public init(
        _ load: @escaping @Sendable () throws(TLSError) -> TLSCredential,
        runInBackground: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
    ) {
        self.load = load
        self.runInBackground = runInBackground
    }

    /// A credential there already.
    public init(_ credential: TLSCredential) {
        load = { credential }
        runInBackground = { $0() }
        state.withLock { $0 = .loaded(credential) }
    }

    /// The credential, or why it could not be made; nil while it is still to be made.
    public var finished: Result<TLSCredential, TLSError>? {
        state.withLock { state in
            switch state {
            case .loaded(let credential): .success(credential)
            case .failed(let error): .failure(error)
            case .pending: nil
            }
        }
    }

    /// The credential, made now on the calling thread if it was not yet.
    public func value() throws(TLSError) -> TLSCredential {
        if let finished { return try finished.get() }
        let result: Result<TLSCredential, TLSError> = loading.withLock { _ in
            if let finished { return finished }
            let outcome: Result<TLSCredential, TLSError>
            do throws(TLSError) {
                outcome = .success(try load())
            } catch {
                outcome = .failure(error)
            }
            let waiters = state.withLock { state in
                guard case .pending(let waiters, _) = state else { return [@Sendable () -> Void]() }
                switch outcome {
                case .success(let credential): state = .loaded(credential)
                case .failure(let error): state = .failed(error)
                }
                return waiters
            }
            waiters.forEach { $0() }
            return outcome
        }
        return try result.get()
    }

    /// Calls `ready` once the credential is made or has failed, on the thread that made it, and
    /// has it made on a thread of its own unless one is at it already.
    ///
    /// - Returns: false, without keeping `ready`, when the credential is already made or failed.
    public func notify(when ready: @escaping @Sendable () -> Void) -> Bool {
        let startsLoading: Bool? = state.withLock { state in
            guard case .pending(var waiters, let isLoading) = state else { return nil }
            waiters.append(ready)
            state = .pending(waiters: waiters, isLoading: true)
            return !isLoading
        }
        guard let startsLoading else { return false }
        if startsLoading {
            runInBackground { [self] in _ = try? value() }
        }
        return true
    }
}
