import BoomerangSerialization

/// What a WebSocket endpoint does with its connection once the handshake is done: the part that
/// differs between routes, plugged into ``WebSocketSession``, which keeps the protocol (pongs,
/// the closing handshake, errors) for every behaviour.
///
/// Each method receives the session's ``WebSocketOutput`` to fill; all have a default that does
/// nothing. Pings are answered with a pong by the session before ``receivedPing(_:_:)`` is called.
///
/// The routes the anchors serve, read from their sources:
/// - Firewalk (Vapor's websocket-kit) `/websocket`: sends one binary message, the JSON reply of
///   the upgrade request (its `/get` shape), then waits `closeDelay` milliseconds (query, default
///   30) and closes with `closeCode` (query, default 1000) — ``WebSocketPayloadsBehavior`` with
///   count 1.
/// - Firewalk `/websocket/payloads/{count}`: the same binary message `count` times (default 1),
///   then the same delayed close; it closes with 1011 if the reply cannot be built —
///   ``WebSocketPayloadsBehavior``.
/// - Firewalk `/websocket/echo`: echoes each message with its type (text as text, binary as
///   binary) and never closes by itself — ``WebSocketEchoBehavior``.
/// - Firewalk `/websocket/ping/{count}`: answers each ping from the client with a pong and, on
///   the `count`-th ping, closes with 1001 (websocket-kit's default close code) —
///   ``WebSocketPingCountBehavior``. websocket-kit sends that close before the last pong; we
///   send the pong first.
/// - On every Firewalk route websocket-kit replies to a client's close with a close echoing
///   its code, answers pings, and the 101 echoes the first `Sec-WebSocket-Protocol` field.
/// - go-httpbin `/websocket/echo?max_fragment_size=&max_message_size=`: echoes each message with
///   its type, re-fragmented into frames of at most `max_fragment_size` bytes. Both limits
///   default to half of and all of its body limit (512 KiB and 1 MiB), must lie in
///   1...body limit with the fragment limit no larger than the message limit, else 400 before
///   the handshake. A larger frame closes with 1002 in go-httpbin (we send 1009, as RFC 6455
///   §7.4.1 defines it), a larger message with 1009; a client's close gets 1000; the connection
///   ends after its max duration (10 s) — ``WebSocketEchoBehavior`` with
///   ``WebSocketSessionConfiguration/maxSentFragmentBytes``, the parser limits and
///   ``WebSocketSessionConfiguration/maxDurationMilliseconds``.
public protocol WebSocketBehavior: Sendable {
    /// The handshake is done and the session open.
    mutating func sessionStarted(_ output: inout WebSocketOutput)
    /// A complete text or binary message arrived.
    mutating func receivedMessage(_ message: WebSocketMessage, _ output: inout WebSocketOutput)
    /// A ping arrived (already answered with a pong).
    mutating func receivedPing(_ payload: [UInt8], _ output: inout WebSocketOutput)
    /// A pong arrived.
    mutating func receivedPong(_ payload: [UInt8], _ output: inout WebSocketOutput)
    /// The wake-up asked for with ``WebSocketOutput/wakeUp(afterMilliseconds:)`` is due.
    mutating func wakeUpDue(_ output: inout WebSocketOutput)
}

extension WebSocketBehavior {
    public mutating func sessionStarted(_ output: inout WebSocketOutput) {}
    public mutating func receivedMessage(_ message: WebSocketMessage, _ output: inout WebSocketOutput) {}
    public mutating func receivedPing(_ payload: [UInt8], _ output: inout WebSocketOutput) {}
    public mutating func receivedPong(_ payload: [UInt8], _ output: inout WebSocketOutput) {}
    public mutating func wakeUpDue(_ output: inout WebSocketOutput) {}
}
