import BoomerangSerialization
import Testing

/// Where `PropertyListReader` deliberately parts from Foundation's `PropertyListSerialization` on
/// this toolchain: each row says what Foundation does (checked, so that a change in Foundation is
/// noticed) and what the reader does instead, and why a user is better served.
@Suite struct PropertyListReaderDifferenceTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var input: [UInt8]
        /// Foundation's value, or `nil` when it refuses the input.
        var foundation: StructuredValue?
        /// The reader's value, or the code of its refusal.
        var reader: Result<StructuredValue, PropertyListReadError>
        var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }

        init(_ text: String, foundation: StructuredValue?, reader: StructuredValue) {
            self.init(Array(text.utf8), foundation: foundation, reader: .success(reader))
        }

        init(_ text: String, foundation: StructuredValue?, refusal: PropertyListReadError.Code) {
            self.init(Array(text.utf8), foundation: foundation, refusal: refusal)
        }

        init(_ input: [UInt8], foundation: StructuredValue?, refusal: PropertyListReadError.Code) {
            self.init(input, foundation: foundation, reader: .failure(PropertyListReadError(code: refusal, value: "")))
        }

        init(_ input: [UInt8], foundation: StructuredValue?, reader: Result<StructuredValue, PropertyListReadError>) {
            self.input = input
            self.foundation = foundation
            self.reader = reader
        }
    }

    static func plist(_ body: String) -> String { "<plist version=\"1.0\">" + body + "</plist>" }

    static let rows: [Row] = [
        // base64: Foundation skips characters outside the alphabet and drops an unpadded last group,
        // turning a damaged body into other bytes without a word.
        Row(plist("<data>AAE</data>"), foundation: .data([]), refusal: .invalidData),
        Row(plist("<data>AA*E=</data>"), foundation: .data([0, 1]), refusal: .invalidData),
        Row(plist("<data>AAE=x</data>"), foundation: .data([0, 1]), refusal: .invalidData),
        // Entities are text everywhere in XML; Foundation reads "&#65;" in <data> as base64 characters.
        Row(plist("<data>&#65;AE=</data>"), foundation: .data([235, 144, 4]), reader: .data([0, 1])),
        // <data/> is <data></data> in XML.
        Row(plist("<data/>"), foundation: nil, reader: .data([])),
        // Dates: Foundation rolls fields over (month 13 is next January, February 30 is March 2).
        Row(plist("<date>2001-13-01T00:00:00Z</date>"), foundation: .date(.init(timeIntervalSinceReferenceDate: 31_536_000)), refusal: .invalidDate),
        Row(plist("<date>2001-02-30T00:00:00Z</date>"), foundation: .date(.init(timeIntervalSinceReferenceDate: 5_184_000)), refusal: .invalidDate),
        Row(plist("<date>2001-01-01T25:00:00Z</date>"), foundation: .date(.init(timeIntervalSinceReferenceDate: 90_000)), refusal: .invalidDate),
        // Foundation ignores anything after the root element; a second document is not the same document.
        Row(plist("<true/>") + "junk", foundation: true, refusal: .trailingContent),
        Row(plist("<true/>") + plist("<false/>"), foundation: true, refusal: .trailingContent),
        Row("<dict/>x", foundation: [:], refusal: .trailingContent),
        // A <key> where a value must be: Foundation reads it as a string; the DTD does not allow it.
        Row(plist("<dict><key>a</key><key>b</key></dict>"), foundation: ["a": "b"], refusal: .unknownElement),
        // Comments and processing instructions are allowed inside XML text; Foundation refuses them.
        Row(plist("<string>a<!-- c -->b</string>"), foundation: nil, reader: "ab"),
        Row(plist("<string>a<?pi x?>b</string>"), foundation: nil, reader: "ab"),
        Row(plist("<data>AA<!-- c -->E=</data>"), foundation: nil, reader: .data([0, 1])),
        // A character reference without digits names nothing; Foundation makes it U+0000.
        Row(plist("<string>&#;</string>"), foundation: "\u{0}", refusal: .unknownEntity),
        // Foundation drops a U+FEFF at the start of a string's text; it is part of the text.
        Row(plist("<string>\u{FEFF}a</string>"), foundation: "a", reader: "\u{FEFF}a"),
        // Another declared encoding than UTF-8 and ISO-8859-1 (or US-ASCII): Foundation knows the
        // IANA names of many; the reader refuses them rather than guess. Not yet done: windows-1252.
        Row(Array(#"<?xml version="1.0" encoding="windows-1252"?><plist><string>"#.utf8) + [0x80] + Array("</string></plist>".utf8), foundation: "€", refusal: .invalidText),
        // Binary: a negative 16-byte integer; Foundation keeps its low 64 bits as unsigned (-1 becomes 2^64 - 1).
        Row(PropertyListReaderFoundationTests.single([0x14] + [UInt8](repeating: 0xFF, count: 16)), foundation: 18_446_744_073_709_551_615.0, reader: .success(-1)),
        // Binary: a 16-byte integer beyond UInt64; Foundation keeps its low 64 bits.
        Row(PropertyListReaderFoundationTests.single([0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)), foundation: 0, refusal: .unsupportedValue),
        // OpenStep: an unterminated comment is a truncated document; Foundation reads an empty dictionary.
        Row("/* open", foundation: [:], refusal: .unexpectedEnd),
        // OpenStep: an octal escape above \177 goes through the NeXTSTEP character set in Foundation
        // (and \777 becomes U+0000); nobody writes those on purpose.
        Row(#""\777""#, foundation: "\u{0}", refusal: .invalidText),
    ]

    @Test(arguments: rows)
    func differsFromFoundationAsDocumented(_ row: Row) {
        let oracle = PropertyListFoundationOracle.read(row.input)?.value
        #expect(oracle == row.foundation, "Foundation now gives \(String(describing: oracle))")
        switch (row.reader, Result { () throws(PropertyListReadError) in try PropertyListReader().read(row.input) }) {
        case (.success(let expected), .success(let value)):
            #expect(value == expected)
        case (.failure(let expected), .failure(let error)):
            #expect(error.code == expected.code, "\(error)")
            #expect(error.offset != nil)
        case (_, let actual):
            Issue.record("expected \(row.reader), got \(actual)")
        }
    }
}
