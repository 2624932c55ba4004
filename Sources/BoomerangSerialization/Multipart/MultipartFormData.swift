/// A `multipart/form-data` body under construction: AFNetworking's `AFMultipartFormData`
/// (serialization spec §1.6) as a value.
///
/// ```swift
/// var form = MultipartFormData()
/// form.appendPart(formData: Array("bar".utf8), name: "foo")
/// form.appendPart(fileData: png, name: "photo", filename: "photo.png", mimeType: "image/png")
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
/// produced by a ``MultipartBodyReader`` that streams stream parts as it goes.
///
/// The form does no I/O of its own. AFNetworking's file appends (`appendPart(fileURL:name:)`),
/// its thread-sleeping throttle and writing the body to a file are BoomerangClient's adapters,
/// built on ``appendPart(stream:name:filename:length:mimeType:)``,
/// ``throttleBandwidth(packetSize:delay:pause:)`` and ``makeReader()``.
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
    /// Seconds to wait after each chunk read from a part; 0 by default.
    public private(set) var delay: Double = 0
    /// What a throttled reader calls with ``delay`` after each chunk read from a part; `nil`
    /// until ``throttleBandwidth(packetSize:delay:pause:)`` sets it.
    public private(set) var pause: (@Sendable (Double) -> Void)?

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

    /// Throttles the body: each read returns at most `packetSize` bytes and calls `pause` with
    /// `delay` after each chunk read from a part.
    ///
    /// AFNetworking's `throttleBandwidthWithPacketSize:delay:` (§1.6.7), with the wait passed in
    /// so that the core never blocks a thread itself; BoomerangClient's
    /// `throttleBandwidth(packetSize:delay:)` passes a thread sleep.
    ///
    /// - Parameters:
    ///   - packetSize: the most bytes per read, at least 1.
    ///   - delay: seconds to wait; 0 for none.
    ///   - pause: waits for the seconds it is given.
    public mutating func throttleBandwidth(
        packetSize: Int,
        delay: Double,
        pause: @escaping @Sendable (Double) -> Void
    ) {
        precondition(packetSize > 0, "packet size must be positive")
        self.packetSize = packetSize
        self.delay = delay
        self.pause = pause
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

    private static func fileHeaders(name: String, filename: String, mimeType: String) -> HTTPHeaders {
        [
            "Content-Disposition": "form-data; name=\"\(name)\"; filename=\"\(filename)\"",
            "Content-Type": mimeType,
        ]
    }
}
