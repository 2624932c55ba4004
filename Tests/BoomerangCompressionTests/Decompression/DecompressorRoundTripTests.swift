import BoomerangSamples
import Testing

@testable import BoomerangCompression

@Suite struct DecompressorRoundTripTests {
    static let text = SampleText.json(count: 1500)

    /// Decodes `coded` fed in chunks of `chunkSize` bytes, then finishes: the output, and the
    /// largest piece it came in.
    static func decode(_ coded: [UInt8], with decompressor: Decompressor, chunkSize: Int) throws -> (output: [UInt8], largest: Int) {
        var output: [UInt8] = []
        var largest = 0
        var start = 0
        while start < coded.count {
            let end = min(start + chunkSize, coded.count)
            try decompressor.decompress(Array(coded[start..<end])) { piece in
                largest = max(largest, piece.count)
                output.append(contentsOf: piece)
            }
            start = end
        }
        try decompressor.finish()
        return (output, largest)
    }

    @Test(arguments: Samples.codings)
    func decodesInChunksOfEverySize(coding: ContentCoding) throws {
        let coded = try Compressor.compress(Self.text, coding: coding)
        #expect(coded.count < Self.text.count / 2)
        for chunkSize in 1...coded.count {
            let decoded = try Samples.decode(coded, contentEncoding: coding.name, chunkSize: chunkSize)
            #expect(decoded == Self.text, "chunk size \(chunkSize)")
        }
    }

    @Test(arguments: Samples.codings)
    func encodesInChunksOfEverySize(coding: ContentCoding) throws {
        for chunkSize in 1...Self.text.count {
            let coded = try Samples.encode(Self.text, coding: coding, chunkSize: chunkSize)
            #expect(try Decompressor.decompress(coded, contentEncoding: coding.name) == Self.text, "chunk \(chunkSize)")
        }
    }

    @Test(arguments: Samples.codings, [1, 2, 3, 7, 100, 4096])
    func piecesNeverExceedTheConfiguredSize(coding: ContentCoding, maxPieceBytes: Int) throws {
        let text = SampleText.json(count: 20_000)
        let coded = try Compressor.compress(text, coding: coding)
        for chunkSize in [1, 13, 1000, coded.count] {
            let decompressor = try Decompressor(codings: [coding], configuration: .init(maxPieceBytes: maxPieceBytes))
            let (output, largest) = try Self.decode(coded, with: decompressor, chunkSize: chunkSize)
            #expect(output == text)
            #expect(largest <= maxPieceBytes)
            #expect(decompressor.compressedByteCount == Int64(coded.count))
            #expect(decompressor.decompressedByteCount == Int64(text.count))
        }
    }

    @Test(arguments: Samples.codings)
    func largeBodyInBoundedPieces(coding: ContentCoding) throws {
        let text = SampleText.json(count: 3 << 20)
        let coded = try Samples.encode(text, coding: coding, chunkSize: 100_000)
        let decompressor = try Decompressor(codings: [coding])
        let (output, largest) = try Self.decode(coded, with: decompressor, chunkSize: 65_536)
        #expect(output == text)
        #expect(largest == 64 << 10)
    }

    @Test func stackedCodingsAreUndoneInReverseOrder() throws {
        let coded = try Compressor.compress(Compressor.compress(Self.text, coding: .gzip), coding: .brotli)
        for chunkSize in 1...coded.count {
            #expect(try Samples.decode(coded, contentEncoding: "gzip, br", chunkSize: chunkSize) == Self.text)
        }
        let decompressor = try Decompressor(contentEncoding: "gzip, br")
        #expect(decompressor.codings == [.gzip, .brotli])
        #expect(decompressor.stages.map(\.coding) == [.brotli, .gzip])
        // Listed the other way round, the brotli decoder meets the gzip stream.
        let swapped = Samples.error { _ = try Decompressor.decompress(coded, contentEncoding: "br, gzip") }
        #expect(swapped?.code == .corruptInput)
        #expect(swapped?.coding == .gzip)
    }

    @Test func threeLayers() throws {
        var coded = Self.text
        for coding in [ContentCoding.zstd, .deflate, .gzip] {
            coded = try Compressor.compress(coded, coding: coding)
        }
        #expect(try Samples.decode(coded, contentEncoding: "zstd,deflate,gzip", chunkSize: 3) == Self.text)
    }

    @Test(arguments: Samples.codings)
    func emptyBodyDecodesToEmpty(coding: ContentCoding) throws {
        #expect(try Decompressor.decompress([], contentEncoding: coding.name) == [])
        let decompressor = try Decompressor(codings: [coding])
        try decompressor.decompress([]) { _ in Issue.record("no output expected") }
        try decompressor.finish()
    }

    @Test(arguments: Samples.codings)
    func emptyContentRoundTrips(coding: ContentCoding) throws {
        let coded = try Compressor.compress([], coding: coding)
        #expect(!coded.isEmpty)
        #expect(try Samples.decode(coded, contentEncoding: coding.name, chunkSize: 1) == [])
    }

    @Test func identityPassesThroughUnderTheLimit() throws {
        #expect(try Decompressor.decompress(Self.text, contentEncoding: "identity") == Self.text)
        #expect(try Decompressor.decompress(Self.text, contentEncoding: "") == Self.text)
        let decompressor = try Decompressor(contentEncoding: " , identity", configuration: .init(maxDecodedBytes: 1000))
        #expect(decompressor.codings.isEmpty)
        var output: [UInt8] = []
        let error = Samples.error { try decompressor.decompress(Self.text) { output.append(contentsOf: $0) } }
        #expect(error == CompressionError(code: .decodedBodyTooLarge, coding: nil, limit: 1000, offset: 1000))
        #expect(output == Array(Self.text.prefix(1000)))
    }
}
