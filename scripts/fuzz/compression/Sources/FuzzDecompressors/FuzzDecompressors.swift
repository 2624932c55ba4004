import BoomerangCompression

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer entry point: built with `--sanitize=fuzzer`, libFuzzer supplies `main`.
//
// Input: byte 0 picks the Content-Encoding (low 3 bits) and the chunk size (high 5 bits); the rest
// is the coded body. Properties checked on every input:
// - no crash, leak or memory error (AddressSanitizer);
// - the consumer never gets more than maxDecodedBytes, nor a piece over maxPieceBytes;
// - fed whole or in chunks, the body is accepted or refused alike (same error code, unless one
//   run hit the expansion ratio), and what was handed on agrees (equal on success, one a prefix
//   of the other on refusal);
// - what the Compressor makes of the body decodes back to it.

let encodings = ["gzip", "deflate", "br", "zstd", "gzip, br", "zstd, gzip", "x-gzip", "deflate"]
let configuration = DecompressorConfiguration(
    maxDecodedBytes: 256 << 10,
    maxExpansionRatio: 1000,
    expansionRatioGraceBytes: 64 << 10,
    maxPieceBytes: 4096
)
let rawDeflate = DecompressorConfiguration(
    maxDecodedBytes: 256 << 10,
    expansionRatioGraceBytes: 64 << 10,
    maxPieceBytes: 4096,
    acceptsRawDeflate: true
)

struct Outcome {
    var output: [UInt8] = []
    var code: CompressionError.Code?
}

func decode(_ body: UnsafeRawBufferPointer, _ encoding: String, _ settings: DecompressorConfiguration, chunk: Int)
    -> Outcome
{
    var outcome = Outcome()
    do {
        let decompressor = try Decompressor(contentEncoding: encoding, configuration: settings)
        var start = 0
        repeat {
            let end = min(start + chunk, body.count)
            try decompressor.decompress(UnsafeRawBufferPointer(rebasing: body[start..<end])) { piece in
                check(piece.count <= settings.maxPieceBytes, "piece of \(piece.count) bytes")
                outcome.output.append(contentsOf: piece)
            }
            start = end
        } while start < body.count
        try decompressor.finish()
        check(decompressor.decompressedByteCount == Int64(outcome.output.count))
    } catch let error as CompressionError {
        outcome.code = error.code
    } catch {
        fail("unexpected error \(error)")
    }
    check(outcome.output.count <= settings.maxDecodedBytes, "handed on \(outcome.output.count) bytes")
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let selector = Int(data[0])
    let body = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let encoding = encodings[selector & 7]
    let settings = selector & 7 == 7 ? rawDeflate : configuration
    let chunk = (selector >> 3) + 1

    let whole = decode(body, encoding, settings, chunk: max(body.count, 1))
    let chunked = decode(body, encoding, settings, chunk: chunk)
    // The ratio is measured against the coded bytes read so far, and how far a library reads
    // ahead depends on the chunks it is given: only that limit may tell the two runs apart.
    let ratioLimited = whole.code == .expansionRatioTooHigh || chunked.code == .expansionRatioTooHigh
    check(
        whole.code == chunked.code || ratioLimited,
        "whole: \(String(describing: whole.code)), chunked: \(String(describing: chunked.code))"
    )
    if whole.code == nil && chunked.code == nil {
        check(whole.output == chunked.output, "outputs differ")
    } else {
        let common = min(whole.output.count, chunked.output.count)
        check(whole.output.prefix(common) == chunked.output.prefix(common), "outputs disagree")
    }

    let coding = [ContentCoding.gzip, .deflate, .brotli, .zstd][selector & 3]
    do {
        let bytes = Array(body)
        let coded = try Compressor.compress(bytes, coding: coding, level: selector & 4 == 0 ? .fastest : .default)
        let decoded = try Decompressor.decompress(coded, contentEncoding: coding.name)
        check(decoded == bytes, "round trip")
    } catch {
        fail("round trip failed: \(error)")
    }
    return 0
}

/// Like `precondition`, but the message survives a release build.
func check(_ condition: Bool, _ message: @autoclosure () -> String = "check failed") {
    if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
    let line = Array("FuzzDecompressors: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
