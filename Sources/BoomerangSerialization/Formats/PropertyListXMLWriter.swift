#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a ``StructuredValue`` as an XML property list (Apple's `plist` 1.0), byte for byte as
/// Foundation's `PropertyListSerialization` writes the same value on Linux and Darwin.
///
/// The shape, taken from CoreFoundation's writer:
/// - the XML declaration, the `plist` DOCTYPE, `<plist version="1.0">`, one tab per nesting level,
///   every line ending in `\n`;
/// - `<dict/>` and `<array/>` when empty; dictionary keys **sorted** by UTF-16 code units (what
///   `CFStringCompare` without options does), unless ``PropertyListXMLWriterConfiguration/keyOrder`` says `.insertion`;
/// - strings and keys escape only `&`, `<`, `>`; control characters are written as they are, as
///   Foundation does (such a document is not well-formed XML; use ``XMLWriter`` for that);
/// - `<integer>` in decimal; `<real>` as C's `%.17g`, except `0.0` for both zeros, `nan`,
///   `+infinity` and `-infinity`;
/// - `<data>` as base64 on its own lines of at most 76 − 8 × min(level, 8) characters, indented by
///   min(level, 8) tabs;
/// - `<date>` as `YYYY-MM-DDThh:mm:ssZ` in UTC, the seconds rounded down;
/// - `null` as ``PropertyListXMLWriterConfiguration/nullStrategy`` says.
public struct PropertyListXMLWriter: FormatWriter {
    /// The order of dictionary keys.
    public enum KeyOrder: Sendable, Hashable {
        /// Sorted by UTF-16 code units, as Foundation writes them.
        case sorted
        /// The object's insertion order.
        case insertion
    }

    /// How the writer writes.
    public var configuration: PropertyListXMLWriterConfiguration

    /// Creates a writer.
    public init(configuration: PropertyListXMLWriterConfiguration = PropertyListXMLWriterConfiguration()) {
        self.configuration = configuration
    }

    /// Appends the rendering of `value` to `output`.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than ``PropertyListXMLWriterConfiguration/maxDepth``.
    public func write(_ value: StructuredValue, into output: inout [UInt8]) throws(FormatWriterError) {
        output.append(contentsOf: Self.header.utf8)
        let root: StructuredValue
        if case .null = value {
            root = .string(nullText ?? "")
        } else {
            root = value
        }
        try writeValue(root, level: 0, into: &output)
        output.append(contentsOf: "</plist>\n".utf8)
    }

    static let header =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        + "<plist version=\"1.0\">\n"

    private var nullText: String? {
        if case .string(let text) = configuration.nullStrategy { return text }
        return nil
    }

    private func writeValue(_ value: StructuredValue, level: Int, into output: inout [UInt8]) throws(FormatWriterError) {
        indent(level, into: &output)
        switch value {
        case .null:
            writeTextElement("string", nullText ?? "", into: &output)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "<true/>\n" : "<false/>\n").utf8)
        case .int(let number):
            output.append(contentsOf: "<integer>".utf8)
            DecimalText.append(number, to: &output)
            output.append(contentsOf: "</integer>\n".utf8)
        case .double(let number):
            output.append(contentsOf: "<real>".utf8)
            Self.appendReal(number, to: &output)
            output.append(contentsOf: "</real>\n".utf8)
        case .string(let text):
            writeTextElement("string", text, into: &output)
        case .data(let bytes):
            output.append(contentsOf: "<data>\n".utf8)
            Self.appendWrappedBase64(bytes, level: level, to: &output)
            indent(level, into: &output)
            output.append(contentsOf: "</data>\n".utf8)
        case .date(let date):
            output.append(contentsOf: "<date>".utf8)
            ByteWriting.appendISO8601(date, to: &output)
            output.append(contentsOf: "</date>\n".utf8)
        case .array(let elements):
            guard level < configuration.maxDepth else {
                throw FormatWriterError(code: .depthLimitExceeded, depth: level + 1)
            }
            let kept = nullText == nil ? elements.filter { $0 != .null } : elements
            guard !kept.isEmpty else {
                output.append(contentsOf: "<array/>\n".utf8)
                return
            }
            output.append(contentsOf: "<array>\n".utf8)
            for element in kept {
                try writeValue(element, level: level + 1, into: &output)
            }
            indent(level, into: &output)
            output.append(contentsOf: "</array>\n".utf8)
        case .object(let object):
            guard level < configuration.maxDepth else {
                throw FormatWriterError(code: .depthLimitExceeded, depth: level + 1)
            }
            var entries = nullText == nil ? object.entries.filter { $0.value != .null } : object.entries
            guard !entries.isEmpty else {
                output.append(contentsOf: "<dict/>\n".utf8)
                return
            }
            if configuration.keyOrder == .sorted {
                entries.sort { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
            }
            output.append(contentsOf: "<dict>\n".utf8)
            for entry in entries {
                indent(level + 1, into: &output)
                writeTextElement("key", entry.key, into: &output)
                try writeValue(entry.value, level: level + 1, into: &output)
            }
            indent(level, into: &output)
            output.append(contentsOf: "</dict>\n".utf8)
        }
    }

    private func indent(_ level: Int, into output: inout [UInt8]) {
        for _ in 0..<level {
            output.append(UInt8(ascii: "\t"))
        }
    }

    private func writeTextElement(_ name: String, _ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            default: output.append(byte)
            }
        }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: ">\n".utf8)
    }

    /// CoreFoundation's real formatting: `%.17g` with special spellings for zero and non-finite values.
    static func appendReal(_ number: Double, to output: inout [UInt8]) {
        if number.isNaN {
            output.append(contentsOf: "nan".utf8)
        } else if number.isInfinite {
            output.append(contentsOf: (number > 0 ? "+infinity" : "-infinity").utf8)
        } else if number == 0 {
            output.append(contentsOf: "0.0".utf8)
        } else {
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
                let length = withVaList([number]) { arguments in
                    vsnprintf(buffer.baseAddress, 40, "%.17g", arguments)
                }
                let written = Int(max(0, min(length, 39)))
                buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: written) { bytes in
                    output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: written))
                }
            }
        }
    }

    /// CoreFoundation's data layout: base64 flushed to a new line whenever the line reaches
    /// 76 − 8 × min(level, 8) characters, each line indented by min(level, 8) tabs.
    static func appendWrappedBase64(_ bytes: [UInt8], level: Int, to output: inout [UInt8]) {
        let tabs = min(level, 8)
        let lineLimit = 76 - 8 * tabs
        var encoded: [UInt8] = []
        Base64.append(bytes, to: &encoded)
        // Replays CoreFoundation's loop: after input byte i, the line holds the characters produced
        // so far (one per byte, plus one more for every third byte); padding joins the last line.
        var line: [UInt8] = []
        line.reserveCapacity(lineLimit + 4)
        var produced = 0
        for i in 0..<bytes.count {
            let count = i % 3 == 2 ? 2 : 1
            line.append(contentsOf: encoded[produced..<(produced + count)])
            produced += count
            if line.count >= lineLimit {
                for _ in 0..<tabs { output.append(UInt8(ascii: "\t")) }
                output.append(contentsOf: line)
                output.append(UInt8(ascii: "\n"))
                line.removeAll(keepingCapacity: true)
            }
        }
        line.append(contentsOf: encoded[produced...])
        if !line.isEmpty {
            for _ in 0..<tabs { output.append(UInt8(ascii: "\t")) }
            output.append(contentsOf: line)
            output.append(UInt8(ascii: "\n"))
        }
    }
}
