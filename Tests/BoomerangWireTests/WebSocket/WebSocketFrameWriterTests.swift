import BoomerangSerialization
import BoomerangWire
import Testing

@Suite struct WebSocketFrameWriterTests {
    @Test func closeFrameCarriesCodeAndReason() {
        let close = WebSocketClose(code: .goingAway, reason: "bye")
        #expect(WebSocketFrameWriter.closeFrame(close) == [0x88, 0x05, 0x03, 0xE9, 0x62, 0x79, 0x65])
        #expect(WebSocketFrameWriter.closeFrame(WebSocketClose(code: nil)) == [0x88, 0x00])
    }

    @Test func aReasonIsCutAtACharacterBoundary() {
        let close = WebSocketClose(code: .normalClosure, reason: String(repeating: "é", count: 70))
        #expect(close.reason.utf8.count == 122)
        #expect(close.payload.count == 124)
        #expect(WebSocketClose(code: .normalClosure, reason: String(repeating: "a", count: 200)).reason.utf8.count == 123)
    }

    @Test func anEmptyMessageIsOneEmptyFrame() {
        var bytes: [UInt8] = []
        WebSocketFrameWriter.appendMessage(.binary, payload: [], maxFragmentBytes: 3, to: &bytes)
        #expect(bytes == [0x82, 0x00])
    }

    @Test func eachFragmentTakesTheNextKey() {
        var keys: [WebSocketMaskingKey] = [WebSocketMaskingKey(value: 1), WebSocketMaskingKey(value: 2), WebSocketMaskingKey(value: 3)]
        var bytes: [UInt8] = []
        WebSocketFrameWriter.appendMessage(.text, payload: Array("abcdefg".utf8), maxFragmentBytes: 3, maskingKeys: { keys.removeFirst() }, to: &bytes)
        #expect(keys.isEmpty)
        let frames = WebSocketFrameParser.events(bytes).frames
        #expect(frames.map(\.header.maskingKey) == [WebSocketMaskingKey(value: 1), WebSocketMaskingKey(value: 2), WebSocketMaskingKey(value: 3)])
        #expect(frames.map(\.payload) == [Array("abc".utf8), Array("def".utf8), Array("g".utf8)])
        #expect(frames.map(\.header.fin) == [false, false, true])
    }

    @Test func reservedBitsAreWrittenInPlace() {
        #expect(WebSocketFrameWriter.frame(.binary, payload: [], reservedBits: 0b101) == [0xD2, 0x00])
    }
}
