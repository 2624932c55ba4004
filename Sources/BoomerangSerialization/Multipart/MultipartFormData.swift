#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `multipart/form-data` body under construction: AFNetworking's `AFMultipartFormData`
/// (serialization spec §1.6) as a value.
///
/// ```swift
/// var form = MultipartFormData()
/// form.appendPart(formData: Array("bar".utf8), name: "foo")
/// try form.appendPart(filePath: "/tmp/photo.png", name: "photo")
/// let request = form.finalizing(HTTPRequest(method: .post, url: "http://localhost:8080/post"))
/// // Content-Type: multipart/form-data; boundary=Boundary+…, Content-Length: <exact>
/// ```
///
/// The body is `--B` CRLF, then for each part its headers, an empty line and its body, parts
/// separated by CRLF `--B` CRLF, and CRLF `--B--` CRLF after the last (§1.6.2).
///
/// Part headers are written in a fixed order: `Content-Disposition`, then `Content-Type`, then
/// custom headers in insertion order (AFNetworking's order is a dictionary's, unspecified; this
/// is Alamofire's). Names, filenames and header values are inserted **as they are**, without
/// escaping quotes, CR or LF, exactly as AFNetworking does (§1.6.3): a name holding `"` or CRLF
/// produces a body that no parser reads back as written.
///
/// The total length is known before a byte is produced (``contentLength``), and the body is
/// produced by a ``MultipartBodyReader`` that streams file parts from disk.
public struct MultipartFormData: Sendable {
    /// AFNetworking's suggested packet size for 3G, 16 KiB (`kAFUploadStream3GSuggestedPacketSize`).
    public static let suggestedPacketSize3G = 16384
    /// AFNetworking's suggested delay for 3G, 0.2 s (`kAFUploadStream3GSuggestedDelay`).
    public static let suggestedDelay3G = 0.2

    /// The boundary, without dashes.
    public let boundary: String
    /// The parts in order.
    public private(set) var parts: [MultipartBodyPart] = []
    /// The most bytes one read returns; `Int.max` (no limit) by default.
    public private(set) var packetSize = Int.max
    /// Seconds to sleep after each chunk read from a part; 0 by default.
    public private(set) var delay: Double = 0
    /// How throttled readers sleep, in seconds; a real sleep by default. Replace it in tests.
    public var sleep: @Sendable (Double) -> Void = MultipartFormData.threadSleep

    /// Creates an empty form.
    ///
    /// - Parameter boundary: the boundary; a fresh random `Boundary+%08X%08X` by default.
    ///   Pass a fixed one in tests.
    public init(boundary: String = MultipartBoundary.random()) {
        self.boundary = boundary
    }

    /// `multipart/form-data; boundary=B`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The exact length of the body in bytes: for each part its leading boundary line, its header
    /// block and its body length, plus the final boundary line after the last part (§1.6.4).
    /// Zero when there are no parts.
    public var contentLength: Int64 {
        guard !parts.isEmpty else { return 0 }
        let boundaryCount = Int64(boundary.utf8.count)
        let initial = boundaryCount + 4
        let encapsulation = boundaryCount + 6
        let final = boundaryCount + 8
        var total = initial + final + Int64(parts.count - 1) * encapsulation
        for part in parts {
            total += Int64(part.headerBytes.count) + part.bodyLength
        }
        return total
    }

    // MARK: - Appending parts

    /// Appends a form field: `Content-Disposition: form-data; name="N"` and the bytes.
    ///
    /// AFNetworking's `appendPartWithFormData:name:`.
    ///
    /// - Parameters:
    ///   - formData: the value's bytes.
    ///   - name: the field name, inserted unescaped.
    public mutating func appendPart(formData: [UInt8], name: String) {
        let headers: HTTPHeaders = ["Content-Disposition": "form-data; name=\"\(name)\""]
        append(MultipartBodyPart(headers: headers, body: .bytes(formData), bodyLength: Int64(formData.count)))
    }

