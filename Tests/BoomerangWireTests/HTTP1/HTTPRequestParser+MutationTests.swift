import BoomerangSamples
import BoomerangSerialization
import BoomerangWire
import Testing

/// Seeded mutations of valid requests: the parser never crashes, and the outcome (requests,
/// bodies, error code and offset) does not depend on how the bytes are split.
@Suite struct HTTPRequestParserMutationTests {
    static let seeds: [String] = [
        "GET /a?b=c HTTP/1.1\r\nHost: h\r\nAccept: */*\r\n\r\n",
        "POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET / HTTP/1.0\r\n\r\n",
        "PUT /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\nT: v\r\n\r\n",
    ]

    static let interesting: [UInt8] = Array(" \t\r\n:;,0123456789aAfF-+x#\u{7F}".utf8) + [0, 0x0B, 0x80, 0xFF]

    static func mutate(_ bytes: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let index = Int.random(in: 0..<bytes.count, using: &rng)
            let byte = interesting.randomElement(using: &rng)!
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: bytes[index] = byte
            case 1: bytes.insert(byte, at: index)
            default: if bytes.count > 1 { bytes.remove(at: index) }
            }
        }
        return bytes
    }

    struct Outcome: Equatable {
        var requests: [ParsedRequest]
        var code: HTTPParseError.Code?
        var offset: Int?
    }

    static func outcome(_ bytes: [UInt8], _ feed: Feed, _ configuration: HTTPParserConfiguration) -> Outcome {
        let run = HTTPRequestParser.run(bytes, configuration: configuration, feed: feed, finishing: true)
        return Outcome(requests: run.requests, code: run.error?.code, offset: run.error?.offset)
    }

    @Test(arguments: 0..<300 as Range<UInt64>)
    func outcomeDoesNotDependOnSplitting(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let original = Array(Self.seeds[Int(seed) % Self.seeds.count].utf8)
        let bytes = Self.mutate(original, using: &rng)
        let lenient = HTTPParserConfiguration(
            keepsTrailers: true,
            allowsBareLineFeed: true,
            allowsObsoleteLineFolding: true,
            ignoresLeadingEmptyLines: true
        )
        for configuration in [HTTPParserConfiguration(), lenient] {
            let whole = Self.outcome(bytes, .whole, configuration)
            #expect(Self.outcome(bytes, .byteByByte, configuration) == whole, "seed \(seed)")
            let split = Int.random(in: 1..<bytes.count, using: &rng)
            #expect(Self.outcome(bytes, .split(at: split), configuration) == whole, "seed \(seed) split \(split)")
        }
    }
}
