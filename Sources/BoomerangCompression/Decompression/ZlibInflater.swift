import CZlib

// Owns one inflate state (inflateInit2 … inflateEnd in deinit). Not thread-safe: one stream is
// used by one thread at a time.

/// zlib's inflate for gzip (any number of members), zlib-wrapped deflate, or raw deflate.
final class ZlibInflater: DecodingStream {
    enum Format {
        /// RFC 1952 members, one after another.
        case gzip
        /// RFC 1950: a zlib header, deflate data and an Adler-32 trailer.
        case zlib
        /// zlib-wrapped when the first two bytes are a valid zlib header, raw deflate otherwise.
        case zlibOrRaw
    }

    private enum Phase {
        /// Deciding between zlib and raw deflate; holds the first byte once it has arrived.
        case sniffing(UInt8?)
        case inflating
        /// A member or stream ended; `magicSeen` bytes of the next gzip member's magic were read.
        case ended(magicSeen: Int)
    }

    private static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    private let stream = ZlibStream()
    private let format: Format
    private var phase: Phase
    private var initialised = false
    private var sawInput = false

    init(format: Format) throws(CodecFailure) {
        self.format = format
        switch format {
        case .gzip:
            phase = .inflating
            try start(windowBits: 15 + 16)
        case .zlib:
            phase = .inflating
            try start(windowBits: 15)
        case .zlibOrRaw:
            phase = .sniffing(nil)
        }
    }

    deinit {
        if initialised {
            inflateEnd(stream.pointer)
        }
    }

    var isComplete: Bool {
        if !sawInput { return true }
        if case .ended(magicSeen: 0) = phase { return true }
        return false
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> CodecStep {
        if !input.isEmpty { sawInput = true }
        switch phase {
        case .sniffing(let first): return sniff(first, input, output)
        case .inflating: return runInflate(input, output)
        case .ended(let magicSeen): return nextMember(magicSeen, input, output)
        }
    }

    private func start(windowBits: Int32) throws(CodecFailure) {
        let status = CZlib_inflateInit2(stream.pointer, windowBits)
        guard status == Z_OK else { throw .library(stream.message(status)) }
        initialised = true
    }

    private func runInflate(_ input: UnsafeRawBufferPointer, _ output: UnsafeMutableRawBufferPointer) -> CodecStep {
        let (consumed, produced, status) = stream.run(input, output) { CZlib.inflate($0, Z_NO_FLUSH) }
        switch status {
        case Z_OK, Z_BUF_ERROR:
            return CodecStep(consumed: consumed, produced: produced)
        case Z_STREAM_END:
            phase = .ended(magicSeen: 0)
            return CodecStep(consumed: consumed, produced: produced, ended: true)
        case Z_DATA_ERROR, Z_NEED_DICT:
            return CodecStep(consumed: consumed, produced: produced, failure: .corrupt(stream.message(status)))
        default:
            return CodecStep(consumed: consumed, produced: produced, failure: .library(stream.message(status)))
        }
    }

    /// After a member: gzip allows another member, which must start with the magic bytes.
    private func nextMember(
        _ magicSeen: Int,
        _ input: UnsafeRawBufferPointer,
        _ output: UnsafeMutableRawBufferPointer
    ) -> CodecStep {
        if input.isEmpty { return CodecStep(consumed: 0, produced: 0, ended: magicSeen == 0) }
        let trailing = CodecFailure(code: .trailingInput, message: "bytes after the end of the stream")
        guard format == .gzip else { return CodecStep(consumed: 0, produced: 0, failure: trailing) }
        var matched = magicSeen
        for byte in input.prefix(Self.gzipMagic.count - magicSeen) {
            guard byte == Self.gzipMagic[matched] else { return CodecStep(consumed: 0, produced: 0, failure: trailing) }
            matched += 1
        }
        if magicSeen == 0 {
            let status = inflateReset(stream.pointer)
            guard status == Z_OK else {
                return CodecStep(consumed: 0, produced: 0, failure: .library(stream.message(status)))
            }
        }
        phase = .inflating
        let step = runInflate(input, output)
        if matched < Self.gzipMagic.count && step.failure == nil {
            phase = .ended(magicSeen: matched)
        }
        return step
    }

    /// zlib or raw deflate: RFC 1950's header has compression method 8, a window of at most 32 KiB
    /// and a check that makes the first two bytes, read big-endian, a multiple of 31.
    private func sniff(
        _ first: UInt8?,
        _ input: UnsafeRawBufferPointer,
        _ output: UnsafeMutableRawBufferPointer
    ) -> CodecStep {
        guard !input.isEmpty else { return CodecStep(consumed: 0, produced: 0) }
        guard let first else {
            if input.count == 1 {
                phase = .sniffing(input[0])
                return CodecStep(consumed: 1, produced: 0)
            }
            return begin(first: input[0], second: input[1], replaying: nil, input, output)
        }
        return begin(first: first, second: input[0], replaying: first, input, output)
    }

    private func begin(
        first: UInt8,
        second: UInt8,
        replaying held: UInt8?,
        _ input: UnsafeRawBufferPointer,
        _ output: UnsafeMutableRawBufferPointer
    ) -> CodecStep {
        let isZlib = first & 0x0F == 8 && first >> 4 <= 7 && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
        do {
            try start(windowBits: isZlib ? 15 : -15)
        } catch {
            return CodecStep(consumed: 0, produced: 0, failure: error)
        }
        phase = .inflating
        guard let held else { return runInflate(input, output) }
        let replayed = withUnsafeBytes(of: held) { runInflate($0, output) }
        guard replayed.failure == nil, case .inflating = phase else {
            return CodecStep(consumed: 0, produced: replayed.produced, ended: replayed.ended, failure: replayed.failure)
        }
        var rest = runInflate(input, UnsafeMutableRawBufferPointer(rebasing: output[replayed.produced...]))
        rest.produced += replayed.produced
        return rest
    }
}
