/// The header block of one part of a multipart message, as the parser read it.
public struct MultipartPartHead: Sendable, Hashable {
    /// The header fields in order, names in their original case. Values are decoded as UTF-8,
    /// invalid sequences replaced by U+FFFD; ``rawHeaders`` keeps the exact bytes.
    public var headers: HTTPHeaders
    /// The header block exactly as received: every line with its CRLF, without the empty line
    /// that ends the block.
    public var rawHeaders: [UInt8]

    /// Creates a part head.
    public init(headers: HTTPHeaders, rawHeaders: [UInt8]) {
        self.headers = headers
        self.rawHeaders = rawHeaders
    }

    /// The parsed `Content-Disposition` header, when present and well-formed enough to have a type.
    public var contentDisposition: ContentDisposition? {
        headers["Content-Disposition"].flatMap(ContentDisposition.init(parsing:))
    }

    /// The `name` of the `Content-Disposition` header.
    public var name: String? { contentDisposition?.name }

    /// The file name of the `Content-Disposition` header (plain `filename` first, then `filename*`).
    public var filename: String? { contentDisposition?.filename }

    /// Whether the part is a file: its `Content-Disposition` has a `filename` or `filename*`
    /// parameter, even an empty one (httpbin's rule for `files` versus `form`, serialization spec §6).
    public var isFile: Bool {
        guard let disposition = contentDisposition else { return false }
        return disposition.parameter("filename") != nil || disposition.parameter("filename*") != nil
    }

    /// The `Content-Type` header.
    public var contentType: String? { headers["Content-Type"] }
}
