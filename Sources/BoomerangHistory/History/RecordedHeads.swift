import BoomerangSerialization

/// The two heads of an exchange as bytes, in one allocation: the request's as received and the
/// response's as sent (sensitive values redacted). A history entry keeps this block alone, not
/// the connection's arrays and header objects: recording copies two short runs of bytes, and
/// dropping the entry frees one block. Both heads are parsed again when read.
///
/// Unchecked `Sendable`: the block is written once, in ``make(request:response:)``, before any
/// other thread can see it, and only read after.
package struct RecordedHeads: @unchecked Sendable {
    /// The byte counts of the two heads, stored one after the other.
    package struct Counts {
        package var request: Int
        package var response: Int
    }

    private final class Block: ManagedBuffer<Counts, UInt8> {}

    private let block: Block

    /// A block holding `request` then `response`.
    package static func make(request: UnsafeRawBufferPointer, response: UnsafeRawBufferPointer) -> RecordedHeads {
        let block = unsafeDowncast(
            Block.create(minimumCapacity: request.count + response.count) { _ in
                Counts(request: request.count, response: response.count)
            }, to: Block.self)
        block.withUnsafeMutablePointerToElements { elements in
            let bytes = UnsafeMutableRawBufferPointer(start: elements, count: request.count + response.count)
            bytes.copyBytes(from: request)
            UnsafeMutableRawBufferPointer(rebasing: bytes[request.count...]).copyBytes(from: response)
        }
        return RecordedHeads(block: block)
    }

    /// The bytes held.
    package var byteCount: Int {
        block.withUnsafeMutablePointerToHeader { $0.pointee.request + $0.pointee.response }
    }

    /// The request head's bytes.
    package var request: [UInt8] {
        block.withUnsafeMutablePointers { counts, elements in
            Array(UnsafeBufferPointer(start: elements, count: counts.pointee.request))
        }
    }

    /// The response head's bytes, empty when no response was recorded.
    package var response: [UInt8] {
        block.withUnsafeMutablePointers { counts, elements in
            Array(UnsafeBufferPointer(start: elements + counts.pointee.request, count: counts.pointee.response))
        }
    }

    /// The response head's fields, in order, as they were written (the status line skipped).
    package var responseFields: HTTPHeaders {
        var headers = HTTPHeaders()
        let bytes = response
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropFirst()[...]
        while let line = lines.popFirst() {
            let text = line.last == 0x0D ? line.dropLast() : line
            guard !text.isEmpty, let colon = text.firstIndex(of: UInt8(ascii: ":")) else { break }
            var value = text[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            headers.add(name: String(decoding: text[..<colon], as: UTF8.self), value: String(decoding: value, as: UTF8.self))
        }
        return headers
    }

    /// The length of the head at the start of `written` (a response as written: the head, then
    /// the body or not), its blank line included; `nil` when `written` holds no complete head.
    /// The end the head has when the body of `bodyCount` bytes follows it is tried first.
    package static func headLength(_ written: UnsafeRawBufferPointer, bodyCount: Int) -> Int? {
        func endsHead(_ end: Int) -> Bool {
            end >= 4 && end <= written.count && written[end - 4] == 0x0D && written[end - 3] == 0x0A
                && written[end - 2] == 0x0D && written[end - 1] == 0x0A
        }
        // A blank line ends a head at its first occurrence: one found where the body would start
        // is the head's end (the body is not written after a HEAD request, a 204 or a 304).
        if endsHead(written.count - bodyCount) { return written.count - bodyCount }
        return firstBlankLine(written)
    }

    private static func firstBlankLine(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 3
        while index < bytes.count {
            if bytes[index] == 0x0A && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
                return index + 1
            }
            index += 1
        }
        return nil
    }
}
