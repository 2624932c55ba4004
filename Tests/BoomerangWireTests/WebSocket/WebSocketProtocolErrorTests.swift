import BoomerangSerialization
import BoomerangWire
import Testing

/// Every way a client's bytes fail the connection, with its close code and offset, whole and
/// byte by byte.
@Suite struct WebSocketProtocolErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var configuration = WebSocketParserConfiguration()
        var code: WebSocketProtocolError.Code
        var offset: Int
        var value: String? = nil
        var description: String { name }
    }

    static let ok = clientText("ok")

    static let cases: [Case] = [
        Case(name: "RSV1 without an extension", bytes: rawFrame(0xC1, payload: [0x61]), code: .reservedBitsSet, offset: 0, value: "\\xc1\\x81"),
        Case(name: "RSV2", bytes: ok + rawFrame(0xA1, payload: [0x61]), code: .reservedBitsSet, offset: 8),
        Case(name: "RSV3", bytes: rawFrame(0x91), code: .reservedBitsSet, offset: 0),
        Case(
            name: "RSV2 when only RSV1 is negotiated",
            bytes: rawFrame(0xE1),
            configuration: WebSocketParserConfiguration(negotiatedReservedBits: 4),
            code: .reservedBitsSet,
            offset: 0
        ),
        Case(name: "opcode 0x3", bytes: rawFrame(0x83), code: .reservedOpcode, offset: 0, value: "\\x83\\x80"),
        Case(name: "opcode 0x7", bytes: rawFrame(0x87), code: .reservedOpcode, offset: 0),
        Case(name: "opcode 0xB", bytes: ok + rawFrame(0x8B), code: .reservedOpcode, offset: 8),
        Case(name: "opcode 0xF", bytes: rawFrame(0x8F), code: .reservedOpcode, offset: 0),
        Case(name: "unmasked client frame", bytes: rawFrame(0x81, key: nil, payload: [0x61]), code: .unmaskedFrame, offset: 1, value: "\\x01"),
        Case(
            name: "masked server frame",
            bytes: rawFrame(0x81, payload: [0x61]),
            configuration: WebSocketParserConfiguration(role: .client),
            code: .maskedFrame,
            offset: 1
        ),
        Case(name: "16-bit length under 126", bytes: rawFrame(0x82, lengthByte: 126, extendedLength: [0x00, 0x7D]), code: .nonMinimalLength, offset: 2, value: "125"),
        Case(name: "16-bit length 0", bytes: rawFrame(0x82, lengthByte: 126, extendedLength: [0x00, 0x00]), code: .nonMinimalLength, offset: 2, value: "0"),
        Case(
            name: "64-bit length under 65536",
            bytes: rawFrame(0x82, lengthByte: 127, extendedLength: [0, 0, 0, 0, 0, 0, 0xFF, 0xFF]),
            code: .nonMinimalLength,
            offset: 2,
            value: "65535"
        ),
        Case(
            name: "64-bit length with the top bit",
            bytes: rawFrame(0x82, lengthByte: 127, extendedLength: [0x80, 0, 0, 0, 0, 0, 0, 0]),
            code: .lengthOverflow,
            offset: 2,
            value: "9223372036854775808"
        ),
        Case(name: "ping of 126 bytes", bytes: rawFrame(0x89, lengthByte: 126, extendedLength: [0x00, 0x7E]), code: .controlFrameTooLong, offset: 1),
        Case(name: "close of 127-coded length", bytes: rawFrame(0x88, lengthByte: 127), code: .controlFrameTooLong, offset: 1),
        Case(name: "ping without FIN", bytes: rawFrame(0x09), code: .fragmentedControlFrame, offset: 0),
        Case(name: "close without FIN", bytes: ok + rawFrame(0x08), code: .fragmentedControlFrame, offset: 8),
        Case(
            name: "frame over the limit, 7-bit length",
            bytes: rawFrame(0x82, payload: Array(repeating: 1, count: 11)),
            configuration: WebSocketParserConfiguration(maxFrameBytes: 10),
            code: .frameTooLarge,
            offset: 1,
            value: "11"
        ),
        Case(
            name: "frame over the limit, 64-bit length, refused before its payload",
            bytes: rawFrame(0x82, lengthByte: 127, extendedLength: [0, 0, 0, 1, 0, 0, 0, 0]),
            code: .frameTooLarge,
            offset: 2,
            value: "4294967296"
        ),
        Case(name: "continuation first", bytes: clientFrame(.continuation, [0x61]), code: .unexpectedContinuation, offset: 0),
        Case(
            name: "continuation after a final frame",
            bytes: ok + clientFrame(.continuation, [0x61]),
            code: .unexpectedContinuation,
            offset: 8
        ),
        Case(
            name: "text inside a fragmented message",
            bytes: clientText("a", fin: false) + clientText("b"),
            code: .expectedContinuation,
            offset: 7,
            value: "text"
        ),
        Case(
            name: "binary inside a fragmented text, after a ping",
            bytes: clientText("a", fin: false) + clientFrame(.ping, []) + clientFrame(.binary, [1]),
            code: .expectedContinuation,
            offset: 13,
            value: "binary"
        ),
        Case(
            name: "message over the limit",
            bytes: clientText("12345", fin: false) + clientFrame(.continuation, Array("67890".utf8)),
            configuration: WebSocketParserConfiguration(maxMessageBytes: 8),
            code: .messageTooLarge,
            offset: 11,
            value: "10"
        ),
        Case(
            name: "single frame over the message limit",
            bytes: clientFrame(.binary, Array(repeating: 0, count: 9)),
            configuration: WebSocketParserConfiguration(maxMessageBytes: 8),
            code: .messageTooLarge,
            offset: 0,
            value: "9"
        ),
        Case(name: "invalid UTF-8 byte", bytes: clientFrame(.text, [0x61, 0xFF, 0x62]), code: .invalidUTF8, offset: 7, value: "\\xff"),
        Case(name: "overlong encoding", bytes: clientFrame(.text, [0xC0, 0xAF]), code: .invalidUTF8, offset: 6),
        Case(name: "surrogate", bytes: clientFrame(.text, [0xED, 0xA0, 0x80]), code: .invalidUTF8, offset: 6),
        Case(name: "above U+10FFFF", bytes: clientFrame(.text, [0xF4, 0x90, 0x80, 0x80]), code: .invalidUTF8, offset: 6),
        Case(name: "text ending inside a sequence", bytes: clientFrame(.text, [0x61, 0xE2, 0x82]), code: .invalidUTF8, offset: 7),
        Case(name: "one-byte close payload", bytes: clientFrame(.close, [0x03]), code: .invalidClosePayload, offset: 6, value: "\\x03"),
        Case(name: "close reason not UTF-8", bytes: clientFrame(.close, [0x03, 0xE8, 0x61, 0xC3]), code: .invalidUTF8, offset: 9),
    ] + [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535].map { code in
        Case(
            name: "close code \(code)",
            bytes: clientFrame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)]),
            code: .invalidCloseCode,
            offset: 6,
            value: String(code)
        )
    }

    @Test(arguments: cases)
    func failsWithItsCodeAndOffset(_ testCase: Case) {
        for feed in [Feed.whole, .byteByByte] {
            let run = WebSocketMessageReader.run(testCase.bytes, configuration: testCase.configuration, feed: feed)
            #expect(run.error?.code == testCase.code, "\(feed)")
            #expect(run.error?.offset == testCase.offset, "\(feed)")
            if let value = testCase.value {
                #expect(run.error?.value == value, "\(feed)")
            }
        }
    }

    @Test func closeCodesOfEachError() {
        let protocolErrors: [WebSocketProtocolError.Code] = [
            .reservedBitsSet, .reservedOpcode, .unmaskedFrame, .maskedFrame, .nonMinimalLength, .lengthOverflow,
            .controlFrameTooLong, .fragmentedControlFrame, .unexpectedContinuation, .expectedContinuation,
            .invalidClosePayload, .invalidCloseCode,
        ]
        #expect(protocolErrors.allSatisfy { $0.closeCode == .protocolError })
        #expect(WebSocketProtocolError.Code.frameTooLarge.closeCode.rawValue == 1009)
        #expect(WebSocketProtocolError.Code.messageTooLarge.closeCode.rawValue == 1009)
        #expect(WebSocketProtocolError.Code.invalidUTF8.closeCode.rawValue == 1007)
        #expect(WebSocketProtocolError.Code.truncatedStream.closeCode == .abnormalClosure)
        let error = WebSocketProtocolError(code: .unmaskedFrame, value: "\\x05", offset: 1)
        #expect(error.description == "WebSocket unmaskedFrame (1002) at byte 1: \"\\x05\"")
    }

    @Test(arguments: [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999])
    func validCloseCodesAreAccepted(code: Int) {
        let bytes = clientFrame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array("bye ✓".utf8))
        let run = WebSocketMessageReader.run(bytes)
        #expect(run.error == nil)
        #expect(run.messages == [.close(WebSocketClose(code: WebSocketCloseCode(UInt16(code)), reason: "bye ✓"))])
    }

    @Test func anEmptyCloseHasNoCode() {
        #expect(WebSocketMessageReader.run(clientFrame(.close, [])).messages == [.close(WebSocketClose(code: nil))])
    }

    @Test func leniencesAcceptWhatTheyName() {
        let nonMinimal = rawFrame(0x82, lengthByte: 126, extendedLength: [0x00, 0x02], payload: [1, 2])
        let lenient = WebSocketParserConfiguration(allowsNonMinimalLength: true)
        #expect(WebSocketMessageReader.run(nonMinimal, configuration: lenient).messages == [.binary([1, 2])])
        let rsv1 = rawFrame(0xC2, payload: [3])
        let negotiated = WebSocketParserConfiguration(negotiatedReservedBits: 4)
        #expect(WebSocketMessageReader.run(rsv1, configuration: negotiated).messages == [.binary([3])])
    }

    @Test func limitsAreInclusive() {
        let configuration = WebSocketParserConfiguration(maxFrameBytes: 4, maxMessageBytes: 8)
        let bytes = clientFrame(.binary, [1, 2, 3, 4], fin: false) + clientFrame(.continuation, [5, 6, 7, 8])
        #expect(WebSocketMessageReader.run(bytes, configuration: configuration).messages == [.binary([1, 2, 3, 4, 5, 6, 7, 8])])
    }

    @Test func theEndOfTheStreamInsideAFrameOrMessageIsTruncation() {
        let midFrame = WebSocketMessageReader.run(Array(clientText("hello").prefix(8)), finishing: true)
        #expect(midFrame.error?.code == .truncatedStream)
        #expect(midFrame.error?.offset == 8)
        let midMessage = WebSocketMessageReader.run(clientText("a", fin: false), finishing: true)
        #expect(midMessage.error?.code == .truncatedStream)
        #expect(midMessage.error?.offset == 7)
        let clean = WebSocketMessageReader.run(clientText("a"), finishing: true)
        #expect(clean.error == nil)
    }

    @Test func anErrorRepeats() throws {
        var reader = WebSocketMessageReader()
        let bad = rawFrame(0x83)
        let first = #expect(throws: WebSocketProtocolError.self) {
            _ = try bad.withUnsafeBytes { try reader.read($0) }
        }
        let again = #expect(throws: WebSocketProtocolError.self) {
            _ = try Self.ok.withUnsafeBytes { try reader.read($0) }
        }
        #expect(first == again)
        #expect(throws: WebSocketProtocolError.self) { try reader.finish() }
    }
}
