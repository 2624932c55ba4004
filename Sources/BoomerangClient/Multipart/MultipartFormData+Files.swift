import BoomerangSerialization
import Foundation

/// AFNetworking's file appends and its write-to-file step: the file side of the core's
/// ``MultipartFormData``, which itself never touches the file system.
extension MultipartFormData {
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
    /// and read only when the body is read (``FileBodyReader``). As in AFNetworking there is no
    /// directory check: a directory fails when read (`fileReadFailed`, `EISDIR`).
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
        let size = try FileBodyReader.size(atPath: filePath)
        appendPart(
            stream: FileBodyReader.stream(path: filePath, length: size),
            name: name,
            filename: filename,
            length: size,
            mimeType: mimeType
        )
    }

    /// Writes the whole body to a file, creating or truncating it.
    ///
    /// - Parameter path: the destination.
    /// - Returns: the number of bytes written, ``contentLength``.
    /// - Throws: ``MultipartFormDataError`` from the reader or the destination.
    @discardableResult
    public func writeBody(toFile path: String) throws(MultipartFormDataError) -> Int64 {
        var reader = makeReader()
        return try FileBodyWriter.write(&reader, toFile: path)
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
        _ = try FileBodyWriter.write(&reader, toFile: path)
        var request = request
        request.body = .none
        return request
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