    /// Appends file bytes held in memory.
    ///
    /// AFNetworking's `appendPartWithFileData:name:fileName:mimeType:`.
    ///
    /// - Parameters:
    ///   - fileData: the file's bytes.
    ///   - name: the field name, inserted unescaped.
    ///   - filename: the file name, inserted unescaped.
    ///   - mimeType: the `Content-Type` of the part.
    public mutating func appendPart(fileData: [UInt8], name: String, filename: String, mimeType: String) {
        append(
            MultipartBodyPart(
                headers: Self.fileHeaders(name: name, filename: filename, mimeType: mimeType),
                body: .bytes(fileData),
                bodyLength: Int64(fileData.count)
            )
        )
    }

    /// Appends a file given by a `file:` URL; the file name is its last path component and the
    /// MIME type comes from its extension (``MIMETypeTable``).
    ///
    /// AFNetworking's `appendPartWithFileURL:name:error:`.
    ///
    /// - Parameters:
    ///   - fileURL: a `file:` URL.
    ///   - name: the field name, inserted unescaped.
    /// - Throws: ``MultipartFormDataError`` `notAFileURL` or `fileNotReachable` (domain
    ///   `com.alamofire.error.serialization.request`, code -1000); the part is then not added.
    public mutating func appendPart(fileURL: URL, name: String) throws(MultipartFormDataError) {
        let path = try Self.filePath(of: fileURL)
        try appendPart(filePath: path, name: name)
    }

    /// Appends a file given by a `file:` URL with an explicit file name and MIME type.
    ///
    /// AFNetworking's `appendPartWithFileURL:name:fileName:mimeType:error:`.
    ///
    /// - Parameters:
    ///   - fileURL: a `file:` URL.
    ///   - name: the field name, inserted unescaped.
    ///   - filename: the file name, inserted unescaped.
    ///   - mimeType: the `Content-Type` of the part.
    /// - Throws: ``MultipartFormDataError`` `notAFileURL` or `fileNotReachable`.
    public mutating func appendPart(
        fileURL: URL,
        name: String,
        filename: String,
        mimeType: String
    ) throws(MultipartFormDataError) {
        let path = try Self.filePath(of: fileURL)
        try appendPart(filePath: path, name: name, filename: filename, mimeType: mimeType)
    }

    /// Appends a file given by its path; the file name is the last path component and the MIME
    /// type comes from its extension (``MIMETypeTable``).
    ///
    /// - Parameters:
    ///   - filePath: the file's path.
    ///   - name: the field name, inserted unescaped.
    /// - Throws: ``MultipartFormDataError`` `fileNotReachable` when `stat` fails.
    public mutating func appendPart(filePath: String, name: String) throws(MultipartFormDataError) {
        let filename = Self.lastPathComponent(filePath)
        try appendPart(
            filePath: filePath,
            name: name,
            filename: filename,
            mimeType: MIMETypeTable.mimeType(forPathExtension: Self.pathExtension(filename))
        )
    }

    /// Appends a file given by its path with an explicit file name and MIME type.
    ///
    /// The file's size is taken now (`stat`) and becomes the part's length; the file is opened
    /// and read only when the body is read. As in AFNetworking there is no directory check: a
    /// directory fails when read (`fileReadFailed`, `EISDIR`).
    ///
    /// - Parameters:
    ///   - filePath: the file's path.
    ///   - name: the field name, inserted unescaped.
    ///   - filename: the file name, inserted unescaped.
    ///   - mimeType: the `Content-Type` of the part.
    /// - Throws: ``MultipartFormDataError`` `fileNotReachable` when `stat` fails.
    public mutating func appendPart(
        filePath: String,
        name: String,
        filename: String,
        mimeType: String
    ) throws(MultipartFormDataError) {
        let size: Int64
        switch FileBodySource.size(path: filePath) {
        case .success(let value): size = value
        case .failure(let error):
            throw MultipartFormDataError(code: .fileNotReachable, value: filePath, systemError: error.code)
        }
        append(
            MultipartBodyPart(
                headers: Self.fileHeaders(name: name, filename: filename, mimeType: mimeType),
                body: .file(path: filePath),
                bodyLength: size
            )
        )
    }

