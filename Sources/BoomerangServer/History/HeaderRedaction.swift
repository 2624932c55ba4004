import BoomerangSerialization

/// Which header values the history stores as ``placeholder``: credentials and session cookies,
/// which a page that shows other people's requests must not show.
enum HeaderRedaction {
    /// What a redacted value reads.
    static let placeholder = "[redacted]"
    /// The redacted names, in lower case.
    static let names = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token", "x-csrf-token",
    ]
    private static let lengths = Set(names.map(\.utf8.count))

    static func isSensitive(_ name: String) -> Bool {
        lengths.contains(name.utf8.count) && names.contains { HTTPHeaders.namesMatch($0, name) }
    }

    /// The headers with sensitive values replaced and the names replaced; `nil` when none is
    /// present (the common case, which copies nothing).
    static func redacting(_ headers: HTTPHeaders) -> (headers: HTTPHeaders, names: [String])? {
        guard headers.fields.contains(where: { isSensitive($0.name) }) else { return nil }
        var redacted = HTTPHeaders()
        var names: [String] = []
        for field in headers {
            if isSensitive(field.name) {
                redacted.add(name: field.name, value: placeholder)
                if !names.contains(where: { HTTPHeaders.namesMatch($0, field.name) }) { names.append(field.name) }
            } else {
                redacted.add(name: field.name, value: field.value)
            }
        }
        return (redacted, names)
    }

    /// Raw request bytes with the value of each sensitive header line replaced: for refused
    /// requests, which have no parsed head.
    static func redactingRaw(_ bytes: [UInt8]) -> [UInt8] {
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
