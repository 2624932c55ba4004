import BoomerangSamples
import BoomerangSerialization
import BoomerangWire
import Testing

/// Multi-frame streams split at every point, seeded random round trips through the writer, and
/// UTF-8 split mid-sequence across fragments.
@Suite struct WebSocketMessageReaderTests {
    /// A fragmented text with a ping between its fragments, a 16-bit-length binary, an empty
    /// text, a pong and a close.
    static let stream: [UInt8] = clientText("Hel", fin: false) + clientFrame(.ping, [9, 8])
        + clientFrame(.continuation, Array("lo €".utf8)) + clientFrame(.binary, (0..<300).map { UInt8($0 & 0xFF) })
        + clientText("") + clientFrame(.pong, []) + clientFrame(.close, [0x03, 0xE8] + Array("done".utf8))

    static let expected: [WebSocketMessage] = [
        .ping([9, 8]),
        .text("Hello €"),
        .binary((0..<300).map { UInt8($0 & 0xFF) }),
        .text(""),
        .pong([]),
        .close(WebSocketClose(code: .normalClosure, reason: "done")),
    ]

    @Test func everySplitPointGivesTheSameMessages() {
        #expect(WebSocketMessageReader.run(Self.stream).messages == Self.expected)
        #expect(WebSocketMessageReader.run(Self.stream, feed: .byteByByte).messages == Self.expected)
        for index in 0...Self.stream.count {
            let run = WebSocketMessageReader.run(Self.stream, feed: .split(at: index), finishing: true)
            #expect(run.error == nil, "split at \(index)")
            #expect(run.messages == Self.expected, "split at \(index)")
        }
    }

    @Test func everySplitPointOfTheFramesGivesTheSameEvents() {
        let whole = WebSocketFrameParser.events(Self.stream)
        for index in 0...Self.stream.count {
            let split = WebSocketFrameParser.events(Self.stream, feed: .split(at: index))
            #expect(split.error == nil)
            #expect(split.frames.map(\.header) == whole.frames.map(\.header), "split at \(index)")
            #expect(split.frames.map(\.offset) == whole.frames.map(\.offset), "split at \(index)")
            #expect(split.frames.map(\.payload) == whole.frames.map(\.payload), "split at \(index)")
        }
    }

    /// A random message, its frames (masked with random keys) and what the reader must give.
    static func randomMessage(_ generator: inout SplitMix64) -> (bytes: [UInt8], message: WebSocketMessage) {
        var keyGenerator = SplitMix64(seed: generator.next())
        let keys = { WebSocketMaskingKey(value: UInt32(truncatingIfNeeded: keyGenerator.next())) }
        switch generator.next() % 5 {
        case 0:
            let payload = (0..<Int(generator.next() % 126)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            return (WebSocketFrameWriter.frame(.ping, payload: payload, maskingKey: keys()), .ping(payload))
        case 1:
            let close = WebSocketClose(code: WebSocketCloseCode(UInt16(3000 + generator.next() % 2000)), reason: "r\(generator.next() % 100)")
            return (WebSocketFrameWriter.closeFrame(close, maskingKey: keys()), .close(close))
        case 2:
            let scalars = "aé€𝄞\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}".unicodeScalars.map { $0 }
            let count = Int(generator.next() % 400)
            var text = ""
            for _ in 0..<count { text.unicodeScalars.append(scalars[Int(generator.next() % UInt64(scalars.count))]) }
            var bytes: [UInt8] = []
            let fragment = Int(generator.next() % 70) + 1
            WebSocketFrameWriter.appendMessage(.text, payload: Array(text.utf8), maxFragmentBytes: fragment, maskingKeys: keys, to: &bytes)
            return (bytes, .text(text))
        default:
            let lengths = [0, 1, 125, 126, 127, 200, 65535, 65536, 70000]
            let length = generator.next() % 3 == 0
                ? lengths[Int(generator.next() % UInt64(lengths.count))] : Int(generator.next() % 3000)
            let payload = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            var bytes: [UInt8] = []
            let fragment = generator.next() % 2 == 0 ? nil : Int(generator.next() % 5000) + 1
            WebSocketFrameWriter.appendMessage(.binary, payload: payload, maxFragmentBytes: fragment, maskingKeys: keys, to: &bytes)
            return (bytes, .binary(payload))
        }
    }

    @Test(arguments: 0..<40)
    func randomFramesRoundTripHoweverTheyAreCut(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &* 0x5851_F42D)
        var bytes: [UInt8] = []
        var expected: [WebSocketMessage] = []
        for _ in 0..<(1 + Int(generator.next() % 12)) {
            let (frame, message) = Self.randomMessage(&generator)
            bytes += frame
            expected.append(message)
        }
        let chunk = Int(generator.next() % 97) + 1
        for feed in [Feed.whole, .chunks(of: chunk), .split(at: Int(generator.next() % UInt64(bytes.count + 1)))] {
            let run = WebSocketMessageReader.run(bytes, feed: feed, finishing: true)
            #expect(run.error == nil, "seed \(seed), \(feed)")
            #expect(run.messages == expected, "seed \(seed), \(feed)")
        }
    }

