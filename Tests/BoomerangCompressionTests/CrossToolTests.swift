import BoomerangCompression
import BoomerangSamples
import Testing

/// Interoperability with independent implementations: Python's `zlib` and `gzip` modules and the
/// `brotli` and `zstd` command-line tools decode what we encode, and we decode what they encode.
@Suite struct CrossToolTests {
    /// Large enough for several deflate blocks, brotli meta-blocks and zstd blocks.
    static let text = SampleText.json(count: 700_000) + Samples.randomBytes(count: 50_000)

    static func theirs(_ coding: ContentCoding, _ data: [UInt8]) throws -> [UInt8] {
        switch coding {
        case .gzip: try CodecTool.pythonGzip(data)
        case .deflate: try CodecTool.pythonZlib(data)
        case .brotli: try CodecTool.brotli(data)
        default: try CodecTool.zstd(data, level: 19)
        }
    }

    static func theirDecoding(_ coding: ContentCoding, _ data: [UInt8]) throws -> [UInt8] {
        switch coding {
        case .gzip: try CodecTool.pythonGunzip(data)
        case .deflate: try CodecTool.pythonUnzlib(data)
        case .brotli: try CodecTool.unbrotli(data)
        default: try CodecTool.unzstd(data)
        }
    }

    @Test(arguments: Samples.codings)
    func weDecodeTheirs(coding: ContentCoding) throws {
        let coded = try Self.theirs(coding, Self.text)
        for chunkSize in [1, 1000, 65_536, coded.count] {
            #expect(try Samples.decode(coded, contentEncoding: coding.name, chunkSize: chunkSize) == Self.text)
        }
    }

    @Test(arguments: Samples.codings, [CompressionLevel.fastest, .default, .smallest])
    func theyDecodeOurs(coding: ContentCoding, level: CompressionLevel) throws {
        let coded = try Samples.encode(Self.text, coding: coding, chunkSize: 10_000, level: level)
        #expect(try Self.theirDecoding(coding, coded) == Self.text)
    }

    @Test(arguments: Samples.codings)
    func theyDecodeOurFlushedStreams(coding: ContentCoding) throws {
        let prefix = Array(Self.text.prefix(20_000))
        let coded = try Samples.encode(prefix, coding: coding, chunkSize: 333, flushEachChunk: true)
        #expect(try Self.theirDecoding(coding, coded) == prefix)
    }

    @Test func theyDecodeEmptyBodies() throws {
        for coding in Samples.codings {
            #expect(try Self.theirDecoding(coding, Compressor.compress([], coding: coding)) == [])
        }
    }
}
