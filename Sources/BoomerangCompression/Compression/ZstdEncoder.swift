import CZstd

// Owns one ZSTD_CCtx (created in init, freed in deinit). Not thread-safe: one stream is used by
// one thread at a time.

/// Zstandard's streaming encoder; frames carry a content checksum, as the `zstd` tool writes them.
final class ZstdEncoder: EncodingStream {
    private let context: OpaquePointer

    init(level: Int32) throws(CodecFailure) {
        guard let context = ZSTD_createCCtx() else { throw .library("ZSTD_createCCtx failed") }
        self.context = context
        for (parameter, value) in [(ZSTD_c_compressionLevel, level), (ZSTD_c_checksumFlag, 1)] {
            let status = ZSTD_CCtx_setParameter(context, parameter, value)
            if ZSTD_isError(status) != 0 {
                ZSTD_freeCCtx(context)
                throw .library(String(cString: ZSTD_getErrorName(status)))
            }
        }
    }

    deinit {
        ZSTD_freeCCtx(context)
    }

    func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, mode: EncodingMode)
        -> CodecStep
    {
        let directive: ZSTD_EndDirective =
            switch mode {
            case .process: ZSTD_e_continue
            case .flush: ZSTD_e_flush
            case .finish: ZSTD_e_end
            }
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let remaining = ZSTD_compressStream2(context, &outBuffer, &inBuffer, directive)
        if ZSTD_isError(remaining) != 0 {
            return CodecStep(
                consumed: inBuffer.pos,
                produced: outBuffer.pos,
                failure: .library(String(cString: ZSTD_getErrorName(remaining)))
            )
        }
        // For flush and end, the return value is what is still to be written; 0 means done.
        return CodecStep(consumed: inBuffer.pos, produced: outBuffer.pos, ended: mode != .process && remaining == 0)
    }
}