    /// Appends a part read from a stream of a declared length.
    ///
    /// AFNetworking's `appendPartWithInputStream:name:fileName:length:mimeType:`. Each body reader
    /// makes a fresh reader from `stream`, so the body can be read again when the stream can.
    /// Unlike AFNetworking, a stream that ends early or runs long makes the read throw.
    ///
    /// - Parameters:
    ///   - stream: the body source.
    ///   - name: the field name, inserted unescaped.
    ///   - filename: the file name, inserted unescaped.
    ///   - length: the exact number of bytes the stream produces.
    ///   - mimeType: the `Content-Type` of the part.
    public mutating func appendPart(
        stream: BodyStream,
        name: String,
        filename: String,
        length: Int64,
        mimeType: String
    ) {
        append(
            MultipartBodyPart(
                headers: Self.fileHeaders(name: name, filename: filename, mimeType: mimeType),
                body: .stream(stream),
                bodyLength: length
            )
        )
    }

    /// Appends a part with any headers, written in their order, and a body.
    ///
    /// AFNetworking's `appendPartWithHeaders:body:`. With no headers only the empty line that
    /// ends the header block is written.
    ///
    /// - Parameters:
    ///   - headers: the part headers.
    ///   - body: the body bytes.
    public mutating func appendPart(headers: HTTPHeaders, body: [UInt8]) {
        append(MultipartBodyPart(headers: headers, body: .bytes(body), bodyLength: Int64(body.count)))
    }

    /// Appends a prepared part.
    ///
    /// - Parameter part: the part.
    public mutating func append(_ part: MultipartBodyPart) {
        parts.append(part)
    }

    /// Throttles the body: each read returns at most `packetSize` bytes and sleeps `delay`
    /// seconds after each chunk read from a part.
    ///
    /// AFNetworking's `throttleBandwidthWithPacketSize:delay:` (§1.6.7).
    ///
    /// - Parameters:
    ///   - packetSize: the most bytes per read, at least 1.
    ///   - delay: seconds to sleep; 0 for none.
    public mutating func throttleBandwidth(packetSize: Int, delay: Double) {
        precondition(packetSize > 0, "packet size must be positive")
        self.packetSize = packetSize
        self.delay = delay
    }

    // MARK: - Producing the body

    /// Makes a reader positioned at the start of the body.
    public func makeReader() -> MultipartBodyReader {
        MultipartBodyReader(form: self)
    }

    /// The body as a stream of length ``contentLength``; each `makeReader()` starts afresh.
    public func makeBodyStream() -> BodyStream {
        BodyStream(length: contentLength) { [self] in makeReader() }
    }

