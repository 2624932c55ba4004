import BoomerangSerialization

/// Limits and leniencies of ``HTTPRequestParser``.
///
/// The defaults are strict ([RFC 9112](https://www.rfc-editor.org/rfc/rfc9112)) and follow the
/// robustness spec §5: every leniency is off, and every limit is finite.
public struct HTTPParserConfiguration: Sendable, Hashable {
    /// The longest request line, without its line ending, in bytes. Longer lines fail with 414.
    /// Default 8 KiB.
    public var maxRequestLineBytes: Int
    /// The most bytes of the request line, header fields and trailer fields of one message,
    /// line endings included. More fail with 431. Default 32 KiB.
    public var maxHeaderBytes: Int
    /// The most header fields plus trailer fields in one message. More fail with 431. Default 256.
    public var maxHeaderCount: Int
    /// The largest body, in bytes, whether announced by Content-Length (checked at the head) or
    /// chunked (checked at the first chunk that crosses it). Larger bodies fail with 413.
    /// Default 10 MiB; any value up to `Int64.max` is allowed.
    public var maxBodyBytes: Int64
    /// The longest chunk-size line before any extension, line ending excluded. Default 64 bytes.
    public var maxChunkSizeBytes: Int
    /// The longest chunk extension (from `;` to the line ending) of one chunk-size line.
    /// Extensions are accepted and ignored. Default 4 KiB.
    public var maxChunkExtensionBytes: Int
    /// The most chunk-extension bytes in one message, all chunk-size lines together, so that
    /// extensions cannot dwarf the data they carry (robustness spec C06). Default 64 KiB.
    public var maxTotalChunkExtensionBytes: Int
    /// Keep the trailer fields of a chunked body and hand them over in ``HTTPRequestParser/Event/end(trailers:)``.
    /// They are never merged into the request's headers. Default `false`: trailers are parsed,
    /// checked against the limits, and dropped.
    public var keepsTrailers: Bool
    /// Accept a bare LF as the end of a line in the head and in trailers (never in chunk framing).
    /// Default `false`: a bare LF fails with 400.
    public var allowsBareLineFeed: Bool
    /// Accept obs-fold (a field line starting with SP or HTAB) by joining it to the previous value
    /// with one space ([RFC 9112 §5.2](https://www.rfc-editor.org/rfc/rfc9112#section-5.2)). A fold
    /// as the first field line, or onto Host, Content-Length, Transfer-Encoding, Expect or
    /// Connection, fails even when this is on. Default `false`: obs-fold fails with 400.
    public var allowsObsoleteLineFolding: Bool
    /// Ignore empty lines (CRLF) before a request line
    /// ([RFC 9112 §2.2](https://www.rfc-editor.org/rfc/rfc9112#section-2.2)); their bytes count toward
    /// ``maxHeaderBytes``. Default `false`: an empty line where a request line is expected fails
    /// with 400.
    public var ignoresLeadingEmptyLines: Bool
    /// Accept an HTTP/1.1 request without a Host field. Default `false`: it fails with 400.
    /// Duplicate Host fields always fail.
    public var allowsMissingHost: Bool
    /// Keep the head's bytes exactly as received (request line through the empty line) in
    /// ``HTTPRequestHead/rawHead``, for a byte-exact dump of the request. Default `false`.
    public var keepsRawHead: Bool
    /// Accept `HTTP/2.0` as the version of a head written in HTTP/1.1's syntax: the history's
    /// copy of an HTTP/2 request, read back. Never on the wire, where the preface is
    /// HTTP/2's own. Default `false`: 505.
    public var acceptsHTTP2Heads = false

    /// Creates a configuration; every argument defaults to the strict, documented default.
    public init(
        maxRequestLineBytes: Int = 8 * 1024,
        maxHeaderBytes: Int = 32 * 1024,
        maxHeaderCount: Int = 256,
        maxBodyBytes: Int64 = 10 * 1024 * 1024,
        maxChunkSizeBytes: Int = 64,
        maxChunkExtensionBytes: Int = 4 * 1024,
        maxTotalChunkExtensionBytes: Int = 64 * 1024,
        keepsTrailers: Bool = false,
        allowsBareLineFeed: Bool = false,
        allowsObsoleteLineFolding: Bool = false,
        ignoresLeadingEmptyLines: Bool = false,
        allowsMissingHost: Bool = false,
        keepsRawHead: Bool = false
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxChunkSizeBytes = maxChunkSizeBytes
        self.maxChunkExtensionBytes = maxChunkExtensionBytes
        self.maxTotalChunkExtensionBytes = maxTotalChunkExtensionBytes
        self.keepsTrailers = keepsTrailers
        self.allowsBareLineFeed = allowsBareLineFeed
        self.allowsObsoleteLineFolding = allowsObsoleteLineFolding
        self.ignoresLeadingEmptyLines = ignoresLeadingEmptyLines
        self.allowsMissingHost = allowsMissingHost
        self.keepsRawHead = keepsRawHead
    }
}
