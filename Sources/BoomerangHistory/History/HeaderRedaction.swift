import BoomerangSerialization

/// Which header values the history stores as ``placeholder``: credentials and session cookies,
/// which a page that shows other people's requests must not show.
package enum HeaderRedaction {
    /// What a redacted value reads.
    package static let placeholder = "[redacted]"
    /// Whether `name` is redacted: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`,
    /// `X-API-Key`, `X-Auth-Token` or `X-CSRF-Token`, in any case.
    package static func isSensitive(_ name: String) -> Bool {
        isSensitive(name, count: name.utf8.count)
    }

    /// Whether `name`, of `count` UTF-8 bytes, is redacted.
    @inline(__always)
    package static func isSensitive(_ name: String, count: Int) -> Bool {
        // Most names are ruled out by their length alone, the rest by their first letter.
        switch count {
        case 6, 9, 10, 12, 13, 19: break
        default: return false
        }
        guard let first = name.utf8.first.map({ $0 | 0x20 }) else { return false }
        switch (count, first) {
        case (6, UInt8(ascii: "c")): return HTTPHeaders.namesMatch(name, "cookie")
        case (9, UInt8(ascii: "x")): return HTTPHeaders.namesMatch(name, "x-api-key")
        case (10, UInt8(ascii: "s")): return HTTPHeaders.namesMatch(name, "set-cookie")
        case (12, UInt8(ascii: "x")): return HTTPHeaders.namesMatch(name, "x-auth-token") || HTTPHeaders.namesMatch(name, "x-csrf-token")
        case (13, UInt8(ascii: "a")): return HTTPHeaders.namesMatch(name, "authorization")
        case (19, UInt8(ascii: "p")): return HTTPHeaders.namesMatch(name, "proxy-authorization")
        default: return false
        }
    }

    /// Whether response headers have a `Set-Cookie` field, whose value the history redacts
    /// (checked by length first: this runs for every recorded response).
    package static func hasSetCookie(_ headers: HTTPHeaders) -> Bool {
        headers.fields.contains { $0.name.utf8.count == 10 && HTTPHeaders.namesMatch($0.name, "set-cookie") }
    }

    /// Raw request bytes with the value of each sensitive header line replaced: for refused
    /// requests, which have no parsed head.
    package static func redactingRaw(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            let line = bytes[lineStart..<lineEnd]
            if let colon = line.firstIndex(of: UInt8(ascii: ":")),
                isSensitive(String(decoding: line[lineStart..<colon], as: UTF8.self))
            {
                output.append(contentsOf: line[lineStart...colon])
                output.append(contentsOf: Array(" \(placeholder)".utf8))
                let ending: [UInt8] = line.last == 0x0A ? (line.count >= 2 && line[lineEnd - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]) : []
                output.append(contentsOf: ending)
            } else {
                output.append(contentsOf: line)
            }
            lineStart = lineEnd
        }
        return output
    }
}
