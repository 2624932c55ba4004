// Each Decompressor owns its stages, and so its library states and buffers, which are freed when
// it is released. Not Sendable: use it from one thread at a time (a connection's loop).

/// Decodes a body coded with the codings of a `Content-Encoding` field, chunk by chunk, with
/// limits against decompression bombs.
///
/// Feed the body as it arrives with ``decompress(_:onPiece:)-(UnsafeRawBufferPointer,_)``; decoded
/// bytes come back in pieces of at most ``DecompressorConfiguration/maxPieceBytes``. Call
/// ``finish()`` after the last chunk to learn whether the body was complete.
///
/// ```swift
/// let decompressor = try Decompressor(contentEncoding: "gzip, br", configuration: .init(maxDecodedBytes: 1 << 20))
/// try decompressor.decompress(chunk) { piece in sink.write(piece) }   // for every chunk
/// try decompressor.finish()
/// ```
///
/// - Codings are undone in the reverse of the order listed: `gzip, br` means gzip first, then
///   brotli, so brotli is decoded first. `identity` and empty list elements are skipped; with no
///   coding left (``codings`` is empty) the bytes pass through, still under
///   ``DecompressorConfiguration/maxDecodedBytes``.
/// - gzip may hold several members one after another (RFC 1952 §2.2), and zstd several frames;
///   any other bytes after the end of a stream are ``CompressionError/Code/trailingInput``.
/// - An empty body decodes to an empty body whatever the coding, so a client that labels every
///   request, bodiless ones included, is not refused. A body that stops inside a stream is
///   ``CompressionError/Code/truncatedInput``.
/// - With several codings, a stage that finds the bytes handed to it invalid does not end the
///   body at once: the stages before it go on to the end of the body (their output dropped), and
///   the first of them to find its own input invalid is the error; if none does, the inner
///   stage's error comes from ``finish()``. Libraries hold back different amounts of output
///   depending on how the input is cut, so without this the error would depend on the chunks.
///   The limits still end the body at once.
/// - After an error every call throws that error again.
///
/// Errors are ``CompressionError``s, or what `onPiece` throws.
public final class Decompressor {
    /// The codings in the order they were applied (as listed in `Content-Encoding`), without `identity`.
    public let codings: [ContentCoding]
    /// The limits in force.
    public let configuration: DecompressorConfiguration
    /// Coded bytes read so far.
    public private(set) var compressedByteCount: Int64 = 0
    /// Decoded bytes handed to `onPiece` so far; never more than ``DecompressorConfiguration/maxDecodedBytes``.
    public private(set) var decompressedByteCount: Int64 = 0

    /// `stages[0]` undoes the last coding applied.
    let stages: [DecompressionStage]
    private var failure: (any Error)?
    private var isFinished = false
    /// The error of a stage after the first, and that stage: it and the stages after it get no
    /// more input, and the error is thrown at ``finish()`` unless an earlier stage fails first.
    private var innerFailure: (error: CompressionError, stage: Int)?

    /// Creates a decompressor for a `Content-Encoding` field value; several fields joined with commas.
    ///
    /// Throws ``CompressionError/Code/unsupportedCoding`` for a name other than `gzip`, `x-gzip`,
    /// `deflate`, `br`, `zstd` and `identity` (answer 415), ``CompressionError/Code/tooManyCodings``
    /// past ``DecompressorConfiguration/maxCodingCount``.
    public convenience init(
        contentEncoding: String,
        configuration: DecompressorConfiguration = .default
    ) throws(CompressionError) {
        let codings = try Self.codings(inContentEncoding: contentEncoding, maxCodingCount: configuration.maxCodingCount)
        try self.init(codings: codings, configuration: configuration)
    }

    /// Creates a decompressor for codings listed in the order they were applied; `identity` is skipped.
    public init(codings: [ContentCoding], configuration: DecompressorConfiguration = .default) throws(CompressionError)
    {
        let applied = codings.filter { $0 != .identity }
        guard applied.count <= configuration.maxCodingCount else {
            throw CompressionError(
                code: .tooManyCodings,
                coding: nil,
                value: applied.map(\.name).joined(separator: ", "),
                limit: Int64(configuration.maxCodingCount),
                offset: 0
            )
        }
        var stages: [DecompressionStage] = []
        for coding in applied.reversed() {
            do {
                stages.append(try DecompressionStage(coding: coding, configuration: configuration))
            } catch {
                throw CompressionError(code: error.code, coding: coding, value: error.message, offset: 0)
            }
        }
        self.codings = applied
        self.configuration = configuration
        self.stages = stages
    }

    /// Decodes one chunk of the coded body and hands each decoded piece to `onPiece`. A piece is
    /// valid only during the call.
    public func decompress(_ chunk: UnsafeRawBufferPointer, onPiece: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(!isFinished, "Decompressor used after finish()")
        if let failure { throw failure }
        do {
            if stages.isEmpty {
                try passThrough(chunk, onPiece)
            } else {
                try feed(chunk, stage: 0, onPiece)
            }
        } catch {
            failure = error
            throw error
        }
    }

    /// Decodes one chunk of the coded body and hands each decoded piece to `onPiece`.
    public func decompress(_ chunk: [UInt8], onPiece: (UnsafeRawBufferPointer) throws -> Void) throws {
        try chunk.withUnsafeBytes { try decompress($0, onPiece: onPiece) }
    }

