import BoomerangSamples
import Foundation
import Testing

@testable import BoomerangCompression

@Suite struct DecompressorErrorTests {
    static let text = SampleText.json(count: 3000)

    @Test(arguments: Samples.codings)
    func everyTruncationIsReportedAtFinish(coding: ContentCoding) throws {
        let coded = try Compressor.compress(Self.text, coding: coding)
        for length in 1..<coded.count {
            let decompressor = try Decompressor(codings: [coding])
            var output: [UInt8] = []
            try decompressor.decompress(Array(coded.prefix(length))) { output.append(contentsOf: $0) }
            #expect(Self.text.starts(with: output))
            let error = Samples.error { try decompressor.finish() }
            #expect(
                error == CompressionError(code: .truncatedInput, coding: coding, offset: Int64(length)),
                "\(length)"
            )
        }
    }

    @Test(arguments: Samples.codings)
    func trailingBytesAfterTheStream(coding: ContentCoding) throws {
        let coded = try Compressor.compress(Self.text, coding: coding)
        for trailer: [UInt8] in [Array("garbage".utf8), [0, 0, 0, 0], [0x1F, 0x8C, 0, 0]] {
            let whole = Samples.error { _ = try Decompressor.decompress(coded + trailer, contentEncoding: coding.name) }
            #expect(
                whole
                    == CompressionError(
                        code: .trailingInput,
                        coding: coding,
                        value: "bytes after the end of the stream",
                        offset: Int64(coded.count)
                    ),
                "\(trailer)"
            )
            // Byte by byte, a byte that could still start a gzip member is read before the next one refutes it.
            let error = Samples.error {
                _ = try Samples.decode(coded + trailer, contentEncoding: coding.name, chunkSize: 1)
            }
            #expect(error?.code == .trailingInput, "\(trailer)")
            let expected = coding == .gzip && trailer[0] == 0x1F ? 1 : 0
            #expect(error?.offset == Int64(coded.count + expected), "\(trailer)")
        }
        // Found by fuzzing: the first byte of zstd's magic, then a mismatch, split across chunks.
        if coding == .zstd {
            let error = Samples.error {
                _ = try Samples.decode(coded + [0x28, 0x2F, 0, 4], contentEncoding: "zstd", chunkSize: 1)
            }
            #expect(error?.code == .trailingInput)
            #expect(error?.offset == Int64(coded.count + 1))
        }
    }

    @Test(arguments: Samples.codings)
    func uncodedTextIsCorrupt(coding: ContentCoding) throws {
        let error = Samples.error { _ = try Decompressor.decompress(Self.text, contentEncoding: coding.name) }
        #expect(error?.code == .corruptInput)
        #expect(error?.coding == coding)
        #expect(error?.value.isEmpty == false)
    }

    @Test(arguments: Samples.codings)
    func flippedBitsAreCaught(coding: ContentCoding) throws {
        let coded = try Compressor.compress(Self.text, coding: coding)
        // Every coding here checks its content: CRC-32 (gzip), Adler-32 (zlib), XXH64 (zstd);
        // brotli has no checksum but its structure rarely survives a flipped bit in the middle.
        var refused = 0
        for index in stride(from: 20, to: coded.count - 8, by: 7) {
            var damaged = coded
            damaged[index] ^= 0x10
            let outcome = Samples.error { _ = try Decompressor.decompress(damaged, contentEncoding: coding.name) }
            if let outcome {
                #expect([.corruptInput, .truncatedInput, .trailingInput].contains(outcome.code), "\(outcome)")
                refused += 1
            }
        }
        let tried = (coded.count - 28 + 6) / 7
        #expect(refused >= (coding == .brotli ? tried / 2 : tried))
    }

    @Test func gzipDetailsFromZlib() throws {
        let coded = try Compressor.compress(Self.text, coding: .gzip)
        var badCRC = coded
        badCRC[coded.count - 6] ^= 0xFF
        let error = Samples.error { _ = try Decompressor.decompress(badCRC, contentEncoding: "gzip") }
        #expect(
            error
                == CompressionError(
                    code: .corruptInput,
                    coding: .gzip,
                    value: "incorrect data check",
                    offset: Int64(coded.count - 4)
                )
        )
        let header = Samples.error { _ = try Decompressor.decompress(Array("{}".utf8), contentEncoding: "gzip") }
        #expect(
            header == CompressionError(code: .corruptInput, coding: .gzip, value: "incorrect header check", offset: 2)
        )
    }

    @Test func concatenatedGzipMembersDecodeAsOneBody() throws {
        let first = Array(Self.text.prefix(1000))
        let second = Array(Self.text.dropFirst(1000))
        let coded =
            try Compressor.compress(first, coding: .gzip) + CodecTool.pythonGzip(second)
            + Compressor.compress([], coding: .gzip)
        for chunkSize in 1...coded.count {
            #expect(try Samples.decode(coded, contentEncoding: "x-gzip", chunkSize: chunkSize) == Self.text)
        }
        #expect(try CodecTool.pythonGunzip(coded) == Self.text)
        // Cut inside the second member's magic, or just after it: truncated, not complete.
        let firstLength = try Compressor.compress(first, coding: .gzip).count
        for cut in [firstLength + 1, firstLength + 2, firstLength + 10] {
            let error = Samples.error {
                _ = try Samples.decode(Array(coded.prefix(cut)), contentEncoding: "gzip", chunkSize: 1)
            }
            #expect(error == CompressionError(code: .truncatedInput, coding: .gzip, offset: Int64(cut)))
        }
    }

    @Test func concatenatedZstdFramesDecodeAsOneBody() throws {
        let coded =
            try CodecTool.zstd(Array(Self.text.prefix(100)))
            + Compressor.compress(Array(Self.text.dropFirst(100)), coding: .zstd)
        for chunkSize in [1, 2, 17, coded.count] {
            #expect(try Samples.decode(coded, contentEncoding: "zstd", chunkSize: chunkSize) == Self.text)
        }
    }

    @Test(arguments: [ContentCoding.deflate, .brotli])
    func secondStreamIsTrailingInput(coding: ContentCoding) throws {
        let one = try Compressor.compress(Self.text, coding: coding)
        let error = Samples.error { _ = try Decompressor.decompress(one + one, contentEncoding: coding.name) }
        #expect(
            error
                == CompressionError(
                    code: .trailingInput,
                    coding: coding,
                    value: "bytes after the end of the stream",
                    offset: Int64(one.count)
                )
        )
    }

    @Test func rawDeflateOnlyWhenAllowed() throws {
        let raw = try CodecTool.pythonRawDeflate(Self.text)
        let strict = Samples.error { _ = try Decompressor.decompress(raw, contentEncoding: "deflate") }
        #expect(strict?.code == .corruptInput)
        let lenient = DecompressorConfiguration(acceptsRawDeflate: true)
        let wrapped = try CodecTool.pythonZlib(Self.text)
        for chunkSize in [1, 2, 3, 100, raw.count] {
            #expect(
                try Samples.decode(raw, contentEncoding: "deflate", chunkSize: chunkSize, configuration: lenient)
                    == Self.text
            )
            #expect(
                try Samples.decode(wrapped, contentEncoding: "deflate", chunkSize: chunkSize, configuration: lenient)
                    == Self.text
            )
        }
        // A single byte is held until the second decides; with nothing after it, the body is cut short.
        let decompressor = try Decompressor(codings: [.deflate], configuration: lenient)
        try decompressor.decompress([raw[0]]) { _ in Issue.record("no output expected") }
        #expect(Samples.error { try decompressor.finish() }?.code == .truncatedInput)
    }

    @Test func contentEncodingNames() throws {
        let four = DecompressorConfiguration(maxCodingCount: 4)
        let codings = try Decompressor(contentEncoding: " GZIP ,,\tBr , identity,x-gzip, ZSTD", configuration: four)
            .codings
        #expect(codings == [.gzip, .brotli, .gzip, .zstd])
        let error = Samples.error { _ = try Decompressor(contentEncoding: "gzip, compress") }
        #expect(error == CompressionError(code: .unsupportedCoding, coding: nil, value: "compress", offset: 6))
        let empty = Samples.error { _ = try Decompressor(contentEncoding: "gzip;q=1") }
        #expect(empty?.code == .unsupportedCoding)
        #expect(empty?.value == "gzip;q=1")
    }

    @Test func errorsDescribeThemselves() {
        let error = CompressionError(code: .decodedBodyTooLarge, coding: .brotli, limit: 1024, offset: 77)
        #expect(error.description == "CompressionError(decodedBodyTooLarge in br at byte 77, limit 1024)")
        let corrupt = CompressionError(code: .corruptInput, coding: .gzip, value: "incorrect header check", offset: 2)
        #expect(corrupt.description == #"CompressionError(corruptInput in gzip at byte 2: "incorrect header check")"#)
    }
}

