// Each Compressor owns one library state and one output buffer, freed when it is released. Not
// Sendable: use it from one thread at a time (a connection's loop).

/// Encodes a body with one content coding, chunk by chunk, for a response whose length is not
/// known in advance.
///
/// Feed the body with ``compress(_:onPiece:)-(UnsafeRawBufferPointer,_)``, call ``flush(onPiece:)``
/// where the client should be able to decode everything sent so far (the end of a streamed chunk,
/// before a pause), and ``finish(onPiece:)`` once at the end. Coded bytes come back in pieces of at
/// most 64 KiB, valid only during the call.
///
/// ```swift
/// let coding = ContentCodingNegotiator().negotiate(acceptEncoding: request.acceptEncoding) ?? .identity
/// let compressor = try Compressor(coding: coding)   // send `Content-Encoding: \(coding)` unless identity
/// try compressor.compress(chunk) { connection.write($0) }
/// try compressor.finish { connection.write($0) }
/// ```
///
/// With ``ContentCoding/identity`` the bytes pass through unchanged. gzip writes one member,
/// `deflate` a zlib stream, zstd one frame with a checksum, brotli one stream.
///
/// Errors are ``CompressionError``s with code ``CompressionError/Code/libraryFailure``, or what
/// `onPiece` throws.
public final class Compressor {
    /// The largest piece handed on at a time.
    public static let maxPieceBytes = 64 << 10

    /// The coding written.
    public let coding: ContentCoding
    /// Bytes taken in so far.
    public private(set) var uncompressedByteCount: Int64 = 0
    /// Coded bytes handed to `onPiece` so far.
    public private(set) var compressedByteCount: Int64 = 0

    private let stream: (any EncodingStream)?
    private let buffer: UnsafeMutableRawBufferPointer
    private var isFinished = false

    /// Creates a compressor for `coding` at `level`.
    public init(coding: ContentCoding, level: CompressionLevel = .default) throws(CompressionError) {
        self.coding = coding
        let value = level.value(for: coding)
        do {
            switch coding.kind {
            case .identity: stream = nil
            case .gzip: stream = try ZlibDeflater(gzip: true, level: value)
            case .deflate: stream = try ZlibDeflater(gzip: false, level: value)
            case .brotli: stream = try BrotliEncoder(quality: value)
            case .zstd: stream = try ZstdEncoder(level: value)
            }
        } catch {
            throw CompressionError(code: error.code, coding: coding, value: error.message, offset: 0)
        }
        buffer = .allocate(byteCount: stream == nil ? 0 : Self.maxPieceBytes, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    /// Takes one chunk of the body; hands on whatever coded bytes the library writes meanwhile.
    public func compress(_ chunk: UnsafeRawBufferPointer, onPiece: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(!isFinished, "Compressor used after finish")
        uncompressedByteCount += Int64(chunk.count)
        guard stream != nil else {
            compressedByteCount += Int64(chunk.count)
            if !chunk.isEmpty { try onPiece(chunk) }
            return
        }
        try run(chunk, mode: .process, onPiece)
    }

    /// Takes one chunk of the body; hands on whatever coded bytes the library writes meanwhile.
    public func compress(_ chunk: [UInt8], onPiece: (UnsafeRawBufferPointer) throws -> Void) throws {
        try chunk.withUnsafeBytes { try compress($0, onPiece: onPiece) }
    }

    /// Writes out everything taken so far so that the client can decode it, and keeps the stream
    /// open: a sync flush for zlib, a flush for brotli, the end of a block for zstd.
    public func flush(onPiece: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(!isFinished, "Compressor used after finish")
        guard stream != nil else { return }
        try run(UnsafeRawBufferPointer(start: nil, count: 0), mode: .flush, onPiece)
    }

    /// Ends the stream and writes out the rest.
    public func finish(onPiece: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(!isFinished, "Compressor finished twice")
        isFinished = true
        guard stream != nil else { return }
        try run(UnsafeRawBufferPointer(start: nil, count: 0), mode: .finish, onPiece)
    }

    /// Takes one chunk and returns the coded bytes written meanwhile.
    public func compress(_ chunk: [UInt8]) throws -> [UInt8] {
        var output: [UInt8] = []
        try compress(chunk) { output.append(contentsOf: $0) }
        return output
    }

    /// Flushes and returns the coded bytes written.
    public func flush() throws -> [UInt8] {
        var output: [UInt8] = []
        try flush { output.append(contentsOf: $0) }
        return output
    }

    /// Ends the stream and returns the last coded bytes.
    public func finish() throws -> [UInt8] {
        var output: [UInt8] = []
        try finish { output.append(contentsOf: $0) }
        return output
    }

    /// Codes a whole body.
    public static func compress(
        _ body: [UInt8],
        coding: ContentCoding,
        level: CompressionLevel = .default
    ) throws -> [UInt8] {
        let compressor = try Compressor(coding: coding, level: level)
        return try compressor.compress(body) + compressor.finish()
    }

    private func run(
        _ input: UnsafeRawBufferPointer,
        mode: EncodingMode,
        _ onPiece: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard let stream else { return }
        var rest = input
        var idleCalls = 0
        while true {
            let step = stream.encode(rest, into: buffer, mode: mode)
            rest = UnsafeRawBufferPointer(rebasing: rest[step.consumed...])
            compressedByteCount += Int64(step.produced)
            if let failure = step.failure {
                throw CompressionError(
                    code: failure.code,
                    coding: coding,
                    value: failure.message,
                    offset: uncompressedByteCount - Int64(rest.count)
                )
            }
            if step.produced > 0 {
                try onPiece(UnsafeRawBufferPointer(rebasing: buffer[..<step.produced]))
            }
            switch mode {
            case .process: if rest.isEmpty && step.produced < buffer.count { return }
            case .flush, .finish: if step.ended { return }
            }
            idleCalls = step.consumed == 0 && step.produced == 0 ? idleCalls + 1 : 0
            if idleCalls > 1 {
                throw CompressionError(
                    code: .libraryFailure,
                    coding: coding,
                    value: "the encoder stopped making progress",
                    offset: uncompressedByteCount - Int64(rest.count)
                )
            }
        }
    }
}

@available(*, unavailable)
extension Compressor: Sendable {}
