import CBrotli

// Owns one BrotliEncoderState (created in init, destroyed in deinit). Not thread-safe: one
// stream is used by one thread at a time.

/// Brotli's streaming encoder, with its default 4 MiB window.
final class BrotliEncoder: EncodingStream {
    private let state: OpaquePointer

    init(quality: Int32) throws(CodecFailure) {
        guard let state = BrotliEncoderCreateInstance(nil, nil, nil) else {
            throw .library("BrotliEncoderCreateInstance failed")
        }
        self.state = state
        guard BrotliEncoderSetParameter(state, BROTLI_PARAM_QUALITY, UInt32(quality)) == BROTLI_TRUE else {
            BrotliEncoderDestroyInstance(state)
            throw .library("BrotliEncoderSetParameter(quality: \(quality)) failed")
        }
    }

    deinit {
        BrotliEncoderDestroyInstance(state)
    }

    func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, mode: EncodingMode)
        -> CodecStep
    {
        let operation: BrotliEncoderOperation =
            switch mode {
            case .process: BROTLI_OPERATION_PROCESS
            case .flush: BROTLI_OPERATION_FLUSH
            case .finish: BROTLI_OPERATION_FINISH
            }
        var availableIn = input.count
        var nextIn = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var availableOut = output.count
        var nextOut = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let succeeded = BrotliEncoderCompressStream(
            state,
            operation,
            &availableIn,
            &nextIn,
            &availableOut,
            &nextOut,
            nil
        )
        let consumed = input.count - availableIn
        let produced = output.count - availableOut
        guard succeeded == BROTLI_TRUE else {
            return CodecStep(
                consumed: consumed,
                produced: produced,
                failure: .library("BrotliEncoderCompressStream failed")
            )
        }
        let ended =
            switch mode {
            case .process: false
            case .flush: availableIn == 0 && BrotliEncoderHasMoreOutput(state) == BROTLI_FALSE
            case .finish: BrotliEncoderIsFinished(state) == BROTLI_TRUE
            }
        return CodecStep(consumed: consumed, produced: produced, ended: ended)
    }
}
