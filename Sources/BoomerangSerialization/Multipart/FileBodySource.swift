#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file read with POSIX `read`, closed when the last reference goes.
final class FileBodySource {
    let descriptor: Int32

    /// Opens a file for reading.
    ///
    /// - Returns: the source, or the `errno` of the failed `open`.
    static func open(path: String) -> Result<FileBodySource, SystemError> {
        let descriptor = path.withCString { systemOpen($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
        return .success(FileBodySource(descriptor: descriptor))
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        _ = close(descriptor)
    }

    /// Reads into a buffer, retrying on `EINTR`.
    ///
    /// - Returns: the byte count, 0 at the end of the file, or the `errno`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemError> {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(SystemError(code: errno)) }
        }
    }

    /// The size of a file, from `stat`.
    static func size(path: String) -> Result<Int64, SystemError> {
        var info = stat()
        let status = path.withCString { stat($0, &info) }
        guard status == 0 else { return .failure(SystemError(code: errno)) }
        return .success(Int64(info.st_size))
    }
}

/// An `errno` value.
struct SystemError: Error {
    var code: Int32
}

private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
