import CZstd

// Owns one ZSTD_DCtx (created in init, freed in deinit). Not thread-safe: one stream is used by
// one thread at a time.

/// Zstandard's streaming decoder: any number of frames (skippable frames included), each with a
/// window of at most 8 MiB (RFC 9659 §3), so a frame cannot make the decoder allocate more.
final class ZstdDecoder: DecodingStream {
    /// log2 of the largest window accepted: 8 MiB.
    static let maxWindowLog: Int32 = 23

    private let context: OpaquePointer
    private var atFrameEnd = true
    private var decodedFrame = false

    init() throws(CodecFailure) {
        guard let context = ZSTD_createDCtx() else { throw .library("ZSTD_createDCtx failed") }
        self.context = context
        let status = ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, Self.maxWindowLog)
        if ZSTD_isError(status) != 0 {
            ZSTD_freeDCtx(context)
            throw .library(String(cString: ZSTD_getErrorName(status)))
        }
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    var isComplete: Bool { atFrameEnd }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> CodecStep {
        if input.isEmpty && atFrameEnd { return CodecStep(consumed: 0, produced: 0, ended: true) }
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let status = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
        if ZSTD_isError(status) != 0 {
            let message = String(cString: ZSTD_getErrorName(status))
            switch ZSTD_getErrorCode(status) {
            case ZSTD_error_memory_allocation:
                return CodecStep(consumed: inBuffer.pos, produced: outBuffer.pos, failure: .library(message))
            case ZSTD_error_prefix_unknown where decodedFrame:
                // A bad magic number after a frame, however the bytes were split: trailing bytes,
                // reported where the call's input starts, as for the other codings.
                let failure = CodecFailure(code: .trailingInput, message: "bytes after the end of the stream")
                return CodecStep(consumed: 0, produced: 0, failure: failure)
            default:
                return CodecStep(consumed: inBuffer.pos, produced: outBuffer.pos, failure: .corrupt(message))
            }
        }
        // 0: a frame is complete and all of it has been written out.
        atFrameEnd = status == 0
        if atFrameEnd { decodedFrame = true }
        return CodecStep(consumed: inBuffer.pos, produced: outBuffer.pos, ended: atFrameEnd)
    }
}
