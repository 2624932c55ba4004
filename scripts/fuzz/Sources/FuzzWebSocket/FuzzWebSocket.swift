import BoomerangSerialization
import BoomerangWire

/// One libFuzzer input: the bytes a client sends after the handshake.
///
/// Properties checked (a broken one traps, and libFuzzer saves the input):
/// - reading the input whole and one byte at a time gives the same messages and the same error;
/// - every message read, written again as a masked client frame, reads back unchanged;
/// - an echo session fed the input writes only frames a client reads without error, and never
///   writes after asking to close.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let configuration = WebSocketParserConfiguration(maxFrameBytes: 2048, maxMessageBytes: 4096)

    let whole = read([input[...]], configuration)
    let bytewise = read(input.indices.map { input[$0...$0] }, configuration)
    precondition(whole.messages == bytewise.messages, "byte-by-byte reading differs")
    precondition(whole.error == bytewise.error, "byte-by-byte error differs")

    for message in whole.messages {
        let bytes = frame(message)
        let again = read([bytes[...]], configuration)
        precondition(again.error == nil && again.messages == [message], "round trip differs")
    }

    var session = WebSocketSession(
        behavior: WebSocketEchoBehavior(),
        configuration: WebSocketSessionConfiguration(parser: configuration, maxSentFragmentBytes: 100)
    )
    var written: [UInt8] = []
    var closed = false
    var actions = session.start(now: 0)
    let half = input.count / 2
    actions += session.receive(Array(input[..<half]), now: 1)
    actions += session.receive(Array(input[half...]), now: 2)
    actions += session.advance(to: 10_000)
    actions += session.receiveEndOfStream()
    for action in actions {
        precondition(!closed, "an action after closeConnection")
        switch action {
        case .write(let bytes): written += bytes
        case .closeConnection: closed = true
        }
    }
    let client = read([written[...]], WebSocketParserConfiguration(role: .client, maxFrameBytes: 1 << 20, maxMessageBytes: 1 << 22))
    precondition(client.error == nil, "the session wrote frames a client refuses")
    return 0
}

private func read(_ pieces: [ArraySlice<UInt8>], _ configuration: WebSocketParserConfiguration) -> (messages: [WebSocketMessage], error: WebSocketProtocolError?) {
    var reader = WebSocketMessageReader(configuration: configuration)
    var messages: [WebSocketMessage] = []
    do {
        for piece in pieces {
            let bytes = Array(piece)
            var start = 0
            while true {
                let (message, consumed) = try bytes.withUnsafeBytes { whole in
                    try reader.read(UnsafeRawBufferPointer(rebasing: whole[start...]))
                }
                start += consumed
                guard let message else { break }
                messages.append(message)
            }
            precondition(start == bytes.count, "bytes left unconsumed")
        }
    } catch {
        return (messages, error as? WebSocketProtocolError)
    }
    return (messages, nil)
}

private func frame(_ message: WebSocketMessage) -> [UInt8] {
    let key = WebSocketMaskingKey(value: 0x1234_5678)
    var bytes: [UInt8] = []
    switch message {
    case .text(let text):
        WebSocketFrameWriter.appendMessage(.text, payload: Array(text.utf8), maxFragmentBytes: 7, maskingKeys: { key }, to: &bytes)
    case .binary(let payload):
        WebSocketFrameWriter.appendMessage(.binary, payload: payload, maxFragmentBytes: 7, maskingKeys: { key }, to: &bytes)
    case .ping(let payload):
        WebSocketFrameWriter.append(.ping, payload: payload, maskingKey: key, to: &bytes)
    case .pong(let payload):
        WebSocketFrameWriter.append(.pong, payload: payload, maskingKey: key, to: &bytes)
    case .close(let close):
        WebSocketFrameWriter.append(.close, payload: close.payload, maskingKey: key, to: &bytes)
    }
    return bytes
}
