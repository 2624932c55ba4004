import BoomerangSerialization
import BoomerangWire

/// One request as a caller of ``HTTPRequestParser`` sees it.
struct ParsedRequest: Equatable {
    var head: HTTPRequestHead
    var body: [UInt8]
    var trailers: HTTPHeaders
}

/// How a test hands bytes to the parser.
enum Feed: Sendable, CustomStringConvertible {
    case whole
    case byteByByte
    case split(at: Int)
    case chunks(of: Int)

    var description: String {
        switch self {
        case .whole: "whole"
        case .byteByByte: "byte by byte"
        case .split(let index): "split at \(index)"
        case .chunks(let size): "chunks of \(size)"
        }
    }

    func pieces(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        switch self {
        case .whole:
            return [bytes[...]]
        case .byteByByte:
            return (0..<bytes.count).map { bytes[$0..<($0 + 1)] }
        case .split(let index):
            return [bytes[..<index], bytes[index...]]
        case .chunks(let size):
            return stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
        }
    }
}

/// The outcome of feeding bytes to a parser the way the server does.
struct ParseRun {
    var requests: [ParsedRequest] = []
    /// A head whose message has not ended.
    var openHead: HTTPRequestHead?
    var openBody: [UInt8] = []
    var error: HTTPParseError?
    /// Whether the parser was idle after the last piece.
    var idle = false
}

extension HTTPRequestParser {
    /// Feeds `bytes` in pieces, keeping unconsumed bytes like a connection buffer does, and
    /// calls `finish()` at the end when `finishing`.
    static func run(
        _ bytes: [UInt8],
        configuration: HTTPParserConfiguration = .init(),
        feed: Feed = .whole,
        finishing: Bool = false
    ) -> ParseRun {
        var parser = HTTPRequestParser(configuration: configuration)
        var run = ParseRun()
        var pending: [UInt8] = []
        do {
            for piece in feed.pieces(of: bytes) {
                pending.append(contentsOf: piece)
                var start = 0
                while true {
                    let (event, consumed) = try pending.withUnsafeBytes { whole in
                        let buffer = UnsafeRawBufferPointer(rebasing: whole[start...])
                        let result = try parser.parse(buffer)
                        if case .body(let range) = result.event {
                            run.openBody.append(contentsOf: buffer[range])
                        }
                        return result
                    }
                    precondition(consumed <= pending.count - start)
                    start += consumed
                    guard let event else { break }
                    switch event {
                    case .head(let head):
                        run.openHead = head
                    case .body:
                        break
                    case .end(let trailers):
                        run.requests.append(ParsedRequest(head: run.openHead!, body: run.openBody, trailers: trailers))
                        run.openHead = nil
                        run.openBody = []
                    }
                }
                precondition(start == pending.count, "event nil must mean all input was consumed")
                pending.removeAll(keepingCapacity: true)
            }
            run.idle = parser.isIdle
            if finishing {
                try parser.finish()
            }
        } catch let error as HTTPParseError {
            run.error = error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        return run
    }
}

extension String {
    /// The string's bytes, with `\u{XX}` scalars below 256 taken as single bytes (for raw 8-bit input).
    var wire: [UInt8] {
        unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }
}
