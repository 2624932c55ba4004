import BoomerangSerialization

/// A response body produced piece by piece while the connection sends it: drips, streams of
/// JSON lines, server-sent events, endless bodies.
///
/// The connection pulls: it calls ``next(now:)`` whenever it can send more (never while its
/// output is above the high-water mark), and again at the time a ``ResponseBodyStep/wait(until:)``
/// names, or earlier when the stream's ``ConnectionWaker`` is woken from any thread. Framing is
/// the connection's job: with a ``contentLength`` the response carries `Content-Length`; without
/// one, HTTP/1.1 gets `Transfer-Encoding: chunked` and HTTP/1.0 a body delimited by the close.
/// The stream is never pulled for HEAD requests or for statuses that have no body.
///
/// ```swift
/// struct Countdown: ResponseBodyStream {
///     var left = 3
///     var contentLength: Int? { nil }
///     mutating func next(now: UInt64) -> ResponseBodyStep {
///         guard left > 0 else { return .end() }
///         left -= 1
///         return .bytes(Array("\(left)\n".utf8))
///     }
/// }
/// var response = Response(status: 200)
/// response.bodyStream = Countdown()
/// ```
///
/// Runs on the connection's loop thread only; it is `Sendable` because a ``Response`` is.
public protocol ResponseBodyStream: Sendable {
    /// The exact body length when it is known in advance (sent as `Content-Length`), nil otherwise.
    ///
    /// A stream that ends short of, or goes past, the length it announced leaves the client with a
    /// broken framing: the connection then closes after the bytes it announced.
    var contentLength: Int? { get }

    /// Called once, before the first ``next(now:)``, with a handle that makes the connection pull
    /// again before a wait is over. The default ignores it.
    mutating func attach(waker: ConnectionWaker)

    /// The next step of the body.
    ///
    /// - Parameter now: the loop's monotonic clock, in nanoseconds.
    /// - Returns: bytes to send (never empty: an empty piece counts as `.wait(until: now)`), a time
    ///   to be asked again, the end, or a transport fault to break the connection with.
    mutating func next(now: UInt64) -> ResponseBodyStep
}

extension ResponseBodyStream {
    /// Ignores the waker: the stream only waits for times it names.
    public mutating func attach(waker: ConnectionWaker) {}
}

/// What a ``ResponseBodyStream`` produces when it is pulled.
public enum ResponseBodyStep: Sendable, Equatable {
    /// Body bytes to send now.
    case bytes([UInt8])
    /// Nothing now: ask again at `until` (monotonic nanoseconds), or only when woken when nil.
    case wait(until: UInt64?)
    /// The body is complete. Trailers are sent only with chunked framing.
    case end(trailers: HTTPHeaders = HTTPHeaders())
    /// Break the connection here, as the fault says.
    case fault(TransportFault)
}
