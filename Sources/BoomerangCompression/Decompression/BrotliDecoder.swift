import CBrotli

// Owns one BrotliDecoderState (created in init, destroyed in deinit). Not thread-safe: one stream
// is used by one thread at a time. The decoder's ring buffer follows the window the stream
// declares, at most 16 MiB (large windows stay off).

/// Brotli's streaming decoder.
final class BrotliDecoder: DecodingStream {
    private let state: OpaquePointer
    private var ended = false
    private var sawInput = false

    init() throws(CodecFailure) {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
            throw .library("BrotliDecoderCreateInstance failed")
        }
        self.state = state
    }

    deinit {
        BrotliDecoderDestroyInstance(state)
    }

    var isComplete: Bool { ended || !sawInput }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> CodecStep {
        if !input.isEmpty { sawInput = true }
        if ended {
            guard input.isEmpty else {
                return CodecStep(
                    consumed: 0,
                    produced: 0,
                    failure: CodecFailure(code: .trailingInput, message: "bytes after the end of the stream")
                )
            }
            return CodecStep(consumed: 0, produced: 0, ended: true)
        }
        var availableIn = input.count
        var nextIn = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var availableOut = output.count
        var nextOut = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
        let consumed = input.count - availableIn
        let produced = output.count - availableOut
        if result == BROTLI_DECODER_RESULT_SUCCESS {
            ended = true
            return CodecStep(consumed: consumed, produced: produced, ended: true)
        }
        if result == BROTLI_DECODER_RESULT_ERROR {
            let code = BrotliDecoderGetErrorCode(state)
            let message = String(cString: BrotliDecoderErrorString(code))
            // Format errors run from -1 to BLOCK_SWITCH (-17); the rest are allocation and usage errors.
            let failure: CodecFailure =
                code.rawValue >= BROTLI_DECODER_ERROR_FORMAT_BLOCK_SWITCH.rawValue
                ? .corrupt(message) : .library(message)
            return CodecStep(consumed: consumed, produced: produced, failure: failure)
        }
        return CodecStep(consumed: consumed, produced: produced)
    }
}
