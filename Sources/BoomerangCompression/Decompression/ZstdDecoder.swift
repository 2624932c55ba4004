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
    /// How many bytes of the current frame's magic number have been checked, and its first byte.
    private var magicChecked = 0
    private var magicFirst: UInt8 = 0

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
        if magicChecked < 4 && !checkMagic(input) {
            // libzstd would also take the magic numbers of its old formats (built with legacy
            // support), and then only when the first bytes arrive together: RFC 8878's zstd has one.
            let failure =
                decodedFrame
                ? CodecFailure(code: .trailingInput, message: "bytes after the end of the stream")
                : .corrupt("not a zstd frame's magic number")
            return CodecStep(consumed: 0, produced: 0, failure: failure)
        }
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
        if atFrameEnd {
            decodedFrame = true
            magicChecked = 0
        }
        return CodecStep(consumed: inBuffer.pos, produced: outBuffer.pos, ended: atFrameEnd)
    }

    /// Checks the bytes of a frame's magic number that `input` holds: 28 B5 2F FD, or a
    /// skippable frame's 5x 2A 4D 18 (RFC 8878 §3.1.1 and §3.1.2).
    private func checkMagic(_ input: UnsafeRawBufferPointer) -> Bool {
        for byte in input.prefix(4 - magicChecked) {
            if magicChecked == 0 { magicFirst = byte }
            let expected: UInt8? =
                magicFirst == 0x28
                ? [0x28, 0xB5, 0x2F, 0xFD][magicChecked]
                : magicFirst & 0xF0 == 0x50 ? [magicFirst, 0x2A, 0x4D, 0x18][magicChecked] : nil
            guard byte == expected else { return false }
            magicChecked += 1
        }
        return true
    }
}
