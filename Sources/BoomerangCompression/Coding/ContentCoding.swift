/// A content coding ([RFC 9110 §8.4.1](https://www.rfc-editor.org/rfc/rfc9110#section-8.4.1)):
/// a name in `Content-Encoding` and `Accept-Encoding`.
///
/// The module implements `gzip`, `deflate`, `br` and `zstd`, plus `identity` (no coding).
/// Names are compared without regard to case, and `x-gzip` reads as `gzip` (§8.4.1.3).
public struct ContentCoding: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case identity, gzip, deflate, brotli, zstd
    }

    let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// No coding: the bytes as they are.
    public static let identity = ContentCoding(.identity)
    /// `gzip` ([RFC 1952](https://www.rfc-editor.org/rfc/rfc1952)), one or more members.
    public static let gzip = ContentCoding(.gzip)
    /// `deflate`: a zlib stream ([RFC 1950](https://www.rfc-editor.org/rfc/rfc1950)) around deflate data,
    /// as RFC 9110 §8.4.1.2 defines it.
    public static let deflate = ContentCoding(.deflate)
    /// `br`: Brotli ([RFC 7932](https://www.rfc-editor.org/rfc/rfc7932)).
    public static let brotli = ContentCoding(.brotli)
    /// `zstd`: Zstandard ([RFC 8878](https://www.rfc-editor.org/rfc/rfc8878)), with the 8 MiB window
    /// limit of [RFC 9659](https://www.rfc-editor.org/rfc/rfc9659).
    public static let zstd = ContentCoding(.zstd)

    /// The codings that compress, in the server's order of preference when a client weighs them equally:
    /// zstd (fastest at a ratio close to brotli's), brotli, gzip, deflate.
    public static let compressing: [ContentCoding] = [.zstd, .brotli, .gzip, .deflate]

    /// Reads a coding name, ignoring case; `x-gzip` is ``gzip``. `nil` for a name this module does not implement.
    public init?(name: some StringProtocol) {
        switch name.lowercased() {
        case "identity": self = .identity
        case "gzip", "x-gzip": self = .gzip
        case "deflate": self = .deflate
        case "br": self = .brotli
        case "zstd": self = .zstd
        default: return nil
        }
    }

    /// The registered name, as written in `Content-Encoding`: `identity`, `gzip`, `deflate`, `br` or `zstd`.
    public var name: String {
        switch kind {
        case .identity: "identity"
        case .gzip: "gzip"
        case .deflate: "deflate"
        case .brotli: "br"
        case .zstd: "zstd"
        }
    }

    /// The registered name.
    public var description: String { name }
}
