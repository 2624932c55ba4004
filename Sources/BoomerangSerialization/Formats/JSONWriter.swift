/// Writes a ``StructuredValue`` as JSON text ([RFC 8259](https://www.rfc-editor.org/rfc/rfc8259)),
/// byte by byte, without Foundation.
///
/// - Objects keep their key order. Pretty output is httpbin's (Python's `json.dumps(indent=2)`):
///   two spaces per level, `"key": value`, one member per line, `{}` and `[]` when empty.
/// - Strings escape `"` and `\`, write `\b \f \n \r \t` for those controls and `\u00XX` for the
///   other C0 controls. `/` is not escaped. With ``JSONWriterConfiguration/escapeNonASCII`` every non-ASCII
///   scalar is written as `\uXXXX` (surrogate pairs above U+FFFF), as Python's `ensure_ascii` does.
/// - Doubles: the shortest text that reads back as the same double, with `.0` on integral values
///   (`1.0`, `1e+20`, `1e-07`); NaN and ±infinity, which JSON cannot carry, become `null`.
/// - `data` leaves: a base64 string or a `data:` URL (``JSONWriterConfiguration/dataEncoding``).
/// - `date` leaves: an ISO 8601 UTC string with whole seconds, `"2001-01-01T00:00:00Z"`.
///
/// ```swift
/// let body = try JSONWriter(configuration: .pretty).write(["url": "http://localhost/get"])
/// ```
public struct JSONWriter: FormatWriter {
    /// How `data` leaves are written.
    public enum DataEncoding: Sendable, Hashable {
        /// A string of padded standard base64 (RFC 4648 §4).
        case base64
        /// A string `data:<mediaType>;base64,<base64>` (RFC 2397), httpbin's form for binary bodies.
        case dataURL(mediaType: String)
    }

    /// How the writer writes.
    public var configuration: JSONWriterConfiguration

    /// Creates a writer.
    public init(configuration: JSONWriterConfiguration = .compact) {
        self.configuration = configuration
    }

    /// Renders `value` as a new byte array.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than ``JSONWriterConfiguration/maxDepth``.
    public func write(_ value: StructuredValue) throws(FormatWriterError) -> [UInt8] {
        try write(value, capacity: 1024)
    }

    /// Renders `value` as a new byte array, starting with room for `capacity` bytes (an estimate
    /// of the output's size saves growing a large output step by step).
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than ``JSONWriterConfiguration/maxDepth``.
    public func write(_ value: StructuredValue, capacity: Int) throws(FormatWriterError) -> [UInt8] {
        var output = RawOutput(capacity: capacity)
        try writeDocument(value, into: &output)
        return output.makeArray()
    }

    /// Appends the rendering of `value` to `output`.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than ``JSONWriterConfiguration/maxDepth``;
    ///   `output` is then unchanged.
    public func write(_ value: StructuredValue, into output: inout [UInt8]) throws(FormatWriterError) {
        var raw = RawOutput(capacity: 1024)
        try writeDocument(value, into: &raw)
        output.append(contentsOf: raw.bytes)
    }

    private func writeDocument(_ value: StructuredValue, into output: inout RawOutput) throws(FormatWriterError) {
        try writeValue(value, depth: 0, into: &output)
        if configuration.trailingNewline {
            output.append(UInt8(ascii: "\n"))
        }
    }

