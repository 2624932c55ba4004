import BoomerangSerialization
import BoomerangWire

/// What feeding bytes to a ``WebSocketMessageReader`` produced.
struct WebSocketRun: Equatable {
    var messages: [WebSocketMessage] = []
    var error: WebSocketProtocolError?
}

extension WebSocketMessageReader {
    /// Feeds `bytes` in pieces the way a connection does (each piece consumed whole, since the
    /// reader keeps its own partial state) and collects every message until the first error.
    static func run(
        _ bytes: [UInt8],
        configuration: WebSocketParserConfiguration = .init(),
        feed: Feed = .whole,
        finishing: Bool = false
    ) -> WebSocketRun {
        var reader = WebSocketMessageReader(configuration: configuration)
        var run = WebSocketRun()
        do {
            for piece in feed.pieces(of: bytes) {
                let pieceBytes = Array(piece)
                var start = 0
                while true {
                    let (message, consumed) = try pieceBytes.withUnsafeBytes { whole in
                        try reader.read(UnsafeRawBufferPointer(rebasing: whole[start...]))
                    }
                    precondition(consumed <= pieceBytes.count - start)
                    start += consumed
                    guard let message else { break }
                    run.messages.append(message)
                }
                precondition(start == pieceBytes.count, "the reader left bytes unconsumed")
            }
            if finishing { try reader.finish() }
        } catch {
            run.error = error as? WebSocketProtocolError
        }
        return run
    }
}

extension WebSocketFrameParser {
    /// Every event of the parser for `bytes` fed in pieces, payload pieces joined per frame, and
    /// the error that stopped it.
    static func events(
        _ bytes: [UInt8],
        configuration: WebSocketParserConfiguration = .init(),
        feed: Feed = .whole
    ) -> (frames: [(header: WebSocketFrameHeader, offset: Int, payload: [UInt8])], error: WebSocketProtocolError?) {
        var parser = WebSocketFrameParser(configuration: configuration)
        var frames: [(header: WebSocketFrameHeader, offset: Int, payload: [UInt8])] = []
        var expectedPayloadOffset = 0
        do {
            for piece in feed.pieces(of: bytes) {
                let pieceBytes = Array(piece)
                var start = 0
                while true {
                    let (event, consumed) = try pieceBytes.withUnsafeBytes { whole in
                        try parser.parse(UnsafeRawBufferPointer(rebasing: whole[start...]))
                    }
                    start += consumed
                    guard let event else { break }
                    switch event {
                    case .head(let header, let offset):
                        frames.append((header, offset, []))
                        expectedPayloadOffset = offset + header.encodedLength
                    case .payload(let bytes, let offset):
                        precondition(offset == expectedPayloadOffset, "payload offset \(offset), expected \(expectedPayloadOffset)")
                        precondition(!bytes.isEmpty, "an empty payload event")
                        expectedPayloadOffset += bytes.count
                        frames[frames.count - 1].payload += bytes
                    case .end:
                        precondition(frames.last.map { $0.payload.count == $0.header.payloadLength } ?? false)
                    }
                }
            }
        } catch {
            return (frames, error as? WebSocketProtocolError)
        }
        return (frames, nil)
    }
}

/// Bytes of a frame written by hand, so that tests can break any rule the writer keeps.
func rawFrame(
    _ first: UInt8,
    lengthByte: UInt8? = nil,
    extendedLength: [UInt8] = [],
    key: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D],
    payload: [UInt8] = []
) -> [UInt8] {
    let maskBit: UInt8 = key == nil ? 0 : 0x80
    var bytes = [first, maskBit | (lengthByte ?? UInt8(payload.count))] + extendedLength
    var body = payload
    if let key {
        bytes += key
        for index in body.indices { body[index] ^= key[index % 4] }
    }
    return bytes + body
}

/// A masked client frame written by the core's writer with a fixed key.
func clientFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
    WebSocketFrameWriter.frame(opcode, payload: payload, fin: fin, maskingKey: WebSocketMaskingKey(0x37, 0xFA, 0x21, 0x3D))
}

/// A masked client text frame.
func clientText(_ text: String, fin: Bool = true) -> [UInt8] {
    clientFrame(.text, Array(text.utf8), fin: fin)
}
