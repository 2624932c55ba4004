/// One part of a ``MultipartFormData``: its headers and where its body comes from.
public struct MultipartBodyPart: Sendable {
    /// Where a part's body bytes come from.
    public enum Body: Sendable {
        /// Bytes held in memory.
        case bytes([UInt8])
        /// A stream; each body reader makes a fresh reader from it. A file part is a stream
        /// whose ``BodyStream/origin`` is the file's path (BoomerangClient's file adapter).
        case stream(BodyStream)
    }

    /// The part headers in the order they are written.
    public let headers: HTTPHeaders
    /// The body source.
    public let body: Body
    /// The body length written into the total length: the byte count, or the declared stream
    /// length (for a file, its size when the part was appended).
    public let bodyLength: Int64
    /// The header block as written: `Name: value` CRLF per field, then CRLF.
    let headerBytes: [UInt8]

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - headers: the part headers, written in this order with no escaping.
    ///   - body: the body source.
    ///   - bodyLength: the exact body length.
    public init(headers: HTTPHeaders, body: Body, bodyLength: Int64) {
        self.headers = headers
        self.body = body
        self.bodyLength = bodyLength
        var bytes: [UInt8] = []
        for field in headers {
            bytes.append(contentsOf: field.name.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: field.value.utf8)
            bytes.append(contentsOf: "\r\n".utf8)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        headerBytes = bytes
    }
}
