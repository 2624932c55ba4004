#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The delimiter search and the boundary lines: body bytes up to the next delimiter, whether a
/// matched delimiter is one, and the padding after it.
extension MultipartParser {
    mutating func run(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ handler: (Event) -> Void
    ) throws(MultipartParserError) {
        var index = 0
        defer { consumed += Int64(count) }
        while index < count {
            switch state {
            case .body:
                scanBody(bytes, count, &index, handler)
            case .afterDelimiter:
                try afterDelimiter(bytes, count, &index, handler)
            case .padding:
                try padding(bytes, count, &index)
            case .headers:
                try headerBytes(bytes, count, &index, handler)
            case .epilogue:
                try scanEpilogue(bytes, count, &index)
            case .finished:
                index = count
            }
        }
    }

    /// Emits body bytes up to the next delimiter (or the end of the chunk, holding back a
    /// possible delimiter prefix). Leaves `index` after the delimiter when one is found.
    mutating func scanBody(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ index: inout Int,
        _ handler: (Event) -> Void
    ) {
        let delimiter = self.delimiter
        let length = delimiter.count
        delimiter.withUnsafeBufferPointer { pattern in
            let pattern = pattern.baseAddress!
            if matched > 0 {
                while matched < length, index < count, bytes[index] == pattern[matched] {
                    matched += 1
                    index += 1
                }
                if matched == length {
                    matched = 0
                    afterDelimiterByte = nil
                    state = .afterDelimiter
                    return
                }
                if index == count { return }
                emitBody(UnsafeRawBufferPointer(start: pattern, count: matched), handler)
                matched = 0
            }
            let start = index
            var position = index
            while position < count {
                // Dense CRs (CRLF-heavy data) are cheaper to find inline than through memchr calls.
                var candidate = position
                let inlineEnd = min(position + 8, count)
                while candidate < inlineEnd, bytes[candidate] != HTTPSyntax.cr { candidate += 1 }
                if candidate == inlineEnd {
                    guard candidate < count,
                        let found = memchr(bytes + candidate, Int32(HTTPSyntax.cr), count - candidate)
                    else { break }
                    candidate = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                let available = count - candidate
                if available >= length {
                    if bytes[candidate + 1] == HTTPSyntax.lf, bytes[candidate + 2] == dash, bytes[candidate + 3] == dash,
                        memcmp(bytes + candidate + 4, pattern + 4, length - 4) == 0
                    {
                        emitBody(UnsafeRawBufferPointer(start: bytes + start, count: candidate - start), handler)
                        index = candidate + length
                        afterDelimiterByte = nil
                        state = .afterDelimiter
                        return
                    }
                } else if memcmp(bytes + candidate, pattern, available) == 0 {
                    emitBody(UnsafeRawBufferPointer(start: bytes + start, count: candidate - start), handler)
                    matched = available
                    index = count
                    return
                }
                position = candidate + 1
            }
            emitBody(UnsafeRawBufferPointer(start: bytes + start, count: count - start), handler)
            index = count
        }
    }

    func emitBody(_ buffer: UnsafeRawBufferPointer, _ handler: (Event) -> Void) {
        if inPart, !buffer.isEmpty { handler(.body(buffer)) }
    }

    /// Decides whether a matched delimiter is one: `--` closes, CRLF or padding opens a part,
    /// anything else makes it data.
    mutating func afterDelimiter(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ index: inout Int,
        _ handler: (Event) -> Void
    ) throws(MultipartParserError) {
        let byte = bytes[index]
        switch afterDelimiterByte {
        case nil:
            if byte == dash || byte == HTTPSyntax.cr {
                afterDelimiterByte = byte
                index += 1
            } else if byte == HTTPSyntax.space || byte == HTTPSyntax.tab {
                closePart(handler)
                paddingCount = 1
                paddingSawCR = false
                state = .padding
                try checkPadding(consumed + Int64(index))
                index += 1
            } else {
                notADelimiter(extra: nil, handler)
            }
        case dash?:
            if byte == dash {
                index += 1
                closePart(handler)
                handler(.end)
                state = .epilogue
            } else {
                notADelimiter(extra: dash, handler)
            }
        default:
            if byte == HTTPSyntax.lf {
                index += 1
                closePart(handler)
                try beginHeaders(at: consumed + Int64(index))
            } else {
                // The CR may start the next delimiter: match it again from there.
                notADelimiter(extra: nil, handler)
                matched = 1
            }
        }
    }

    mutating func notADelimiter(extra: UInt8?, _ handler: (Event) -> Void) {
        delimiter.withUnsafeBytes { emitBody($0, handler) }
        if let extra {
            withUnsafeBytes(of: extra) { emitBody($0, handler) }
        }
        matched = 0
        state = .body
    }

    mutating func closePart(_ handler: (Event) -> Void) {
        if inPart {
            handler(.partEnd)
            inPart = false
        }
    }

    mutating func checkPadding(_ offset: Int64) throws(MultipartParserError) {
        if paddingCount > configuration.maxBoundaryPaddingBytes {
            throw MultipartParserError(code: .invalidBoundaryLine, value: Array(boundary.utf8), offset: offset)
        }
    }

    mutating func padding(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ index: inout Int
    ) throws(MultipartParserError) {
        while index < count {
            let byte = bytes[index]
            let offset = consumed + Int64(index)
            if paddingSawCR {
                guard byte == HTTPSyntax.lf else {
                    throw MultipartParserError(code: .invalidBoundaryLine, value: [byte], offset: offset)
                }
                index += 1
                try beginHeaders(at: offset + 1)
                return
            } else if byte == HTTPSyntax.cr {
                paddingSawCR = true
            } else if byte == HTTPSyntax.space || byte == HTTPSyntax.tab {
                paddingCount += 1
                try checkPadding(offset)
            } else {
                throw MultipartParserError(code: .invalidBoundaryLine, value: [byte], offset: offset)
            }
            index += 1
        }
    }
}

private let dash = UInt8(ascii: "-")
