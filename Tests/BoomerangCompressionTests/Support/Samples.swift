@testable import BoomerangCompression

/// Test inputs, made at run time.
enum Samples {
    /// `count` pseudo-random bytes (incompressible).
    static func randomBytes(count: Int, seed: UInt64 = 42) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// The four compressing codings.
    static let codings: [ContentCoding] = [.gzip, .deflate, .brotli, .zstd]

    /// Decodes `coded` fed in chunks of `chunkSize` bytes, then finishes.
    static func decode(
        _ coded: [UInt8],
        contentEncoding: String,
        chunkSize: Int,
        configuration: DecompressorConfiguration = .default
    ) throws -> [UInt8] {
        let decompressor = try Decompressor(contentEncoding: contentEncoding, configuration: configuration)
        var output: [UInt8] = []
        var start = 0
        while start < coded.count {
            let end = min(start + chunkSize, coded.count)
            try decompressor.decompress(Array(coded[start..<end])) { output.append(contentsOf: $0) }
            start = end
        }
        try decompressor.finish()
        return output
    }

    /// Encodes `data` fed in chunks of `chunkSize` bytes, flushing after each chunk if asked.
    static func encode(
        _ data: [UInt8],
        coding: ContentCoding,
        chunkSize: Int,
        flushEachChunk: Bool = false,
        level: CompressionLevel = .default
    ) throws -> [UInt8] {
        let compressor = try Compressor(coding: coding, level: level)
        var output: [UInt8] = []
        var start = 0
        while start < data.count {
            let end = min(start + chunkSize, data.count)
            try compressor.compress(Array(data[start..<end])) { output.append(contentsOf: $0) }
            if flushEachChunk { try compressor.flush { output.append(contentsOf: $0) } }
            start = end
        }
        try compressor.finish { output.append(contentsOf: $0) }
        return output
    }

    /// Runs `body` and returns the `CompressionError` it threw, or `nil`.
    static func error(_ body: () throws -> Void) -> CompressionError? {
        do {
            try body()
            return nil
        } catch let error as CompressionError {
            return error
        } catch {
            return CompressionError(code: .init(rawValue: "unexpected \(error)"), coding: nil, offset: -1)
        }
    }
}
