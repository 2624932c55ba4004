import BoomerangRuntime

/// A credential made on first use, once, on whichever thread asks first (a scenario's RSA 4096
/// key takes a second to make): policies hold one so that listeners can exist before their
/// certificates do. A load that fails is not tried again.
public final class DeferredCredential: Sendable {
    private let load: @Sendable () throws(TLSError) -> TLSCredential
    private let state = Locked<State>(.pending)

    private enum State {
        case pending
        case loaded(TLSCredential)
        case failed(TLSError)
    }

    /// A credential `load` makes when it is first needed.
    public init(_ load: @escaping @Sendable () throws(TLSError) -> TLSCredential) {
        self.load = load
    }

    /// A credential there already.
    public init(_ credential: TLSCredential) {
        load = { credential }
        state.withLock { $0 = .loaded(credential) }
    }

    /// The credential, made now if it was not yet.
    public func value() throws(TLSError) -> TLSCredential {
        // Made under the lock: a second thread waits for the first one's key rather than making its own.
        let result: Result<TLSCredential, TLSError> = state.withLock { state in
            switch state {
            case .loaded(let credential): return .success(credential)
            case .failed(let error): return .failure(error)
            case .pending:
                do throws(TLSError) {
                    let credential = try load()
                    state = .loaded(credential)
                    return .success(credential)
                } catch {
                    state = .failed(error)
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}
