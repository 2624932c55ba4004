import BoomerangSerialization
import BoomerangWire
import Testing

/// RFC 6455 §5.7's examples, byte for byte, through the parser and the writer.
@Suite struct WebSocketFrameParserTests {
    static let hello = Array("Hello".utf8)
    static let key = WebSocketMaskingKey(0x37, 0xFA, 0x21, 0x3D)
    static let client = WebSocketParserConfiguration(role: .client)

    static let unmaskedText: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
    static let maskedText: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
    static let fragmentedText: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6C, 0x80, 0x02, 0x6C, 0x6F]
    static let unmaskedPing: [UInt8] = [0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
    static let maskedPong: [UInt8] = [0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]

    static func payload(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    }

    @Test func unmaskedTextFrame() {
        let run = WebSocketFrameParser.events(Self.unmaskedText, configuration: Self.client)
        #expect(run.error == nil)
        #expect(run.frames.count == 1)
        #expect(run.frames.first?.header == WebSocketFrameHeader(opcode: .text, payloadLength: 5))
        #expect(run.frames.first?.payload == Self.hello)
        #expect(WebSocketFrameWriter.frame(.text, payload: Self.hello) == Self.unmaskedText)
    }

    @Test func maskedTextFrame() {
        let run = WebSocketFrameParser.events(Self.maskedText)
        #expect(run.error == nil)
        #expect(run.frames.first?.header == WebSocketFrameHeader(opcode: .text, maskingKey: Self.key, payloadLength: 5))
        #expect(run.frames.first?.payload == Self.hello)
        #expect(WebSocketFrameWriter.frame(.text, payload: Self.hello, maskingKey: Self.key) == Self.maskedText)
        #expect(WebSocketMessageReader.run(Self.maskedText).messages == [.text("Hello")])
    }

    @Test func fragmentedUnmaskedText() {
        let run = WebSocketFrameParser.events(Self.fragmentedText, configuration: Self.client)
        #expect(run.error == nil)
        #expect(run.frames.map(\.header) == [
            WebSocketFrameHeader(fin: false, opcode: .text, payloadLength: 3),
            WebSocketFrameHeader(fin: true, opcode: .continuation, payloadLength: 2),
        ])
        #expect(run.frames.map(\.offset) == [0, 5])
        var written: [UInt8] = []
        WebSocketFrameWriter.appendMessage(.text, payload: Self.hello, maxFragmentBytes: 3, to: &written)
        #expect(written == Self.fragmentedText)
        #expect(WebSocketMessageReader.run(Self.fragmentedText, configuration: Self.client).messages == [.text("Hello")])
    }

    @Test func pingAndPong() {
        #expect(WebSocketMessageReader.run(Self.unmaskedPing, configuration: Self.client).messages == [.ping(Self.hello)])
        #expect(WebSocketMessageReader.run(Self.maskedPong).messages == [.pong(Self.hello)])
        #expect(WebSocketFrameWriter.frame(.ping, payload: Self.hello) == Self.unmaskedPing)
        #expect(WebSocketFrameWriter.frame(.pong, payload: Self.hello, maskingKey: Self.key) == Self.maskedPong)
    }

    @Test func sixteenBitLength() {
        let bytes = [0x82, 0x7E, 0x01, 0x00] + Self.payload(256)
        let run = WebSocketFrameParser.events(bytes, configuration: Self.client)
        #expect(run.error == nil)
        #expect(run.frames.first?.header == WebSocketFrameHeader(opcode: .binary, payloadLength: 256))
        #expect(run.frames.first?.payload == Self.payload(256))
        #expect(WebSocketFrameWriter.frame(.binary, payload: Self.payload(256)) == bytes)
    }

    @Test func sixtyFourBitLength() {
        let bytes = [0x82, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00] + Self.payload(65536)
        let run = WebSocketFrameParser.events(bytes, configuration: Self.client, feed: .chunks(of: 4093))
        #expect(run.error == nil)
        #expect(run.frames.first?.header == WebSocketFrameHeader(opcode: .binary, payloadLength: 65536))
        #expect(run.frames.first?.payload == Self.payload(65536))
        #expect(WebSocketFrameWriter.frame(.binary, payload: Self.payload(65536)) == bytes)
    }

    @Test(arguments: [0, 1, 125, 126, 127, 65535, 65536])
    func lengthBoundariesUseTheMinimalEncoding(length: Int) {
        let bytes = WebSocketFrameWriter.frame(.binary, payload: Self.payload(length), maskingKey: Self.key)
        let expectedHeader = length < 126 ? 6 : length < 65536 ? 8 : 14
        #expect(bytes.count == expectedHeader + length)
        #expect(WebSocketFrameWriter.frame(.binary, payload: [], maskingKey: Self.key).count == 6)
        let run = WebSocketFrameParser.events(bytes, feed: .chunks(of: 1000))
        #expect(run.error == nil)
        #expect(run.frames.first?.payload == Self.payload(length))
        #expect(run.frames.first?.header.encodedLength == expectedHeader)
    }

    @Test func eventsAndConsumedCountsAreExact() throws {
        var parser = WebSocketFrameParser()
        let bytes = Self.maskedText + [0x89, 0x80, 1, 2, 3, 4] + [0x81]
        try bytes.withUnsafeBytes { buffer in
            #expect(parser.isIdle)
            let head = try parser.parse(buffer)
            #expect(head.consumed == 6)
            #expect(head.event == .head(WebSocketFrameHeader(opcode: .text, maskingKey: Self.key, payloadLength: 5), offset: 0))
            let payload = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[6...]))
            #expect(payload.consumed == 5)
            #expect(payload.event == .payload(Self.hello, offset: 6))
            let end = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[11...]))
            #expect(end.consumed == 0)
            #expect(end.event == .end)
            #expect(parser.isIdle)
            let ping = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[11...]))
            #expect(ping.consumed == 6)
            #expect(ping.event == .head(WebSocketFrameHeader(opcode: .ping, maskingKey: WebSocketMaskingKey(1, 2, 3, 4), payloadLength: 0), offset: 11))
            let pingEnd = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[17...]))
            #expect(pingEnd.event == .end)
            #expect(pingEnd.consumed == 0)
            let partial = try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[17...]))
            #expect(partial.event == nil)
            #expect(partial.consumed == 1)
            #expect(!parser.isIdle)
            #expect(parser.consumedBytes == 18)
        }
        #expect(throws: WebSocketProtocolError(code: .truncatedStream, value: "\\x81", offset: 18)) { try parser.finish() }
    }

    @Test func maskingIsItsOwnInverseAtEveryPhase() {
        let key = WebSocketMaskingKey(value: 0xA1B2_C3D4)
        #expect(key.bytes == [0xA1, 0xB2, 0xC3, 0xD4])
        #expect(key.description == "a1b2c3d4")
        for phase in 0..<4 {
            for count in 0..<20 {
                let original = Self.payload(count)
                var bytes = original
                key.apply(to: &bytes, payloadIndex: phase)
                let expected = original.enumerated().map { $0.element ^ key.bytes[($0.offset + phase) % 4] }
                #expect(bytes == expected)
                key.apply(to: &bytes, payloadIndex: phase)
                #expect(bytes == original)
            }
        }
    }
}
