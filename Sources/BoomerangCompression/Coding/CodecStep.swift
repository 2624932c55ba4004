/// What one call into a coding library did: bytes read, bytes written, and whether it stopped at an end.
struct CodecStep {
    /// Input bytes the library read.
    var consumed: Int
    /// Output bytes the library wrote.
    var produced: Int
    /// Decoding: the stream (or the current gzip member, zstd frame) ended.
    /// Encoding: the requested flush or finish is complete.
    var ended: Bool
    /// Why the library refused, if it did; the counts above are still valid.
    var failure: CodecFailure?

    init(consumed: Int, produced: Int, ended: Bool = false, failure: CodecFailure? = nil) {
        self.consumed = consumed
        self.produced = produced
        self.ended = ended
        self.failure = failure
    }
}

/// A library's refusal, before the stream adds where it happened.
struct CodecFailure: Error {
    var code: CompressionError.Code
    var message: String

    static func corrupt(_ message: String) -> CodecFailure {
        CodecFailure(code: .corruptInput, message: message)
    }

    static func library(_ message: String) -> CodecFailure {
        CodecFailure(code: .libraryFailure, message: message)
    }
}

/// One coding library's decoder, driven by ``DecompressionStage``.
protocol DecodingStream: AnyObject {
    /// Decodes as much of `input` as fits into `output`. Called again with the unread rest, or with
    /// no input while the output keeps filling, until it reads everything and leaves room.
    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> CodecStep
    /// Whether the input so far may end here: no input at all, or whole streams (members, frames).
    var isComplete: Bool { get }
}

/// The mode of one call into an encoder.
enum EncodingMode {
    /// Take input; write output when the library decides to.
    case process
    /// Write everything taken so far so that a decoder can decode it, and keep the stream open.
    case flush
    /// Write everything and end the stream.
    case finish
}

/// One coding library's encoder, driven by ``Compressor``.
protocol EncodingStream: AnyObject {
    /// Encodes as much of `input` as it can into `output`. In ``EncodingMode/flush`` and
    /// ``EncodingMode/finish`` the input is empty and `ended` says the operation is complete.
    func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, mode: EncodingMode)
        -> CodecStep
}
