/// Writes a ``StructuredValue`` as a plain XML 1.0 document for clients that ask for
/// `application/xml`.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <root type="object">
///   <args type="object"/>
///   <item key="Content-Type" type="string">text/plain</item>
///   <list type="array">
///     <item type="int">1</item>
///     <item type="null"/>
///   </list>
/// </root>
/// ```
///
/// - The root element is ``XMLWriterConfiguration/rootElementName``. Every element has a `type` attribute:
///   `null`, `bool`, `int`, `double`, `string`, `data`, `date`, `array` or `object`.
/// - An object member is an element named after its key when the key is a conservative XML name
///   (ASCII letter or `_`, then ASCII letters, digits, `_`, `-`, `.`; not starting with `xml` in
///   any case); otherwise it is `<item key="…">`. Array elements are `<item>`.
/// - Leaves: `true`/`false`; decimal integers; doubles in shortest round-trip form with `NaN`,
///   `INF` and `-INF` (the XML Schema spellings); `data` as base64; dates as ISO 8601 UTC.
/// - Text escapes `&`, `<`, `>` and writes CR as `&#13;` so that parsers keep it; attribute values
///   also escape `"`, tab, LF and CR. A string holding characters XML 1.0 cannot carry (C0 controls
///   other than tab, LF and CR, and U+FFFE, U+FFFF) is written as base64 of its UTF-8 with
///   `encoding="base64"`; such a key becomes `key-encoding="base64"` with a base64 `key`. Nothing is
///   lost.
/// - Empty containers and null are self-closing; with ``XMLWriterConfiguration/pretty`` each element is on its own
///   line, indented two spaces per level.
public struct XMLWriter: FormatWriter {
    /// How the writer writes.
    public var configuration: XMLWriterConfiguration

    /// Creates a writer.
    public init(configuration: XMLWriterConfiguration = XMLWriterConfiguration()) {
        self.configuration = configuration
    }

    /// Appends the rendering of `value` to `output`.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than ``XMLWriterConfiguration/maxDepth``.
    public func write(_ value: StructuredValue, into output: inout [UInt8]) throws(FormatWriterError) {
        output.append(contentsOf: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
        try writeElement(name: configuration.rootElementName, key: nil, value: value, depth: 0, into: &output)
        if !configuration.pretty {
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// Whether `name` is used as an element name as it is: an ASCII letter or `_`, then ASCII
    /// letters, digits, `_`, `-` or `.`, and not starting with `xml` in any case.
    public static func isElementName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        for byte in bytes.dropFirst() {
            guard isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return false }
        }
        if bytes.count >= 3 {
            let prefix = Array(bytes.prefix(3)).map { $0 | 0x20 }
            if prefix == Array("xml".utf8) { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// Whether every scalar of `text` is a character XML 1.0 allows.
    static func isXMLText(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x20 {
                if v != 0x09 && v != 0x0A && v != 0x0D { return false }
            } else if v == 0xFFFE || v == 0xFFFF {
                return false
            }
        }
        return true
    }

    private func writeElement(
        name: String,
        key: String?,
        value: StructuredValue,
        depth: Int,
        into output: inout [UInt8]
    ) throws(FormatWriterError) {
        if configuration.pretty {
            for _ in 0..<(depth * 2) { output.append(UInt8(ascii: " ")) }
        }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        if let key {
            if Self.isXMLText(key) {
                output.append(contentsOf: " key=\"".utf8)
                Self.appendEscaped(key, attribute: true, to: &output)
            } else {
                output.append(contentsOf: " key-encoding=\"base64\" key=\"".utf8)
                Base64.append(Array(key.utf8), to: &output)
            }
            output.append(UInt8(ascii: "\""))
        }
        output.append(contentsOf: " type=\"".utf8)
        switch value {
        case .null:
            output.append(contentsOf: "null\"/>".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "bool\">true" : "bool\">false").utf8)
            closeTag(name, into: &output)
        case .int(let number):
            output.append(contentsOf: "int\">".utf8)
            DecimalText.append(number, to: &output)
            closeTag(name, into: &output)
        case .double(let number):
            output.append(contentsOf: "double\">".utf8)
            if number.isNaN {
                output.append(contentsOf: "NaN".utf8)
            } else if number.isInfinite {
                output.append(contentsOf: (number > 0 ? "INF" : "-INF").utf8)
            } else {
                ByteWriting.appendShortestDouble(number, to: &output)
            }
            closeTag(name, into: &output)
        case .string(let text):
            if Self.isXMLText(text) {
                output.append(contentsOf: "string\">".utf8)
                Self.appendEscaped(text, attribute: false, to: &output)
            } else {
                output.append(contentsOf: "string\" encoding=\"base64\">".utf8)
                Base64.append(Array(text.utf8), to: &output)
            }
            closeTag(name, into: &output)
        case .data(let bytes):
            output.append(contentsOf: "data\">".utf8)
            Base64.append(bytes, to: &output)
            closeTag(name, into: &output)
        case .date(let date):
            output.append(contentsOf: "date\">".utf8)
            ByteWriting.appendISO8601(date, to: &output)
            closeTag(name, into: &output)
        case .array(let elements):
            guard depth < configuration.maxDepth else {
                throw FormatWriterError(code: .depthLimitExceeded, depth: depth + 1)
            }
            guard !elements.isEmpty else {
                output.append(contentsOf: "array\"/>".utf8)
                break
            }
            output.append(contentsOf: "array\">".utf8)
            for element in elements {
                if configuration.pretty { output.append(UInt8(ascii: "\n")) }
                try writeElement(name: "item", key: nil, value: element, depth: depth + 1, into: &output)
            }
            closeContainer(name, depth: depth, into: &output)
        case .object(let object):
            guard depth < configuration.maxDepth else {
                throw FormatWriterError(code: .depthLimitExceeded, depth: depth + 1)
            }
            guard !object.isEmpty else {
                output.append(contentsOf: "object\"/>".utf8)
                break
            }
            output.append(contentsOf: "object\">".utf8)
            for entry in object.entries {
                if configuration.pretty { output.append(UInt8(ascii: "\n")) }
                if Self.isElementName(entry.key) {
                    try writeElement(name: entry.key, key: nil, value: entry.value, depth: depth + 1, into: &output)
                } else {
                    try writeElement(name: "item", key: entry.key, value: entry.value, depth: depth + 1, into: &output)
                }
            }
            closeContainer(name, depth: depth, into: &output)
        }
        if configuration.pretty && depth == 0 {
            output.append(UInt8(ascii: "\n"))
        }
    }

    private func closeTag(_ name: String, into output: inout [UInt8]) {
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    private func closeContainer(_ name: String, depth: Int, into output: inout [UInt8]) {
        if configuration.pretty {
            output.append(UInt8(ascii: "\n"))
            for _ in 0..<(depth * 2) { output.append(UInt8(ascii: " ")) }
        }
        closeTag(name, into: &output)
    }

    private static func appendEscaped(_ text: String, attribute: Bool, to output: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case 0x0D: output.append(contentsOf: "&#13;".utf8)
            case UInt8(ascii: "\"") where attribute: output.append(contentsOf: "&quot;".utf8)
            case 0x09 where attribute: output.append(contentsOf: "&#9;".utf8)
            case 0x0A where attribute: output.append(contentsOf: "&#10;".utf8)
            default: output.append(byte)
            }
        }
    }
}
