import BoomerangSamples
import Testing

@testable import BoomerangCompression

@Suite struct CompressorTests {
    static let text = SampleText.json(count: 50_000)

    @Test(arguments: Samples.codings)
    func flushMakesEverythingSoFarDecodable(coding: ContentCoding) throws {
        let compressor = try Compressor(coding: coding)
        let decompressor = try Decompressor(codings: [coding])
        var decoded: [UInt8] = []
        var sent = 0
        for (index, end) in [10, 500, 20_000, 20_001, 50_000].enumerated() {
            let part = Array(Self.text[sent..<end])
            let coded = try compressor.compress(part) + compressor.flush()
            #expect(!coded.isEmpty)
            try decompressor.decompress(coded) { decoded.append(contentsOf: $0) }
            #expect(decoded == Array(Self.text[..<end]), "after flush \(index)")
            sent = end
        }
        // A flush with nothing new since the last one writes at most an empty marker block.
        let idle = try compressor.flush()
        #expect(idle.count <= 8)
        try decompressor.decompress(idle) { decoded.append(contentsOf: $0) }
        // Flushed is not finished: the stream is still open.
        #expect(!decompressor.stages[0].stream.isComplete)
        let last = try compressor.finish()
        try decompressor.decompress(last) { decoded.append(contentsOf: $0) }
        try decompressor.finish()
        #expect(decoded == Self.text)
        #expect(compressor.uncompressedByteCount == Int64(Self.text.count))
    }

    @Test(arguments: Samples.codings)
    func flushedStreamsDecodeWithTheFinishCheck(coding: ContentCoding) throws {
        for chunkSize in [1, 7, 4096] {
            let coded = try Samples.encode(
                Array(Self.text.prefix(5000)),
                coding: coding,
                chunkSize: chunkSize,
                flushEachChunk: true
            )
            #expect(try Decompressor.decompress(coded, contentEncoding: coding.name) == Array(Self.text.prefix(5000)))
        }
    }

    @Test(arguments: Samples.codings)
    func levelsTradeSizeForSpeed(coding: ContentCoding) throws {
        let fastest = try Compressor.compress(Self.text, coding: coding, level: .fastest)
        let standard = try Compressor.compress(Self.text, coding: coding)
        let smallest = try Compressor.compress(Self.text, coding: coding, level: .smallest)
        #expect(smallest.count < fastest.count)
        #expect(smallest.count <= standard.count)
        #expect(standard.count < Self.text.count / 3)
        for level in [CompressionLevel.native(-100), .native(100), .native(0)] {
            #expect(
                try Decompressor.decompress(
                    Compressor.compress(Self.text, coding: coding, level: level),
                    contentEncoding: coding.name
                ) == Self.text
            )
        }
    }

    @Test func nativeLevelsAreClamped() {
        #expect(CompressionLevel.native(100).value(for: .zstd) == 19)
        #expect(CompressionLevel.native(-100).value(for: .zstd) == -7)
        #expect(CompressionLevel.native(12).value(for: .brotli) == 11)
        #expect(CompressionLevel.native(-1).value(for: .gzip) == 0)
        #expect(CompressionLevel.smallest.value(for: .deflate) == 9)
        #expect(CompressionLevel.default.value(for: .brotli) == 5)
    }

    @Test func gzipAndDeflateHeaders() throws {
        let gzip = try Compressor.compress(Self.text, coding: .gzip)
        #expect(Array(gzip.prefix(3)) == [0x1F, 0x8B, 8])
        let deflate = try Compressor.compress(Self.text, coding: .deflate)
        #expect(deflate[0] == 0x78)
        #expect((UInt16(deflate[0]) << 8 | UInt16(deflate[1])) % 31 == 0)
        let zstd = try Compressor.compress(Self.text, coding: .zstd)
        #expect(Array(zstd.prefix(4)) == [0x28, 0xB5, 0x2F, 0xFD])
    }

    @Test func identityPassesThrough() throws {
        let compressor = try Compressor(coding: .identity)
        var pieces: [[UInt8]] = []
        try compressor.compress(Array("abc".utf8)) { pieces.append(Array($0)) }
        try compressor.flush { pieces.append(Array($0)) }
        try compressor.compress([]) { pieces.append(Array($0)) }
        try compressor.finish { pieces.append(Array($0)) }
        #expect(pieces == [Array("abc".utf8)])
        #expect(compressor.compressedByteCount == 3)
    }

    @Test(arguments: Samples.codings)
    func piecesAreBoundedAndCounted(coding: ContentCoding) throws {
        let random = Samples.randomBytes(count: 300_000)
        let compressor = try Compressor(coding: coding, level: .fastest)
        var total = 0
        var largest = 0
        try compressor.compress(random) { piece in
            total += piece.count
            largest = max(largest, piece.count)
        }
        try compressor.finish { piece in
            total += piece.count
            largest = max(largest, piece.count)
        }
        #expect(largest <= Compressor.maxPieceBytes)
        #expect(Int64(total) == compressor.compressedByteCount)
        #expect(total > random.count)
    }
}
