/// An HTTP protocol version, such as HTTP/1.1.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version.
    public var major: Int
    /// The minor version.
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
    /// HTTP/2, which has no minor version on the wire.
    public static let http2 = HTTPVersion(major: 2, minor: 0)

    /// The version as the echo's `httpVersion` and ALPN-era tools name it: `1.0`, `1.1`, `2`.
    public var label: String {
        // Every echo writes it: the known versions cost no formatting.
        switch (major, minor) {
        case (1, 1): "1.1"
        case (1, 0): "1.0"
        case (2, 0): "2"
        default: major >= 2 ? String(major) : "\(major).\(minor)"
        }
    }

    /// Whether the version has what HTTP/1.0 lacks and every later version has (persistent
    /// connections, trailers, 100-continue).
    public var isAtLeastHTTP1_1: Bool { major > 1 || (major == 1 && minor >= 1) }

    /// The version as written on the wire, such as `HTTP/1.1`.
    public var description: String { "HTTP/\(major).\(minor)" }
}