/// Inputs the fuzzer (scripts/fuzz/compression, FuzzDecompressors) found.
extension DecompressorErrorTests {
    /// `zstd, gzip`: a gzip member (a bit flipped) holding a zstd frame with bytes after it. Whole,
    /// gzip's check failed in the same call that decoded the member and its bytes were dropped
    /// unseen; one byte at a time, zstd had already refused the bytes after its frame. Now zstd's
    /// refusal waits while gzip reads on, and gzip's own error is the answer either way.
    static let gzipOfZstdWithABitFlipped: [UInt8] = [
        0x1F, 0x8B, 0x08, 0x00, 0xB3, 0x7E, 0x09, 0x6B, 0x02, 0xFF, 0xD3, 0xD8, 0xAA, 0xFF, 0x97, 0x25, 0x82, 0x97,
        0x89, 0xA1, 0x85, 0xB9, 0x5A, 0x29, 0x33, 0x45, 0xC9, 0xCA, 0x50, 0x47, 0x29, 0x2F, 0x31, 0x37, 0x55, 0xC9,
        0x4A, 0x29, 0x29, 0x3F, 0x3F, 0x37, 0xB5, 0x28, 0x31, 0x2F, 0x5D, 0x49, 0x47, 0xA9, 0x24, 0x31, 0xBD, 0x58,
        0xC9, 0x2A, 0x5A, 0x29, 0x11, 0xC8, 0x4E, 0x52, 0x8A, 0xD5, 0x51, 0x2A, 0x4E, 0xCE, 0x2F, 0x02, 0x2A, 0x32,
        0xD6, 0x33, 0xAD, 0x65, 0x64, 0x88, 0x38, 0xF4, 0x4F, 0x54, 0x64, 0x69, 0xD1, 0x4A, 0x66, 0x08, 0xEF, 0x0D,
        0xC2, 0x61, 0x4E, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF5, 0x00,
    ]

