import BoomerangSerialization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a body to a file with POSIX `write`: the destination side of the core's
/// ``BodyReader``, used to write multipart bodies out before upload.
enum FileBodyWriter {
    /// The size of one copy block.
    static let blockBytes = 65536

    /// Reads `reader` to its end into a file created or truncated at `path`.
    ///
    /// - Returns: the number of bytes written.
    /// - Throws: ``MultipartFormDataError`` `destinationOpenFailed` or `destinationWriteFailed`
    ///   with `errno`; a reader's own ``MultipartFormDataError``; `streamReadFailed` for any other
    ///   reader error. A partly written file is left in place.
    static func write<Reader: BodyReader>(
        _ reader: inout Reader,
        toFile path: String
    ) throws(MultipartFormDataError) -> Int64 {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw MultipartFormDataError(code: .destinationOpenFailed, value: path, systemError: errno)
        }
        defer { _ = close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockBytes, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count: Int
            do {
                count = try reader.read(into: buffer)
            } catch let error as MultipartFormDataError {
                throw error
            } catch {
                throw MultipartFormDataError(
                    code: .streamReadFailed,
                    value: path,
                    offset: total,
                    underlying: String(describing: error)
                )
            }
            if count == 0 { return total }
            var written = 0
            while written < count {
                let result = systemWrite(descriptor, buffer.baseAddress! + written, count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw MultipartFormDataError(
                        code: .destinationWriteFailed,
                        value: path,
                        offset: total,
                        systemError: errno
                    )
                }
                written += result
                total += Int64(result)
            }
        }
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
