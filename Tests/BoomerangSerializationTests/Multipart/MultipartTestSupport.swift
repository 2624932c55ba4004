import BoomerangSerialization
import Foundation

/// How a message is cut into chunks before it is fed to the parser.
enum Chunking: CustomStringConvertible, Sendable {
    case whole
    case fixed(Int)
    case splitAt(Int)

    var description: String {
        switch self {
        case .whole: "whole"
        case .fixed(let size): "chunks of \(size)"
        case .splitAt(let point): "split at \(point)"
        }
    }

    func chunks(of message: [UInt8]) -> [[UInt8]] {
        switch self {
        case .whole:
            return [message]
        case .fixed(let size):
            return stride(from: 0, to: message.count, by: size).map {
                Array(message[$0..<min($0 + size, message.count)])
            }
        case .splitAt(let point):
            return [Array(message[..<point]), Array(message[point...])]
        }
    }

    /// Whole, 1 byte, 7 bytes, 16 bytes and every two-way split.
    static func all(for message: [UInt8]) -> [Chunking] {
        [.whole, .fixed(1), .fixed(7), .fixed(16)] + (0...message.count).map { .splitAt($0) }
    }
}

/// The outcome of parsing a whole message: its events with neighbouring body events merged, or
/// the error, with the events seen before it.
struct ParseOutcome: Hashable, CustomStringConvertible {
    var events: [MultipartEvent]
    var error: MultipartParserError?

    var description: String { "events: \(events), error: \(String(describing: error))" }
}

func parse(
    _ message: [UInt8],
    boundary: String,
    chunking: Chunking = .whole,
    configuration: MultipartParserConfiguration = .default
) -> ParseOutcome {
    var events: [MultipartEvent] = []
    var pending: [UInt8]?
    func flush() {
        if let body = pending { events.append(.body(body)) }
        pending = nil
    }
    func record(_ event: MultipartParser.Event) {
        switch event {
        case .partBegin(let head): flush(); events.append(.partBegin(head))
        case .body(let bytes):
            if pending == nil { pending = [] }
            pending!.append(contentsOf: bytes)
        case .partEnd: flush(); events.append(.partEnd)
        case .end: flush(); events.append(.end)
        }
    }
    do {
        var parser = try MultipartParser(boundary: boundary, configuration: configuration)
        for chunk in chunking.chunks(of: message) {
            try parser.parse(chunk, record)
        }
        try parser.finish(record)
        flush()
        return ParseOutcome(events: events, error: nil)
    } catch {
        flush()
        return ParseOutcome(events: events, error: error)
    }
}

extension Array where Element == UInt8 {
    init(wire text: String) {
        self = Array(text.utf8)
    }
}

/// A body reader over bytes, for stream parts; it returns at most `maxPiece` bytes a read, as a
/// file or a socket may.
struct BytesReader: BodyReader {
    var bytes: [UInt8]
    var maxPiece = Int.max
    var offset = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = Swift.min(buffer.count, bytes.count - offset, maxPiece)
        buffer.copyBytes(from: bytes[offset..<offset + count])
        offset += count
        return count
    }
}