    func writeValue(_ value: StructuredValue, depth: Int, into output: inout RawOutput) throws(FormatWriterError) {
        switch value {
        case .null:
            output.append("null")
        case .bool(let flag):
            output.append(flag ? "true" : "false")
        case .int(let number):
            Self.appendDecimal(number, to: &output)
        case .double(let number):
            if number.isFinite {
                let text = number.description
                text.utf8.withContiguousStorageIfAvailable { output.append($0) }
                    ?? { for byte in text.utf8 { output.append(byte) } }()
            } else {
                output.append("null")
            }
        case .string(let text):
            writeString(text, into: &output)
        case .data(let bytes):
            output.append(UInt8(ascii: "\""))
            if case .dataURL(let mediaType) = configuration.dataEncoding {
                output.append("data:")
                writeStringBody(mediaType, into: &output)
                output.append(";base64,")
            }
            let encoded = Base64.encodedCount(bytes.count)
            output.reserve(encoded + 1)
            bytes.withUnsafeBytes { Base64.encode($0, into: output.base + output.count) }
            output.advance(by: encoded)
            output.appendUnchecked(UInt8(ascii: "\""))
        case .date(let date):
            var encoded: [UInt8] = [UInt8(ascii: "\"")]
            ByteWriting.appendISO8601(date, to: &encoded)
            encoded.append(UInt8(ascii: "\""))
            encoded.withUnsafeBufferPointer { output.append($0) }
        case .array(let elements):
            guard depth < configuration.maxDepth else {
                throw FormatWriterError(code: .depthLimitExceeded, depth: depth + 1)
            }
            guard !elements.isEmpty else {
                output.append("[]")
                return
            }
            output.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                if configuration.pretty { newline(depth: depth + 1, into: &output) }
                try writeValue(element, depth: depth + 1, into: &output)
            }
            if configuration.pretty { newline(depth: depth, into: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard depth < configuration.maxDepth else {
                throw FormatWriterError(code: .depthLimitExceeded, depth: depth + 1)
            }
            guard !object.isEmpty else {
                output.append("{}")
                return
            }
            output.append(UInt8(ascii: "{"))
            var first = true
            for entry in object.entries {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                if configuration.pretty { newline(depth: depth + 1, into: &output) }
                writeString(entry.key, into: &output)
                if configuration.pretty {
                    output.append(": ")
                } else {
                    output.append(UInt8(ascii: ":"))
                }
                try writeValue(entry.value, depth: depth + 1, into: &output)
            }
            if configuration.pretty { newline(depth: depth, into: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the indent of `depth`, the spaces stored eight at a time.
    @inline(__always)
    func newline(depth: Int, into output: inout RawOutput) {
        let width = depth * 2
        // The last word stored may reach 7 bytes past the indent, into reserved room.
        output.reserve(width + 8)
        let line = UnsafeMutableRawPointer(output.base + output.count)
        line.storeBytes(of: UInt8(ascii: "\n"), as: UInt8.self)
        var offset = 1
        while offset <= width {
            line.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        output.advance(by: width + 1)
    }

    @inline(__always)
    private static func appendDecimal(_ value: Int64, to output: inout RawOutput) {
        output.reserve(20)
        output.advance(by: DecimalText.write(Int(value), to: output.base + output.count))
    }

    @inline(__always)
    func writeString(_ text: String, into output: inout RawOutput) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            writeQuoted(bytes, into: &output)
        }
        if done == nil {
            var copy = text
            copy.withUTF8 { writeQuoted($0, into: &output) }
        }
    }

    /// Writes `bytes` (valid UTF-8) as a JSON string: one scan and one copy when nothing in it
    /// needs an escape.
    @inline(__always)
    func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout RawOutput) {
        let count = bytes.count
        guard let start = bytes.baseAddress, count > 0 else {
            output.append("\"\"")
            return
        }
        let plain = Self.plainPrefix(start, count: count, escapeNonASCII: configuration.escapeNonASCII)
        output.reserve(plain + 2)
        output.appendUnchecked(UInt8(ascii: "\""))
        output.appendUnchecked(start, count: plain)
        if plain == count {
            output.appendUnchecked(UInt8(ascii: "\""))
        } else {
            writeEscapedTail(bytes, from: plain, into: &output)
            output.append(UInt8(ascii: "\""))
        }
    }

    private func writeStringBody(_ text: String, into output: inout RawOutput) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            writeEscaped(bytes, into: &output)
        }
        if done == nil {
            var copy = text
            copy.withUTF8 { writeEscaped($0, into: &output) }
        }
    }

    /// Bytes that need no escape in 8-byte words: no byte below 0x20, no `"`, no `\`, and
    /// (when non-ASCII is escaped) no byte at or above 0x80.
    @inline(__always)
    private static func isPlainWord(_ word: UInt64, escapeNonASCII: Bool) -> Bool {
        escapeFlags(word, escapeNonASCII: escapeNonASCII) == 0
    }

    /// Nonzero when the word holds a byte that needs an escape.
    @inline(__always)
    static func escapeFlags(_ word: UInt64, escapeNonASCII: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        let nonASCII = escapeNonASCII ? word & highs : 0
        return below20 | hasQuote | hasBackslash | nonASCII
    }

    /// Whether the 32 bytes at `pointer` need no escape: four words checked together, so that
    /// long plain runs (a file echoed as text) cost one branch per 32 bytes.
    @inline(__always)
    private static func isPlainBlock(_ pointer: UnsafeRawPointer, escapeNonASCII: Bool) -> Bool {
        let a = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
        let b = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let c = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        let d = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        return escapeFlags(a, escapeNonASCII: escapeNonASCII) | escapeFlags(b, escapeNonASCII: escapeNonASCII)
            | escapeFlags(c, escapeNonASCII: escapeNonASCII) | escapeFlags(d, escapeNonASCII: escapeNonASCII) == 0
    }

    /// The length of the longest prefix of the `count` bytes at `start` that needs no escape.
    @inline(__always)
    static func plainPrefix(_ start: UnsafePointer<UInt8>, count: Int, escapeNonASCII: Bool) -> Int {
        var i = 0
        while i + 32 <= count, isPlainBlock(start + i, escapeNonASCII: escapeNonASCII) {
            i += 32
        }
        while i + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self))
            guard isPlainWord(word, escapeNonASCII: escapeNonASCII) else { break }
            i += 8
        }
        if i + 8 > count && count >= 8 {
            // The last word overlaps what was already checked and covers the tail.
            let word = UInt64(littleEndian: UnsafeRawPointer(start + count - 8).loadUnaligned(as: UInt64.self))
            if isPlainWord(word, escapeNonASCII: escapeNonASCII) { return count }
        }
        while i < count, isPlainByte(start[i], escapeNonASCII: escapeNonASCII) {
            i += 1
        }
        return i
    }

    @inline(__always)
    private static func isPlainByte(_ byte: UInt8, escapeNonASCII: Bool) -> Bool {
        byte >= 0x20 && byte != 0x22 && byte != 0x5C && (byte < 0x80 || !escapeNonASCII)
    }

    func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout RawOutput) {
        guard let start = bytes.baseAddress else { return }
        let count = bytes.count
        let plain = Self.plainPrefix(start, count: count, escapeNonASCII: configuration.escapeNonASCII)
        output.reserve(plain)
        output.appendUnchecked(start, count: plain)
        if plain < count { writeEscapedTail(bytes, from: plain, into: &output) }
    }

    /// Writes `bytes` from `first`, the first byte that needs an escape, on.
    @inline(never)
    private func writeEscapedTail(_ bytes: UnsafeBufferPointer<UInt8>, from first: Int, into output: inout RawOutput) {
        guard let start = bytes.baseAddress else { return }
        let count = bytes.count
        let escapeNonASCII = configuration.escapeNonASCII
        var runStart = first
        var i = first
        while i < count {
            while i + 32 <= count, Self.isPlainBlock(start + i, escapeNonASCII: escapeNonASCII) {
                i += 32
            }
            if i + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self))
                if Self.isPlainWord(word, escapeNonASCII: escapeNonASCII) {
                    i += 8
                    continue
                }
            } else if count >= 8 {
                // The last word overlaps what was already checked and covers the tail.
                let word = UInt64(littleEndian: UnsafeRawPointer(start + count - 8).loadUnaligned(as: UInt64.self))
                if Self.isPlainWord(word, escapeNonASCII: escapeNonASCII) {
                    i = count
                    continue
                }
            }
            let byte = start[i]
            if Self.isPlainByte(byte, escapeNonASCII: escapeNonASCII) {
                i += 1
                continue
            }
            if runStart < i {
                output.reserve(i - runStart)
                output.appendUnchecked(start + runStart, count: i - runStart)
            }
            output.reserve(12)
            if byte < 0x80 {
                Self.appendEscape(for: byte, to: &output)
                i += 1
            } else {
                let (scalar, length) = Self.decodeScalar(bytes, at: i)
                if scalar >= 0x1_0000 {
                    let offset = scalar - 0x1_0000
                    Self.appendUnicodeEscape(UInt16(0xD800 + (offset >> 10)), to: &output)
                    Self.appendUnicodeEscape(UInt16(0xDC00 + (offset & 0x3FF)), to: &output)
                } else {
                    Self.appendUnicodeEscape(UInt16(scalar), to: &output)
                }
                i += length
            }
            runStart = i
        }
        if runStart < count {
            output.reserve(count - runStart)
            output.appendUnchecked(start + runStart, count: count - runStart)
        }
    }

    /// Writes the escape for an ASCII byte; 6 bytes of room must have been reserved.
    @inline(__always)
    private static func appendEscape(for byte: UInt8, to output: inout RawOutput) {
        let short: UInt8
        switch byte {
        case 0x22: short = UInt8(ascii: "\"")
        case 0x5C: short = UInt8(ascii: "\\")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        default:
            appendUnicodeEscape(UInt16(byte), to: &output)
            return
        }
        output.appendUnchecked(UInt8(ascii: "\\"))
        output.appendUnchecked(short)
    }

    /// Writes `\uXXXX` in lower-case hex; 6 bytes of room must have been reserved.
    @inline(__always)
    private static func appendUnicodeEscape(_ unit: UInt16, to output: inout RawOutput) {
        output.appendUnchecked(UInt8(ascii: "\\"))
        output.appendUnchecked(UInt8(ascii: "u"))
        output.appendUnchecked(Hex.lowercaseDigit(UInt8(truncatingIfNeeded: unit >> 12)))
        output.appendUnchecked(Hex.lowercaseDigit(UInt8(truncatingIfNeeded: unit >> 8)))
        output.appendUnchecked(Hex.lowercaseDigit(UInt8(truncatingIfNeeded: unit >> 4)))
        output.appendUnchecked(Hex.lowercaseDigit(UInt8(truncatingIfNeeded: unit)))
    }

    /// Decodes the scalar starting at `i` in valid UTF-8 (a Swift string's storage).
    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[i])
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[i + 1]) & 0x3F, 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | (UInt32(bytes[i + 1]) & 0x3F) << 6 | UInt32(bytes[i + 2]) & 0x3F, 3)
        }
        let scalar =
            (lead & 0x07) << 18 | (UInt32(bytes[i + 1]) & 0x3F) << 12 | (UInt32(bytes[i + 2]) & 0x3F) << 6
            | UInt32(bytes[i + 3]) & 0x3F
        return (scalar, 4)
    }
}
