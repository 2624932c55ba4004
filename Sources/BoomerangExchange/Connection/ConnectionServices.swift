import BoomerangSerialization

/// What a connection's protocol state machine (HTTP/1.1 or HTTP/2) needs from the server around
/// it, called synchronously on the connection's loop thread: none of it may call back into the
/// state machine.
public protocol ConnectionServices: AnyObject {
    /// The index of the loop that serves the connection.
    var loopIndex: Int { get }
    /// The id of the request with `head`: the client's own when the server takes it, else a new one.
    func requestID(for head: HTTPRequestHead) -> String
    /// The responder for a request whose head is complete, with the name of the route that chose it.
    func responder(for context: RequestContext) -> RoutedResponder
    /// The value of the `Date` header now.
    func dateField() -> [UInt8]
    /// An exchange whose response has been queued in full (the access log).
    func exchangeCompleted(_ exchange: Exchange)
    /// A request that got no regular exchange: refused, timed out or aborted (status 0).
    func requestRefused(remote: String, status: Int, reason: String)
    /// A response is decided for `exchange` (the history records it); `written` is what is
    /// queued for it, starting with its head, when the head is rendered already. Returns the id of
    /// the history's entry (0 when none was made), which ``responseCut(_:sentBytes:cause:)``
    /// amends if the response does not leave whole.
    @discardableResult
    func responseReady(_ exchange: Exchange, _ response: Response, written: [UInt8]?) -> Int
    /// The response recorded by ``responseReady(_:_:written:)`` under `entryID` did not leave
    /// whole: the connection closed for `cause` when `sentBytes` of it (head included) had been sent.
    func responseCut(_ entryID: Int, sentBytes: Int, cause: Exchange.EndCause)
    /// A streamed response ended: sent whole (a fault the response asked for included), or cut
    /// before its end for `cut`; `head` is its head as written. The history records streams here,
    /// with the bytes they sent.
    func streamEnded(_ exchange: Exchange, _ response: Response, head: [UInt8], cut: Exchange.EndCause?)
    /// The queued output has all been sent, `bytes` of it since it was last empty, at least
    /// ``ConnectionThresholds/largeOutputBytes``: large buffers were just freed (the heap
    /// trimmer waits for this, not for the response to be queued).
    func largeOutputSent(_ bytes: Int)
    /// The connection refused a request (a parse error, a timeout); `input` is the read it was
    /// refused in, from where the parser stood, or empty.
    func refused(_ error: ServerError, exchange: Exchange?, input: UnsafeRawBufferPointer, remote: String)
    /// `exchange` ended in its middle, for `cause`: while its body arrived or while its response
    /// was held back.
    func exchangeAborted(_ exchange: Exchange, phase: Exchange.AbortPhase, cause: Exchange.EndCause)
}

/// What both protocol state machines measure the same way.
public enum ConnectionThresholds {
    /// Output at least this large, sent between two moments of empty output, is reported with
    /// ``ConnectionServices/largeOutputSent(_:)``: the heap trimmer's idea of a large exchange.
    public static let largeOutputBytes = 256 << 10
}

extension ConnectionServices {
    public func responseReady(_ exchange: Exchange, _ response: Response, written: [UInt8]?) -> Int { 0 }
    public func responseCut(_ entryID: Int, sentBytes: Int, cause: Exchange.EndCause) {}
    public func largeOutputSent(_ bytes: Int) {}
    public func streamEnded(_ exchange: Exchange, _ response: Response, head: [UInt8], cut: Exchange.EndCause?) {}
    public func refused(_ error: ServerError, exchange: Exchange?, input: UnsafeRawBufferPointer, remote: String) {}
    public func exchangeAborted(_ exchange: Exchange, phase: Exchange.AbortPhase, cause: Exchange.EndCause) {}
}
