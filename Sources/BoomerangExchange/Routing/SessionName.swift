import BoomerangSerialization

/// How a request names its history session: a `/s/{name}` path prefix in front of any route, or
/// an `X-Boomerang-Session` header; unnamed requests go to ``defaultName``.
public enum SessionName {
    /// The session of a request that names none.
    public static let defaultName = "default"
    /// The header that names a session when the path does not.
    public static let headerName = "X-Boomerang-Session"
    /// The longest session name, in bytes.
    public static let maxNameBytes = 64

    /// Whether `name` is 1–64 bytes of `A-Z a-z 0-9 . _ -`.
    public static func isValid(_ name: Substring) -> Bool {
        let utf8 = name.utf8
        guard !utf8.isEmpty, utf8.count <= maxNameBytes else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    /// `/s/ci/post` as `ci` and `/post`; `/s/ci` as `ci` and `/`. `nil` when the path does not
    /// start with a valid session prefix.
    public static func splitPrefix(_ path: Substring) -> (name: Substring, rest: Substring)? {
        let utf8 = path.utf8
        guard path.hasASCIIPrefix("/s/"), utf8.count > 3 else { return nil }
        let nameStart = utf8.index(utf8.startIndex, offsetBy: 3)
        let slash = utf8[nameStart...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
        let name = path[nameStart..<slash]
        guard isValid(name) else { return nil }
        return (name, slash == utf8.endIndex ? "/" : path[slash...])
    }

    /// The session a request belongs to: the path prefix's, else a valid header's, else the default.
    public static func resolve(pathSession: Substring?, headers: HTTPHeaders) -> String {
        if let pathSession { return String(pathSession) }
        if let header = headers[headerName], isValid(header[...]) { return header }
        return defaultName
    }
}
