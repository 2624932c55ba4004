/// Writes a ``StructuredValue`` as JSON text ([RFC 8259](https://www.rfc-editor.org/rfc/rfc8259)),
/// byte by byte, without Foundation.
///
/// - Objects keep their key order. Pretty output is httpbin's (Python's `json.dumps(indent=2)`):
///   two spaces per level, `"key": value`, one member per line, `{}` and `[]` when empty.
/// - Strings escape `"` and `\`, write `\b \f \n \r \t` for those controls and `\u00XX` for the
///   other C0 controls. `/` is not escaped. With ``Options/escapeNonASCII`` every non-ASCII
///   scalar is written as `\uXXXX` (surrogate pairs above U+FFFF), as Python's `ensure_ascii` does.
/// - Doubles: the shortest text that reads back as the same double, with `.0` on integral values
///   (`1.0`, `1e+20`, `1e-07`); NaN and ±infinity, which JSON cannot carry, become `null`.
/// - `data` leaves: a base64 string or a `data:` URL (``Options/dataEncoding``).
/// - `date` leaves: an ISO 8601 UTC string with whole seconds, `"2001-01-01T00:00:00Z"`.
///
/// ```swift
/// let body = try JSONWriter(options: .pretty).write(["url": "http://localhost/get"])
/// ```
public struct JSONWriter: Sendable {
    /// How `data` leaves are written.
    public enum DataEncoding: Sendable, Hashable {
        /// A string of padded standard base64 (RFC 4648 §4).
        case base64
        /// A string `data:<mediaType>;base64,<base64>` (RFC 2397), httpbin's form for binary bodies.
        case dataURL(mediaType: String)
    }

    /// Writer settings.
    public struct Options: Sendable, Hashable {
        /// Indent with two spaces and put each member on its own line.
        public var pretty: Bool
        /// Write non-ASCII characters as `\uXXXX` escapes.
        public var escapeNonASCII: Bool
        /// How `data` leaves are written.
        public var dataEncoding: DataEncoding
        /// End the document with a line feed (Flask's `jsonify` does).
        public var trailingNewline: Bool
        /// The deepest nesting written; deeper trees throw ``FormatWriterError/Code/depthLimitExceeded``.
        public var maximumDepth: Int

        /// Creates options; the defaults give compact UTF-8 output with base64 data.
        public init(
            pretty: Bool = false,
            escapeNonASCII: Bool = false,
            dataEncoding: DataEncoding = .base64,
            trailingNewline: Bool = false,
            maximumDepth: Int = 512
        ) {
            self.pretty = pretty
            self.escapeNonASCII = escapeNonASCII
            self.dataEncoding = dataEncoding
            self.trailingNewline = trailingNewline
            self.maximumDepth = maximumDepth
        }

        /// Compact output, no trailing newline.
        public static let compact = Options()
        /// httpbin's output: two-space indent and a trailing newline.
        public static let pretty = Options(pretty: true, trailingNewline: true)
    }

    /// The settings.
    public var options: Options

    /// Creates a writer.
    public init(options: Options = .compact) {
        self.options = options
    }

    /// Renders `value` as a new byte array.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than ``Options/maximumDepth``.
    public func write(_ value: StructuredValue) throws(FormatWriterError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        try write(value, into: &output)
        return output
    }

    /// Appends the rendering of `value` to `output`.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than ``Options/maximumDepth``;
    ///   `output` then holds a partial document.
    public func write(_ value: StructuredValue, into output: inout [UInt8]) throws(FormatWriterError) {
        try writeValue(value, depth: 0, into: &output)
        if options.trailingNewline {
            output.append(UInt8(ascii: "\n"))
        }
    }

    private func writeValue(_ value: StructuredValue, depth: Int, into output: inout [UInt8]) throws(FormatWriterError) {
        switch value {
        case .null:
            Self.appendLiteral("null", to: &output)
        case .bool(let flag):
            Self.appendLiteral(flag ? "true" : "false", to: &output)
        case .int(let number):
            ByteWriting.appendDecimal(number, to: &output)
        case .double(let number):
            if number.isFinite {
                ByteWriting.appendShortestDouble(number, to: &output)
            } else {
                Self.appendLiteral("null", to: &output)
            }
        case .string(let text):
            writeString(text, into: &output)
        case .data(let bytes):
            output.append(UInt8(ascii: "\""))
            if case .dataURL(let mediaType) = options.dataEncoding {
                Self.appendLiteral("data:", to: &output)
                writeStringBody(mediaType, into: &output)
                Self.appendLiteral(";base64,", to: &output)
            }
            ByteWriting.appendBase64(bytes, to: &output)
            output.append(UInt8(ascii: "\""))
        case .date(let date):
            output.append(UInt8(ascii: "\""))
            ByteWriting.appendISO8601(date, to: &output)
            output.append(UInt8(ascii: "\""))
        case .array(let elements):
            guard depth < options.maximumDepth else {
                throw FormatWriterError(code: .depthLimitExceeded, depth: depth + 1)
            }
            guard !elements.isEmpty else {
                Self.appendLiteral("[]", to: &output)
                return
            }
            output.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                if options.pretty { newline(depth: depth + 1, into: &output) }
                try writeValue(element, depth: depth + 1, into: &output)
            }
            if options.pretty { newline(depth: depth, into: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard depth < options.maximumDepth else {
                throw FormatWriterError(code: .depthLimitExceeded, depth: depth + 1)
            }
            guard !object.isEmpty else {
                Self.appendLiteral("{}", to: &output)
                return
            }
            output.append(UInt8(ascii: "{"))
            var first = true
            for entry in object.entries {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                if options.pretty { newline(depth: depth + 1, into: &output) }
                writeString(entry.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if options.pretty { output.append(UInt8(ascii: " ")) }
                try writeValue(entry.value, depth: depth + 1, into: &output)
            }
            if options.pretty { newline(depth: depth, into: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    private func newline(depth: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<(depth * 2) {
            output.append(UInt8(ascii: " "))
        }
    }

    @inline(__always)
    private static func appendLiteral(_ literal: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inline(__always)
    private func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        writeStringBody(text, into: &output)
        output.append(UInt8(ascii: "\""))
    }

    private func writeStringBody(_ text: String, into output: inout [UInt8]) {
        var text = text
        let escapeNonASCII = options.escapeNonASCII
        text.withUTF8 { bytes in
            let count = bytes.count
            var runStart = 0
            var i = 0
            while i < count {
                let byte = bytes[i]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && (byte < 0x80 || !escapeNonASCII) {
                    i += 1
                    continue
                }
                if runStart < i {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                }
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
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
            }
        }
    }

    private static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: output.append(UInt8(ascii: "\""))
        case 0x5C: output.append(UInt8(ascii: "\\"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            output.removeLast()
            appendUnicodeEscape(UInt16(byte), to: &output)
        }
    }

    private static func appendUnicodeEscape(_ unit: UInt16, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        let hex = ByteWriting.hexDigits
        output.append(hex[Int(unit >> 12)])
        output.append(hex[Int(unit >> 8 & 0xF)])
        output.append(hex[Int(unit >> 4 & 0xF)])
        output.append(hex[Int(unit & 0xF)])
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