    /// Reads the whole body into memory. Meant for small bodies and tests.
    ///
    /// - Throws: ``MultipartFormDataError`` from the reader.
    public func encodedBytes() throws(MultipartFormDataError) -> [UInt8] {
        var reader = makeReader()
        var bytes = [UInt8](repeating: 0, count: Int(contentLength))
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(MultipartFormDataError) -> Int in
                    try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                }
            }
            let count = try result.get()
            guard count > 0 else {
                throw MultipartFormDataError(code: .bodyShorterThanDeclared, value: boundary, offset: Int64(filled))
            }
            filled += count
        }
        return bytes
    }

    /// Gives a request this form's body: AFNetworking's `requestByFinalizingMultipartFormData`.
    ///
    /// With no parts the request is returned unchanged (so an AFNetworking multipart POST with no
    /// parts stays an empty urlencoded body, §1.6.4). Otherwise the body becomes
    /// ``makeBodyStream()``, `Content-Type` is set to ``contentType`` and `Content-Length` to
    /// ``contentLength``, replacing any earlier values.
    ///
    /// - Parameter request: the request to complete.
    /// - Returns: the completed request.
    public func finalizing(_ request: HTTPRequest) -> HTTPRequest {
        guard !parts.isEmpty else { return request }
        var request = request
        request.body = .stream(makeBodyStream())
        request.headers.set(name: "Content-Type", value: contentType)
        request.headers.set(name: "Content-Length", value: String(contentLength))
        return request
    }

    /// Writes the whole body to a file, creating or truncating it.
    ///
    /// - Parameter path: the destination.
    /// - Returns: the number of bytes written, ``contentLength``.
    /// - Throws: ``MultipartFormDataError`` from the reader or the destination.
    @discardableResult
    public func writeBody(toFile path: String) throws(MultipartFormDataError) -> Int64 {
        var reader = makeReader()
        return try Self.copy(from: &reader, toFile: path)
    }

    /// Writes a request's stream body to a file and returns the request without it.
    ///
    /// AFNetworking's `requestWithMultipartFormRequest:writingStreamContentsToFile:completionHandler:`
    /// (§1.6.9), made synchronous: the file is created or truncated (AFNetworking opens it with
    /// `append:NO`; it does not refuse an existing file as Alamofire does), the body is copied
    /// in 64 KiB blocks, and the returned request has no body but keeps its `Content-Type` and
    /// `Content-Length` headers, so that the file can be uploaded with a known length. On error
    /// the partly written file is left in place, as AFNetworking leaves it.
    ///
    /// - Parameters:
    ///   - request: a request whose body is a stream, such as one from ``finalizing(_:)``.
    ///   - path: the destination.
    /// - Returns: the request with body `.none`.
    /// - Throws: ``MultipartFormDataError`` `noBodyStream` when the body is not a stream, or any
    ///   read or write error.
    public static func writeBodyStream(
        of request: HTTPRequest,
        toFile path: String
    ) throws(MultipartFormDataError) -> HTTPRequest {
        guard case .stream(let stream) = request.body else {
            throw MultipartFormDataError(code: .noBodyStream, value: request.url)
        }
        var reader: any BodyReader
        do {
            reader = try stream.makeReader()
        } catch {
            throw MultipartFormDataError(
                code: .streamReadFailed,
                value: request.url,
                underlying: String(describing: error)
            )
        }
        _ = try copy(from: &reader, toFile: path)
        var request = request
        request.body = .none
        return request
    }

    // MARK: - Helpers

    /// The default sleep: `nanosleep`.
    public static let threadSleep: @Sendable (Double) -> Void = { seconds in
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1, errno == EINTR {
            request = remaining
        }
    }

    private static func copy<Reader: BodyReader>(
        from reader: inout Reader,
        toFile path: String
    ) throws(MultipartFormDataError) -> Int64 {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw MultipartFormDataError(code: .destinationOpenFailed, value: path, systemError: errno)
        }
        defer { _ = close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
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
                let result = write(descriptor, buffer.baseAddress! + written, count - written)
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

    private static func fileHeaders(name: String, filename: String, mimeType: String) -> HTTPHeaders {
        [
            "Content-Disposition": "form-data; name=\"\(name)\"; filename=\"\(filename)\"",
            "Content-Type": mimeType,
        ]
    }

    private static func filePath(of url: URL) throws(MultipartFormDataError) -> String {
        guard url.isFileURL else {
            throw MultipartFormDataError(code: .notAFileURL, value: url.absoluteString)
        }
        return url.path(percentEncoded: false)
    }

    /// The last path component, ignoring trailing slashes, as `NSString.lastPathComponent`.
    static func lastPathComponent(_ path: String) -> String {
        var bytes = Substring(path).utf8[...]
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")), bytes.count > 1 {
            bytes = bytes[bytes.index(after: slash)...]
        }
        return String(Substring(bytes))
    }

    /// The extension of a file name: what follows its last dot, or "" when the only dot leads.
    static func pathExtension(_ filename: String) -> String {
        let bytes = Array(filename.utf8)
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return "" }
        return String(decoding: bytes[(dot + 1)...], as: UTF8.self)
    }
}