    @Test(arguments: [1, 7, 1 << 20])
    func anOuterStagesErrorWinsOverTheInnerStagesHowEverTheBodyIsSplit(chunkSize: Int) {
        let error = Samples.error {
            _ = try Samples.decode(Self.gzipOfZstdWithABitFlipped, contentEncoding: "zstd, gzip", chunkSize: chunkSize)
        }
        #expect(error?.code == .corruptInput)
        #expect(error?.coding == .gzip)
    }

    /// `gzip, br`: a brotli stream holding a gzip member with bytes after it, then bytes that are
    /// not brotli. Whole, libbrotli fails before handing on the member (it holds its output back);
    /// one byte at a time, it hands the member on first and gzip refuses the bytes after it.
    static let brotliOfGzipThenGarbage: [UInt8] = Array(
        Data(
            base64Encoded:
                "DzOAH4sIADWKCWsC/6tWykxRsjLUUcpLzE1VslJKys/PTS1KzEtX0lEqSUwvVrKKVkoEspOUYnWUipPzi4CKjPVMa6tH9Y3qG9U3qo+APgBgi13dYAQAAAMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
        )!)

    @Test(arguments: [1, 2, 16, 1 << 20])
    func aStackedCodingOverBrotliFailsAlikeHowEverTheBodyIsSplit(chunkSize: Int) {
        #expect(Self.brotliOfGzipThenGarbage.count == 171)
        let error = Samples.error {
            _ = try Samples.decode(Self.brotliOfGzipThenGarbage, contentEncoding: "gzip, br", chunkSize: chunkSize)
        }
        #expect(error?.code == .corruptInput)
        #expect(error?.coding == .brotli)
    }

    @Test func anInnerStagesErrorComesAtTheEndWhenTheOuterStageIsSound() throws {
        // A valid gzip member, then bytes that are not one: gzip refuses them, brotli (outer) is whole.
        var inner = try Compressor.compress(Array("hello".utf8), coding: .gzip, level: .fastest)
        inner += Array("not gzip".utf8)
        let body = try Compressor.compress(inner, coding: .brotli, level: .fastest)
        let decompressor = try Decompressor(contentEncoding: "gzip, br")
        var output: [UInt8] = []
        try decompressor.decompress(body) { output += $0 }
        #expect(output == Array("hello".utf8))
        let error = Samples.error { try decompressor.finish() }
        #expect(error?.code == .trailingInput)
        #expect(error?.coding == .gzip)
    }
}

extension DecompressorErrorTests {
    /// The magic number of zstd's old v0.7 format, then bytes: whole, libzstd took it for the start
    /// of a legacy frame (`truncatedInput` at the end); byte by byte, it refused it (`corruptInput`).
    static let legacyZstdMagic: [UInt8] = [0x27, 0xB5, 0x2F, 0xFD, 0x04, 0x5A, 0x65, 0x00]

    @Test(arguments: [1, 3, 1 << 20])
    func aLegacyZstdFrameIsCorruptHowEverItIsSplit(chunkSize: Int) {
        let error = Samples.error {
            _ = try Samples.decode(Self.legacyZstdMagic, contentEncoding: "zstd", chunkSize: chunkSize)
        }
        #expect(error?.code == .corruptInput)
        #expect(error?.offset == 0)
    }
}
