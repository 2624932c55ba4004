import CZlib

// Owns one deflate state (deflateInit2 … deflateEnd in deinit). Not thread-safe: one stream is
// used by one thread at a time.

/// zlib's deflate, writing a gzip member or a zlib stream.
final class ZlibDeflater: EncodingStream {
    private let stream = ZlibStream()

    /// - Parameter gzip: a gzip member (RFC 1952) if `true`, a zlib stream (RFC 1950) if `false`.
    init(gzip: Bool, level: Int32) throws(CodecFailure) {
        // memLevel 8 is zlib's default: about 256 KiB of state with the 32 KiB window.
        let status = CZlib_deflateInit2(stream.pointer, level, gzip ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY)
        guard status == Z_OK else { throw .library(stream.message(status)) }
    }

    deinit {
        deflateEnd(stream.pointer)
    }

    func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, mode: EncodingMode)
        -> CodecStep
    {
        let flush: Int32 =
            switch mode {
            case .process: Z_NO_FLUSH
            case .flush: Z_SYNC_FLUSH
            case .finish: Z_FINISH
            }
        let (consumed, produced, status) = stream.run(input, output) { deflate($0, flush) }
        switch status {
        case Z_STREAM_END:
            return CodecStep(consumed: consumed, produced: produced, ended: true)
        case Z_OK, Z_BUF_ERROR:
            // A sync flush is complete once deflate leaves output space unused; Z_BUF_ERROR means
            // nothing was pending (a flush right after a flush).
            let flushed = mode == .flush && (produced < output.count || status == Z_BUF_ERROR)
            return CodecStep(consumed: consumed, produced: produced, ended: flushed)
        default:
            return CodecStep(consumed: consumed, produced: produced, failure: .library(stream.message(status)))
        }
    }
}
