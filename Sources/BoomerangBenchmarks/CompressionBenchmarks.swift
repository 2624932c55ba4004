import BoomerangCompression
import BoomerangSamples

/// Content-coding throughput (zlib, brotli and zstd through BoomerangCompression) and the memory a
/// refused decompression bomb costs.
enum CompressionBenchmarks {
    static let all: [Benchmark] =
        [ContentCoding.gzip, .brotli, .zstd].flatMap { coding in
            [
                Benchmark(
                    name: "compress-\(coding)",
                    summary:
                        "\(coding) at the default level, 16 MiB of JSON-like text in 64 KiB chunks (MB/s of input)",
                    run: { try compress(coding) }
                ),
                Benchmark(
                    name: "decompress-\(coding)",
                    summary: "\(coding) back to 16 MiB of JSON-like text, fed in 64 KiB chunks (MB/s of output)",
                    run: { try decompress(coding) }
                ),
            ]
        } + [
            Benchmark(
                name: "decompress-bomb-memory",
                summary: "peak RSS while refusing 4 GiB of zeros (zstd, gzip) at a 64 MiB limit",
                run: bombMemory
            )
        ]

    static let textBytes = 16 << 20
    static let chunkBytes = 64 << 10
    static let iterations = 5

    static func encode(_ text: [UInt8], _ coding: ContentCoding) throws -> [UInt8] {
        let compressor = try Compressor(coding: coding)
        var output: [UInt8] = []
        try text.withUnsafeBytes { whole in
            var start = 0
            while start < whole.count {
                let end = min(start + chunkBytes, whole.count)
                try compressor.compress(UnsafeRawBufferPointer(rebasing: whole[start..<end])) {
                    output.append(contentsOf: $0)
                }
                start = end
            }
        }
        try compressor.finish { output.append(contentsOf: $0) }
        return output
    }

    @Sendable static func compress(_ coding: ContentCoding) throws {
        let text = SampleText.json(count: textBytes)
        var coded: [UInt8] = []
        let seconds = try Measure.times(iterations: iterations) { coded = try encode(text, coding) }
        Measure.reportThroughput(
            "compress-\(coding) (ratio \(ratio(text, coded)))",
            bytes: Int64(text.count),
            seconds: seconds
        )
    }

    @Sendable static func decompress(_ coding: ContentCoding) throws {
        let text = SampleText.json(count: textBytes)
        let coded = try encode(text, coding)
        var decoded: Int64 = 0
        let seconds = try Measure.times(iterations: iterations) {
            let decompressor = try Decompressor(codings: [coding], configuration: .init(maxDecodedBytes: 1 << 30))
            try coded.withUnsafeBytes { whole in
                var start = 0
                while start < whole.count {
                    let end = min(start + chunkBytes, whole.count)
                    try decompressor.decompress(UnsafeRawBufferPointer(rebasing: whole[start..<end])) { _ in }
                    start = end
                }
            }
            try decompressor.finish()
            decoded = decompressor.decompressedByteCount
        }
        precondition(decoded == Int64(text.count))
        Measure.reportThroughput("decompress-\(coding) (from \(coded.count) bytes)", bytes: decoded, seconds: seconds)
    }

    /// Codes 4 GiB of zeros chunk by chunk (never whole in memory), then feeds the result to a
    /// decompressor limited to 64 MiB, ratio check off, and reports the peak RSS.
    @Sendable static func bombMemory() throws {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let limit: Int64 = 64 << 20
        for coding in [ContentCoding.zstd, .gzip] {
            let compressor = try Compressor(coding: coding, level: .fastest)
            var coded: [UInt8] = []
            for _ in 0..<4096 { try compressor.compress(zeros) { coded.append(contentsOf: $0) } }
            try compressor.finish { coded.append(contentsOf: $0) }
            let before = Measure.residentKiB()
            let configuration = DecompressorConfiguration(maxDecodedBytes: limit, maxExpansionRatio: .max)
            let decompressor = try Decompressor(codings: [coding], configuration: configuration)
            var outcome = "accepted"
            do {
                try decompressor.decompress(coded) { _ in }
                try decompressor.finish()
            } catch let error as CompressionError {
                outcome = "\(error.code) after \(error.offset) of \(coded.count) coded bytes"
            }
            print(
                "decompress-bomb-memory (\(coding)): 4 GiB of zeros as \(coded.count) bytes, \(outcome), "
                    + "\(decompressor.decompressedByteCount >> 20) MiB handed on; RSS before \(before) KiB, "
                    + "now \(Measure.residentKiB()) KiB, peak \(Measure.peakResidentKiB()) KiB"
            )
            Measure.peakFigure("decompress-bomb-memory \(coding)")
        }
    }

    static func ratio(_ text: [UInt8], _ coded: [UInt8]) -> String {
        Measure.format(Double(text.count) / Double(coded.count))
    }
}
