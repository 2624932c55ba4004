// Owns one decoder and its piece buffer (allocated in init, freed in deinit). Confined, like the
// Decompressor that holds it, to one thread at a time.

/// One coding of a ``Decompressor``'s chain: a library decoder and the buffer its pieces go to.
final class DecompressionStage {
    let coding: ContentCoding
    let stream: any DecodingStream
    let buffer: UnsafeMutableRawBufferPointer
    /// Bytes this stage has decoded so far.
    var produced: Int64 = 0

    init(coding: ContentCoding, configuration: DecompressorConfiguration) throws(CodecFailure) {
        self.coding = coding
        switch coding.kind {
        case .gzip: stream = try ZlibInflater(format: .gzip)
        case .deflate: stream = try ZlibInflater(format: configuration.acceptsRawDeflate ? .zlibOrRaw : .zlib)
        case .brotli: stream = try BrotliDecoder()
        case .zstd: stream = try ZstdDecoder()
        case .identity: preconditionFailure("identity has no stage")
        }
        buffer = .allocate(byteCount: configuration.maxPieceBytes, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }
}
