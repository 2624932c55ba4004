import BoomerangTesting
import Foundation

/// A chunked response read off the wire, framing kept: the head, each chunk as it was framed, and
/// the trailer fields. The way to show that a body was sent in pieces.
struct ChunkedWire {
    var head: String
    var chunks: [[UInt8]]
    var trailers: [(name: String, value: String)]
    /// Whether the last chunk (`0`) arrived.
    var complete: Bool

    var body: [UInt8] { chunks.flatMap { $0 } }

    /// Parses `bytes`: a response head, then chunks up to the last one and its trailers, or as far
    /// as they go.
    init(_ bytes: [UInt8]) {
        let crlf: [UInt8] = [13, 10]
        guard let headEnd = bytes.firstRange(of: [13, 10, 13, 10]) else {
            head = String(decoding: bytes, as: UTF8.self)
            chunks = []
            trailers = []
            complete = false
            return
        }
        head = String(decoding: bytes[..<headEnd.upperBound], as: UTF8.self)
        chunks = []
        trailers = []
        complete = false
        var rest = bytes[headEnd.upperBound...]
        while let lineEnd = rest.firstRange(of: crlf) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else { return }
            rest = rest[lineEnd.upperBound...]
            if size == 0 {
                while let end = rest.firstRange(of: crlf), end.lowerBound != rest.startIndex {
                    let line = String(decoding: rest[..<end.lowerBound], as: UTF8.self)
                    if let colon = line.firstIndex(of: ":") {
                        trailers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
                    }
                    rest = rest[end.upperBound...]
                }
                complete = rest.starts(with: crlf)
                return
            }
            guard rest.count >= size + 2 else { return }
            chunks.append(Array(rest.prefix(size)))
            rest = rest.dropFirst(size + 2)
        }
    }

    /// Sends `request` on a new connection to `port` and reads until the last chunk and its
    /// trailers have arrived, or the server closes.
    static func fetch(port: Int, _ request: String) throws -> ChunkedWire {
        let client = try ByteClient(port: port)
        try client.send(request)
        let result = client.read(until: { ChunkedWire($0).complete }, idleSeconds: 10)
        return ChunkedWire(result.bytes)
    }

    /// `GET target` with `headers`, on a new connection.
    static func get(port: Int, _ target: String, headers: [String] = []) throws -> ChunkedWire {
        let extra = headers.map { $0 + "\r\n" }.joined()
        return try fetch(port: port, "GET \(target) HTTP/1.1\r\nHost: localhost\r\n\(extra)\r\n")
    }

    /// Sends `request` on a new in-process connection and reads until the last chunk and its
    /// trailers have arrived, or the server closes.
    static func fetch(_ server: InProcessServer, _ request: String) throws -> ChunkedWire {
        let connection = server.connect()
        try connection.send(request)
        return ChunkedWire(connection.read { ChunkedWire($0).complete })
    }

    /// `GET target` with `headers`, on a new in-process connection.
    static func get(_ server: InProcessServer, _ target: String, headers: [String] = []) throws -> ChunkedWire {
        let extra = headers.map { $0 + "\r\n" }.joined()
        return try fetch(server, "GET \(target) HTTP/1.1\r\nHost: localhost\r\n\(extra)\r\n")
    }

    /// A header of the head, by name without case.
    func header(_ name: String) -> String? {
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == name.lowercased() {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The status code of the head.
    var status: Int {
        Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
