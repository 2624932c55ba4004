#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of the multipart part being read, while it may still be echoed inline.
///
/// A part known to fit (the request's `Content-Length` bounds it under the inline limit) is kept
/// in one buffer reserved to that bound, so it is never copied to grow. Any other part is kept in
/// memory up to ``memoryLimit`` and beyond that in an unlinked temporary file in the
/// `temporary_directory` setting's folder, read back only when the part ends within the limit: a
/// large upload, whose part ends up over the limit, never holds the limit in memory. When the file
/// cannot be made or written, the bytes stay in memory.
package struct InlinePartBytes {
    /// The most bytes of a part whose size is not known to fit held in memory.
    package static let memoryLimit = 1 << 20

    package private(set) var count = 0
    /// Set when spooled bytes could not be read back: the part can no longer be echoed.
    private var lost = false
    private var memory: [UInt8] = []
    private var spool: SpoolFile?
    /// Whether bytes past ``memoryLimit`` go to a file.
    private var spills = false
    /// The folder of that file.
    private let spillDirectory: String

    /// Whether the bytes are in a file now.
    package var isSpilled: Bool { spool != nil }

    /// Starts a part; `bound` is the most bytes it can have, when the request's length says so,
    /// `limit` the most it may have to stay inline, and `spillDirectory` where a file it spills to
    /// is made.
    package init(bound: Int?, limit: Int, spillDirectory: String) {
        self.spillDirectory = spillDirectory
        if let bound, bound <= limit {
            memory.reserveCapacity(bound)
        } else {
            spills = true
        }
    }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !lost else { return }
        count += bytes.count
        if spool == nil, !spills || memory.count + bytes.count <= Self.memoryLimit {
            memory.append(contentsOf: bytes)
            return
        }
        if spool == nil {
            guard let file = SpoolFile.make(in: spillDirectory), memory.withUnsafeBytes({ file.append($0) }) else {
                spills = false
                memory.append(contentsOf: bytes)
                return
            }
            spool = file
            memory = []
        }
        if !spool!.append(bytes) {
            // Back to memory with what the file holds, when it can still be read.
            guard let held = spool!.contents(count - bytes.count) else {
                spool = nil
                lost = true
                return
            }
            spool = nil
            spills = false
            memory = held
            memory.append(contentsOf: bytes)
        }
    }

    /// The part's bytes; `nil` when they were lost (a temporary file that could not be read back).
    package func take() -> [UInt8]? {
        guard !lost else { return nil }
        guard let spool else { return memory }
        return spool.contents(count)
    }
}

/// An unlinked temporary file, closed with its last reference.
private final class SpoolFile {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    static func make(in directory: String) -> SpoolFile? {
        var template = Array("\(directory)/boomerang-part.XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return SpoolFile(descriptor: descriptor)
    }

    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The first `count` bytes of the file.
    func contents(_ count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var offset = 0
            while offset < count {
                let got = pread(descriptor, buffer.baseAddress! + offset, count - offset, off_t(offset))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    failed = true
                    break
                }
                offset += got
            }
            initialized = failed ? 0 : count
        }
        return failed ? nil : bytes
    }
}
