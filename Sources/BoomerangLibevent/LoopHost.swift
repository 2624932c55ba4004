import BoomerangExchange
import BoomerangHTTP1
import BoomerangHTTP2Wire
import Logging

/// What the event loops need from the server they carry: the HTTP/1.1 configuration, the services
/// each loop's connections call, the connection cap and a log. The transport knows no router,
/// history or metrics; the server behind this does.
public protocol LoopHost: Sendable {
    /// The configuration of every connection's state machine.
    var connectionConfiguration: ConnectionConfiguration { get }
    /// The most connections open at once, over every loop.
    var connectionBudget: ConnectionBudget { get }
    /// Where the loops say what went wrong.
    var log: Logger { get }
    /// The services the connections of loop `index` call, made once on that loop.
    func services(forLoop index: Int) -> any LoopServicing
    /// A connection was accepted.
    func connectionOpened()
    /// The configuration of HTTP/2 connections; nil when no listener speaks HTTP/2.
    var http2Configuration: HTTP2Configuration? { get }
    /// Whether a plain connection that opens with the HTTP/2 preface speaks HTTP/2 (h2c with
    /// prior knowledge).
    var acceptsPriorKnowledge: Bool { get }
}

extension LoopHost {
    public var http2Configuration: HTTP2Configuration? { nil }
    public var acceptsPriorKnowledge: Bool { false }
}

/// The services of one loop's connections, with the loop's own periodic work.
public protocol LoopServicing: ConnectionServices {
    /// The loop's housekeeping, four times a second (`now` in milliseconds of the monotonic clock).
    func housekeep(now: UInt64)
    /// The loop is ending: whatever waits to be written is written.
    func flush()
    /// A TLS handshake from `remote` ended unfinished.
    func handshakeFailed(_ failure: HandshakeFailure, remote: String)
}

extension LoopServicing {
    public func handshakeFailed(_ failure: HandshakeFailure, remote: String) {}
}
