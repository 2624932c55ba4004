import BoomerangSerialization
import BoomerangWire
import Testing

/// Our writer and parser against frames the Python `websockets` package encoded (see the
/// fixture): the same bytes for the same key, and the same payload read back.
@Suite struct WebSocketFrameWriterWebsocketsTests {
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    static func payload(of frame: WebsocketsFrame) -> [UInt8] {
        frame.payload ?? (0..<frame.generatedLength).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    }

    @Test(arguments: WebsocketsFrame.all)
    func writesTheSameBytes(_ frame: WebsocketsFrame) {
        let key = frame.key.map { WebSocketMaskingKey($0[0], $0[1], $0[2], $0[3]) }
        let bytes = WebSocketFrameWriter.frame(
            WebSocketOpcode(rawValue: frame.opcode)!,
            payload: Self.payload(of: frame),
            fin: frame.fin,
            reservedBits: frame.reservedBits,
            maskingKey: key
        )
        #expect(bytes.count == frame.wireLength)
        #expect(Array(bytes.prefix(frame.wirePrefix.count)) == frame.wirePrefix)
        #expect(Self.fnv1a(bytes) == frame.wireHash)
    }

    @Test(arguments: WebsocketsFrame.all)
    func readsTheirFrames(_ frame: WebsocketsFrame) {
        let key = frame.key.map { WebSocketMaskingKey($0[0], $0[1], $0[2], $0[3]) }
        // Their bytes: the kept prefix, then the rest of the payload masked from where it stops.
        let payload = Self.payload(of: frame)
        let headerLength = frame.wireLength - payload.count
        var wire = frame.wirePrefix
        var rest = Array(payload[(wire.count - headerLength)...])
        key?.apply(to: &rest, payloadIndex: wire.count - headerLength)
        wire += rest
        #expect(Self.fnv1a(wire) == frame.wireHash)
        let role: WebSocketRole = key == nil ? .client : .server
        let run = WebSocketFrameParser.events(wire, configuration: WebSocketParserConfiguration(role: role), feed: .chunks(of: 1000))
        #expect(run.error == nil)
        #expect(run.frames.count == 1)
        #expect(run.frames.first?.header.opcode.rawValue == frame.opcode)
        #expect(run.frames.first?.header.fin == frame.fin)
        #expect(run.frames.first?.header.maskingKey == key)
        #expect(run.frames.first?.payload == Self.payload(of: frame))
    }

    @Test func closeCodesAllowedOnTheWireMatchTheirs() {
        // websockets 17.4: EXTERNAL_CLOSE_CODES (1000–1003, 1007–1014) and 3000 ≤ code < 5000.
        let theirs = Set(Array(1000...1003) + Array(1007...1014) + Array(3000..<5000))
        for code in 0...Int(UInt16.max) {
            #expect(WebSocketCloseCode(UInt16(code)).isAllowedOnWire == theirs.contains(code), "\(code)")
        }
    }
}