    /// Decodes one chunk of the coded body and returns what it decoded to.
    public func decompress(_ chunk: [UInt8]) throws -> [UInt8] {
        var output: [UInt8] = []
        try decompress(chunk) { output.append(contentsOf: $0) }
        return output
    }

    /// Checks that the body ended at the end of every coded stream; throws
    /// ``CompressionError/Code/truncatedInput`` if not. No output remains: every piece was handed
    /// on during ``decompress(_:onPiece:)-(UnsafeRawBufferPointer,_)``.
    public func finish() throws {
        precondition(!isFinished, "Decompressor.finish() called twice")
        if let failure { throw failure }
        if let innerFailure {
            failure = innerFailure.error
            throw innerFailure.error
        }
        if let stage = stages.first(where: { !$0.stream.isComplete }) {
            let error = CompressionError(code: .truncatedInput, coding: stage.coding, offset: compressedByteCount)
            failure = error
            throw error
        }
        isFinished = true
    }

    /// Decodes a whole body with a `Content-Encoding` field value, under the same limits.
    public static func decompress(
        _ body: [UInt8],
        contentEncoding: String,
        configuration: DecompressorConfiguration = .default
    ) throws -> [UInt8] {
        let decompressor = try Decompressor(contentEncoding: contentEncoding, configuration: configuration)
        let output = try decompressor.decompress(body)
        try decompressor.finish()
        return output
    }

    private func passThrough(_ chunk: UnsafeRawBufferPointer, _ onPiece: (UnsafeRawBufferPointer) throws -> Void) throws
    {
        let allowed = Int(min(Int64(chunk.count), configuration.maxDecodedBytes - decompressedByteCount))
        compressedByteCount += Int64(allowed)
        decompressedByteCount += Int64(allowed)
        if allowed > 0 {
            try onPiece(UnsafeRawBufferPointer(rebasing: chunk[..<allowed]))
        }
        if allowed < chunk.count {
            throw CompressionError(
                code: .decodedBodyTooLarge,
                coding: nil,
                limit: configuration.maxDecodedBytes,
                offset: compressedByteCount
            )
        }
    }

    /// Runs `input` through stage `index` and everything after it.
    private func feed(
        _ input: UnsafeRawBufferPointer,
        stage index: Int,
        _ onPiece: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard index < stages.count else {
            decompressedByteCount += Int64(input.count)
            try onPiece(input)
            return
        }
        if let innerFailure, index >= innerFailure.stage { return }
        let stage = stages[index]
        var rest = input
        var idleCalls = 0
        while true {
            // One byte over the limit is enough to know it is crossed.
            let room = Int(min(Int64(stage.buffer.count), configuration.maxDecodedBytes - stage.produced + 1))
            let step = stage.stream.decode(rest, into: UnsafeMutableRawBufferPointer(rebasing: stage.buffer[..<room]))
            rest = UnsafeRawBufferPointer(rebasing: rest[step.consumed...])
            if index == 0 { compressedByteCount += Int64(step.consumed) }
            stage.produced += Int64(step.produced)
            // Of a piece that crosses the limit, the bytes within it are still handed on.
            let excess = stage.produced - configuration.maxDecodedBytes
            let deliverable = excess > 0 ? step.produced - Int(excess) : step.produced
            if excess <= 0 && step.failure == nil { try checkRatio(stage) }
            // What a stage decoded before finding its error is handed on first, as it would have
            // been had the input come in smaller pieces: the next stage's error may come earlier.
            if deliverable > 0 {
                try feed(UnsafeRawBufferPointer(rebasing: stage.buffer[..<deliverable]), stage: index + 1, onPiece)
            }
            if let failure = step.failure {
                let error = CompressionError(code: failure.code, coding: stage.coding, value: failure.message, offset: compressedByteCount)
                guard index > 0 else { throw error }
                if innerFailure == nil || index < innerFailure!.stage { innerFailure = (error, index) }
                return
            }
            if excess > 0 {
                throw CompressionError(
                    code: .decodedBodyTooLarge,
                    coding: stage.coding,
                    limit: configuration.maxDecodedBytes,
                    offset: compressedByteCount
                )
            }
            if step.produced == room { continue }
            if rest.isEmpty { return }
            idleCalls = step.consumed == 0 && step.produced == 0 ? idleCalls + 1 : 0
            if idleCalls > 1 {
                throw CompressionError(
                    code: .libraryFailure,
                    coding: stage.coding,
                    value: "the decoder stopped reading",
                    offset: compressedByteCount
                )
            }
        }
    }

    private func checkRatio(_ stage: DecompressionStage) throws(CompressionError) {
        guard stage.produced > configuration.expansionRatioGraceBytes else { return }
        let (allowed, overflow) = configuration.maxExpansionRatio.multipliedReportingOverflow(by: compressedByteCount)
        if !overflow && stage.produced > allowed {
            throw CompressionError(
                code: .expansionRatioTooHigh,
                coding: stage.coding,
                limit: configuration.maxExpansionRatio,
                offset: compressedByteCount
            )
        }
    }
}

@available(*, unavailable)
extension Decompressor: Sendable {}
