import Foundation

extension TestResponse {
    /// What ``parse(_:forHead:atEnd:)`` found at the start of the bytes.
    public enum ParseResult: Sendable {
        /// A response, and how many bytes it took.
        case response(TestResponse, consumed: Int)
        /// Not enough bytes yet.
        case incomplete
        /// The bytes do not start with a status line.
        case malformed(String)
    }

    /// Reads one response from the start of `bytes`: its body framed by `Content-Length`, by
    /// chunks, or (with neither) by the end of the connection. `forHead` says the request was a
    /// HEAD (no body follows); `atEnd` says no more bytes will come, so that a body delimited by
    /// the close, or one cut short, is returned as it is.
    public static func parse(_ bytes: ArraySlice<UInt8>, forHead: Bool = false, atEnd: Bool = false) -> ParseResult {
        guard let headEnd = bytes.firstRange(of: [13, 10, 13, 10]) else {
            return atEnd && !bytes.isEmpty ? .malformed("no complete head: \(String(decoding: bytes.prefix(200), as: UTF8.self))") : .incomplete
        }
        let lines = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0]
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            return .malformed("bad status line: \(statusLine)")
        }
        var response = TestResponse(status: status, statusLine: statusLine)
        response.headers = lines.dropFirst().compactMap(Self.field)
        var rest = bytes[headEnd.upperBound...]
        let finish = { (response: inout TestResponse, rest: ArraySlice<UInt8>) -> ParseResult in
            let consumed = rest.startIndex - bytes.startIndex
            response.raw = Array(bytes.prefix(consumed))
            return .response(response, consumed: consumed)
        }
        if forHead || (100..<200).contains(status) || status == 204 || status == 304 {
            return finish(&response, rest)
        }
        if let transferEncoding = response.header("Transfer-Encoding"), transferEncoding.lowercased().hasSuffix("chunked") {
            while true {
                guard let lineEnd = rest.firstRange(of: [13, 10]) else { return cut(&response, rest, atEnd: atEnd, finish) }
                let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
                guard let size = Int(sizeText.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? "", radix: 16), size >= 0 else {
                    if atEnd { return cut(&response, rest, atEnd: true, finish) }
                    return .malformed("bad chunk size line: \(sizeText)")
                }
                if size == 0 {
                    var trailerRest = rest[lineEnd.upperBound...]
                    var trailers: [(name: String, value: String)] = []
                    while true {
                        guard let end = trailerRest.firstRange(of: [13, 10]) else {
                            return cut(&response, rest, atEnd: atEnd, finish)
                        }
                        let line = String(decoding: trailerRest[..<end.lowerBound], as: UTF8.self)
                        trailerRest = trailerRest[end.upperBound...]
                        if line.isEmpty { break }
                        if let field = Self.field(line) { trailers.append(field) }
                    }
                    response.trailers = trailers
                    return finish(&response, trailerRest)
                }
                let dataStart = lineEnd.upperBound
                guard rest.endIndex - dataStart >= size + 2 else {
                    if atEnd {
                        response.body += rest[dataStart...].prefix(size)
                        return cut(&response, rest[rest.endIndex...], atEnd: true, finish)
                    }
                    return .incomplete
                }
                response.body += rest[dataStart..<(dataStart + size)]
                rest = rest[(dataStart + size + 2)...]
            }
        }
        if let lengthText = response.header("Content-Length"), let length = Int(lengthText) {
            guard rest.count >= length else {
                guard atEnd else { return .incomplete }
                response.body = Array(rest)
                return cut(&response, rest[rest.endIndex...], atEnd: true, finish)
            }
            response.body = Array(rest.prefix(length))
            return finish(&response, rest.dropFirst(length))
        }
        guard atEnd else { return .incomplete }
        response.body = Array(rest)
        return finish(&response, rest[rest.endIndex...])
    }

    private static func cut(
        _ response: inout TestResponse, _ rest: ArraySlice<UInt8>, atEnd: Bool,
        _ finish: (inout TestResponse, ArraySlice<UInt8>) -> ParseResult
    ) -> ParseResult {
        guard atEnd else { return .incomplete }
        response.isComplete = false
        return finish(&response, rest[rest.endIndex...])
    }

    private static func field(_ line: String) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
}
