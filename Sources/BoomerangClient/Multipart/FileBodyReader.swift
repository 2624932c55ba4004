import BoomerangSerialization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file adapter of the core's ``BodyReader``: an open file read with POSIX `read`, closed
/// when the reader goes.
///
/// Failures are ``MultipartFormDataError`` values (`fileOpenFailed`, `fileReadFailed`, with the
/// path and `errno`), so a multipart body that reads a file part through it reports them as
/// AFNetworking's form reports file errors; the form adds the offset.
///
/// ```swift
/// form.appendPart(stream: FileBodyReader.stream(path: path, length: size), name: "f",
///                 filename: "f.bin", length: size, mimeType: "application/octet-stream")
/// ```
public final class FileBodyReader: BodyReader {
    /// The file's path.
    public let path: String
    private let descriptor: Int32

    /// Opens a file for reading.
    ///
    /// - Throws: ``MultipartFormDataError`` `fileOpenFailed` with the `errno` of `open`.
    public init(path: String) throws(MultipartFormDataError) {
        let descriptor = path.withCString { systemOpen($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw MultipartFormDataError(code: .fileOpenFailed, value: path, systemError: errno)
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        _ = close(descriptor)
    }

    /// Reads the next bytes of the file into `buffer`, retrying on `EINTR`.
    ///
    /// - Returns: the number of bytes read, 0 at the end of the file.
    /// - Throws: ``MultipartFormDataError`` `fileReadFailed` with the `errno` of `read` (a
    ///   directory gives `EISDIR`).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(MultipartFormDataError) -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR {
                throw MultipartFormDataError(code: .fileReadFailed, value: path, systemError: errno)
            }
        }
    }

    /// A stream over a file: each reader opens the file afresh. Its origin is the path.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - length: the number of bytes the file is expected to hold.
    public static func stream(path: String, length: Int64) -> BodyStream {
        BodyStream(length: length, origin: path) { () throws(MultipartFormDataError) -> any BodyReader in
            try FileBodyReader(path: path)
        }
    }

    /// The size of a file, from `stat`.
    ///
    /// - Throws: ``MultipartFormDataError`` `fileNotReachable` with the `errno` of `stat`.
    public static func size(atPath path: String) throws(MultipartFormDataError) -> Int64 {
        var info = stat()
        let status = path.withCString { stat($0, &info) }
        guard status == 0 else {
            throw MultipartFormDataError(code: .fileNotReachable, value: path, systemError: errno)
        }
        return Int64(info.st_size)
    }
}

private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
