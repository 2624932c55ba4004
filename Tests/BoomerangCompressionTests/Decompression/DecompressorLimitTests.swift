import BoomerangSamples
import Testing

@testable import BoomerangCompression

/// Decompression bombs: 10 MiB of zeros, coded at test time by the independent tools, refused
/// with a 1 MiB limit after decoding no more than the limit and one piece.
@Suite struct DecompressorLimitTests {
    static let zeros = [UInt8](repeating: 0, count: 10 << 20)
    static let limit: Int64 = 1 << 20

    static func bomb(_ coding: ContentCoding) throws -> [UInt8] {
        switch coding {
        case .gzip: try CodecTool.pythonGzip(zeros)
        case .deflate: try CodecTool.pythonZlib(zeros)
        case .brotli: try CodecTool.brotli(zeros)
        default: try CodecTool.zstd(zeros, level: 19)
        }
    }

    struct Outcome {
        var error: CompressionError?
        var delivered: Int64
        var decoded: Int64
        var chunksFed: Int
    }

    static func feed(
        _ coded: [UInt8],
        contentEncoding: String,
        chunkSize: Int,
        configuration: DecompressorConfiguration
    ) throws -> Outcome {
        let decompressor = try Decompressor(contentEncoding: contentEncoding, configuration: configuration)
        var delivered: Int64 = 0
        var chunksFed = 0
        let error = Samples.error {
            var start = 0
            while start < coded.count {
                let end = min(start + chunkSize, coded.count)
                chunksFed += 1
                try decompressor.decompress(Array(coded[start..<end])) { delivered += Int64($0.count) }
                start = end
            }
            try decompressor.finish()
        }
        #expect(delivered == decompressor.decompressedByteCount)
        return Outcome(
            error: error,
            delivered: delivered,
            decoded: decompressor.stages.map(\.produced).max() ?? 0,
            chunksFed: chunksFed
        )
    }

    @Test(arguments: Samples.codings, [64, 4096, Int.max])
    func bombIsRefusedAtTheLimit(coding: ContentCoding, chunkSize: Int) throws {
        let coded = try Self.bomb(coding)
        #expect(coded.count < 20_000)
        let configuration = DecompressorConfiguration(maxDecodedBytes: Self.limit, maxExpansionRatio: Int64.max)
        let outcome = try Self.feed(
            coded,
            contentEncoding: coding.name,
            chunkSize: chunkSize,
            configuration: configuration
        )
        let error = try #require(outcome.error)
        #expect(error.code == .decodedBodyTooLarge)
        #expect(error.coding == coding)
        #expect(error.limit == Self.limit)
        #expect(error.offset <= Int64(coded.count))
        #expect(outcome.delivered == Self.limit)
        // One byte past the limit is all that is ever decoded.
        #expect(outcome.decoded == Self.limit + 1)
        if coding == .gzip || coding == .deflate {
            // About 1 KiB of deflate data makes 1 MiB of zeros: the rest is never read.
            #expect(error.offset < Int64(coded.count) / 4)
            if chunkSize == 64 { #expect(outcome.chunksFed < coded.count / 64 / 4) }
        }
    }

    @Test(arguments: Samples.codings)
    func bombIsRefusedByTheRatio(coding: ContentCoding) throws {
        let coded = try Self.bomb(coding)
        let configuration = DecompressorConfiguration(
            maxDecodedBytes: 64 << 20,
            maxExpansionRatio: 100,
            expansionRatioGraceBytes: 256 << 10,
            maxPieceBytes: 16 << 10
        )
        let outcome = try Self.feed(coded, contentEncoding: coding.name, chunkSize: 512, configuration: configuration)
        let error = try #require(outcome.error)
        #expect(error.code == .expansionRatioTooHigh)
        #expect(error.limit == 100)
        #expect(outcome.decoded > 256 << 10)
        // Checked after every piece: at most one piece past what the ratio allowed.
        #expect(outcome.decoded <= max(256 << 10, 100 * error.offset) + (16 << 10))
        #expect(outcome.delivered < outcome.decoded)
    }

    @Test func nestedBombIsRefusedInTheInnerCoding() throws {
        let coded = try Compressor.compress(CodecTool.pythonGzip(Self.zeros), coding: .brotli)
        let configuration = DecompressorConfiguration(maxDecodedBytes: Self.limit)
        let outcome = try Self.feed(coded, contentEncoding: "gzip, br", chunkSize: 16, configuration: configuration)
        #expect(outcome.error?.code == .decodedBodyTooLarge)
        #expect(outcome.error?.coding == .gzip)
        #expect(outcome.delivered == Self.limit)
        #expect(outcome.decoded == Self.limit + 1)
    }

    @Test func bodyOfExactlyTheLimitIsAccepted() throws {
        let text = SampleText.json(count: 100_000)
        for coding in Samples.codings {
            let coded = try Compressor.compress(text, coding: coding)
            let exact = DecompressorConfiguration(maxDecodedBytes: 100_000, maxPieceBytes: 4096)
            #expect(
                try Samples.decode(coded, contentEncoding: coding.name, chunkSize: 999, configuration: exact) == text
            )
            let under = DecompressorConfiguration(maxDecodedBytes: 99_999, maxPieceBytes: 4096)
            let error = Samples.error {
                _ = try Samples.decode(coded, contentEncoding: coding.name, chunkSize: 999, configuration: under)
            }
            #expect(error?.code == .decodedBodyTooLarge)
            #expect(error?.limit == 99_999)
        }
    }

    @Test func smallBodiesAreExemptFromTheRatio() throws {
        // 64 KiB of zeros gzip to about 100 bytes: a ratio near 650, under the default 1 MiB grace.
        let zeros = [UInt8](repeating: 0, count: 64 << 10)
        let coded = try Compressor.compress(zeros, coding: .gzip)
        let configuration = DecompressorConfiguration(maxExpansionRatio: 10)
        #expect(try Samples.decode(coded, contentEncoding: "gzip", chunkSize: 7, configuration: configuration) == zeros)
    }

    @Test func errorRepeatsAfterALimit() throws {
        let coded = try Compressor.compress(SampleText.json(count: 10_000), coding: .zstd)
        let decompressor = try Decompressor(codings: [.zstd], configuration: .init(maxDecodedBytes: 10))
        let first = Samples.error { _ = try decompressor.decompress(coded) }
        #expect(first?.code == .decodedBodyTooLarge)
        #expect(Samples.error { _ = try decompressor.decompress([1, 2, 3]) } == first)
        #expect(Samples.error { try decompressor.finish() } == first)
    }

    @Test func tooManyCodings() throws {
        let configuration = DecompressorConfiguration(maxCodingCount: 2)
        let error = Samples.error {
            _ = try Decompressor(contentEncoding: "gzip, br, zstd", configuration: configuration)
        }
        #expect(
            error
                == CompressionError(code: .tooManyCodings, coding: nil, value: "gzip, br, zstd", limit: 2, offset: 10)
        )
        #expect(
            Samples.error { _ = try Decompressor(contentEncoding: "gzip, identity, br", configuration: configuration) }
                == nil
        )
        let direct = Samples.error {
            _ = try Decompressor(codings: [.gzip, .gzip, .gzip], configuration: configuration)
        }
        #expect(direct?.code == .tooManyCodings)
    }
}
