import BoomerangSerialization

/// The cookies of a request's `Cookie` fields (all of them, in order), a later duplicate name
/// not replacing the first, as Werkzeug reads them. Quoted values are unquoted and their `\ooo`
/// octal and `\x` escapes undone, as Werkzeug does (clients of Python servers send them).
package struct RequestCookies {
    package private(set) var pairs: [(name: String, value: String)] = []

    package init(_ headers: HTTPHeaders) {
        for field in headers.values(for: "Cookie") {
            for (name, raw) in CookieHeader.pairs(in: field) {
                guard !name.isEmpty, !pairs.contains(where: { $0.name == name }) else { continue }
                pairs.append((name, Self.unquote(raw)))
            }
        }
    }

    package subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    package static func unquote(_ raw: String) -> String {
        var bytes = Array(raw.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else { return raw }
        bytes = Array(bytes.dropFirst().dropLast())
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let octal = bytes[(index + 1)..<min(index + 4, bytes.count)]
                if octal.count == 3, octal.allSatisfy({ (0x30...0x37).contains($0) }) {
                    out.append(octal.reduce(0) { $0 &* 8 &+ ($1 - 0x30) })
                    index += 4
                    continue
                }
                out.append(bytes[index + 1])
                index += 2
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
