import BoomerangSerialization

/// A ``WebSocketFrameParser`` and a ``WebSocketMessageAssembler`` together: bytes in, complete
/// messages and control frames out, with every check of both.
///
/// ```swift
/// var reader = WebSocketMessageReader()
/// var pending = received[...]
/// while true {
///     let (message, consumed) = try pending.withUnsafeBytes { try reader.read($0) }
///     pending = pending.dropFirst(consumed)
///     guard let message else { break }        // all consumed: wait for more bytes
///     // handle message
/// }
/// ```
public struct WebSocketMessageReader: Sendable {
    /// The frame parser.
    public private(set) var parser: WebSocketFrameParser
    /// The message assembler.
    public private(set) var assembler: WebSocketMessageAssembler

    /// Creates a reader waiting for the first frame.
    public init(configuration: WebSocketParserConfiguration = .init()) {
        parser = WebSocketFrameParser(configuration: configuration)
        assembler = WebSocketMessageAssembler(configuration: configuration)
    }

    /// Reads from the start of `input` until a message is complete or `input` is used up.
    ///
    /// - Returns: the message, if one completed, and how many bytes of `input` were consumed.
    ///   A nil message means all of `input` was consumed; call again with the rest otherwise.
    /// - Throws: ``WebSocketProtocolError`` from either stage.
    public mutating func read(_ input: UnsafeRawBufferPointer) throws(WebSocketProtocolError) -> (message: WebSocketMessage?, consumed: Int) {
        var position = 0
        while true {
            let (event, consumed) = try parser.parse(UnsafeRawBufferPointer(rebasing: input[position...]))
            position += consumed
            guard let event else { return (nil, position) }
            if let message = try assembler.receive(event) {
                return (message, position)
            }
        }
    }

    /// Tells the reader that the peer closed its side.
    ///
    /// - Throws: ``WebSocketProtocolError/Code/truncatedStream`` when a frame or a fragmented
    ///   message was in progress, or the earlier error.
    public mutating func finish() throws(WebSocketProtocolError) {
        try parser.finish()
        try assembler.finish(at: parser.consumedBytes)
    }
}