    @Test func unmaskedServerFramesRoundTripForAClient() {
        var generator = SplitMix64(seed: 17)
        var bytes: [UInt8] = []
        var payloads: [[UInt8]] = []
        for _ in 0..<20 {
            let payload = (0..<Int(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            WebSocketFrameWriter.appendMessage(.binary, payload: payload, maxFragmentBytes: 64, to: &bytes)
            payloads.append(payload)
        }
        let run = WebSocketMessageReader.run(bytes, configuration: WebSocketParserConfiguration(role: .client), feed: .chunks(of: 5))
        #expect(run.error == nil)
        #expect(run.messages == payloads.map { .binary($0) })
    }

    static let multilingual = "aé€𝄞 κόσμε"

    @Test func utf8SplitAnywhereAcrossFragmentsIsValid() {
        let utf8 = Array(Self.multilingual.utf8)
        for first in 0...utf8.count {
            for second in first...utf8.count {
                let bytes = clientFrame(.text, Array(utf8[..<first]), fin: false)
                    + clientFrame(.continuation, Array(utf8[first..<second]), fin: false)
                    + clientFrame(.continuation, Array(utf8[second...]))
                let run = WebSocketMessageReader.run(bytes, feed: .byteByByte)
                #expect(run.messages == [.text(Self.multilingual)], "cut at \(first), \(second)")
            }
        }
    }

    @Test func invalidUTF8IsFoundBeforeTheFinalFragment() {
        // U+1D11E split after its first two bytes; then a byte that cannot continue it.
        let bytes = clientFrame(.text, [0x61, 0xF0, 0x9D], fin: false) + clientFrame(.continuation, [0x41], fin: false)
        let run = WebSocketMessageReader.run(bytes, feed: .byteByByte)
        #expect(run.error?.code == .invalidUTF8)
        #expect(run.error?.offset == 7)
    }

    @Test func anImpossiblePrefixFailsAtOnceInsideAFragment() {
        // 0xF4 0x90 can only start a scalar above U+10FFFF: refused with the fragment not yet FIN.
        let bytes = clientFrame(.text, [0x61, 0xF4], fin: false) + clientFrame(.continuation, [0x90], fin: false)
        let run = WebSocketMessageReader.run(bytes)
        #expect(run.error?.code == .invalidUTF8)
        #expect(run.error?.offset == 7)
        #expect(run.error?.closeCode == .invalidPayloadData)
    }

    @Test func aSequenceCutByTheEndOfTheMessageFails() {
        let bytes = clientFrame(.text, [0xE2, 0x82], fin: false) + clientFrame(.continuation, [])
        let run = WebSocketMessageReader.run(bytes)
        #expect(run.error?.code == .invalidUTF8)
        #expect(run.error?.offset == 6)
    }

    @Test func binaryIsNeverCheckedAsUTF8() {
        let bytes = clientFrame(.binary, [0xFF, 0xF4], fin: false) + clientFrame(.continuation, [0x90])
        #expect(WebSocketMessageReader.run(bytes).messages == [.binary([0xFF, 0xF4, 0x90])])
    }

    @Test func aPingBetweenFragmentsDoesNotDisturbUTF8() {
        let euro = Array("€".utf8)
        let bytes = clientFrame(.text, [euro[0]], fin: false) + clientFrame(.ping, [0xFF])
            + clientFrame(.continuation, [euro[1], euro[2]])
        #expect(WebSocketMessageReader.run(bytes, feed: .byteByByte).messages == [.ping([0xFF]), .text("€")])
    }
}
