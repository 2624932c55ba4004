import BoomerangSerialization
import Testing

/// Malformed property lists: each one's error code and byte offset.
@Suite struct PropertyListReaderErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: [UInt8]
        var code: PropertyListReadError.Code
        var offset: Int
        var testDescription: String { "\(String(decoding: input, as: UTF8.self).debugDescription) → \(code) at \(offset)" }

        init(_ text: String, _ code: PropertyListReadError.Code, _ offset: Int) {
            self.init(Array(text.utf8), code, offset)
        }

        init(_ input: [UInt8], _ code: PropertyListReadError.Code, _ offset: Int) {
            self.input = input
            self.code = code
            self.offset = offset
        }
    }

    /// `<plist>` is 7 bytes: offsets below count from the document's first byte.
    static let xml: [Case] = [
        Case("<plist><foo/></plist>", .unknownElement, 7),
        Case("<plist><TRUE/></plist>", .unknownElement, 7),
        Case("<plist><key>a</key></plist>", .unknownElement, 7),
        Case("<plist><dict><true/></dict></plist>", .unknownElement, 13),
        Case("<plist><dict><key>a</key><key>b</key></dict></plist>", .unknownElement, 25),
        Case("<plist><dict><key>a</key></dict></plist>", .malformed, 25),
        Case("<plist><plist><true/></plist></plist>", .unknownElement, 7),
        Case("<plist><string>&foo;</string></plist>", .unknownEntity, 15),
        Case("<plist><string>ab&#xD800;</string></plist>", .unknownEntity, 17),
        Case("<plist><string>a&b</string></plist>", .unknownEntity, 16),
        Case("<plist><string>&#;</string></plist>", .unknownEntity, 15),
        Case("<plist><string>x<b/></string></plist>", .unknownElement, 16),
        Case("<plist><string>x</strin></plist>", .mismatchedTag, 16),
        Case("<plist><string>x", .unexpectedEnd, 16),
        Case("<plist><true/>", .unexpectedEnd, 14),
        Case("<plist><!-- open", .unexpectedEnd, 7),
        Case("<plist><string><![CDATA[x</string></plist>", .unexpectedEnd, 15),
        Case("<plist><integer> 5</integer></plist>", .invalidNumber, 16),
        Case("<plist><integer>18446744073709551616</integer></plist>", .invalidNumber, 16),
        Case("<plist><integer>-9223372036854775809</integer></plist>", .invalidNumber, 16),
        Case("<plist><integer></integer></plist>", .invalidNumber, 16),
        Case("<plist><real>1.5 </real></plist>", .invalidNumber, 13),
        Case("<plist><real>0x10</real></plist>", .invalidNumber, 13),
        Case("<plist><date>2001-13-01T00:00:00Z</date></plist>", .invalidDate, 13),
        Case("<plist><date>2001-02-29T00:00:00Z</date></plist>", .invalidDate, 13),
        Case("<plist><date>2001-01-01T24:00:00Z</date></plist>", .invalidDate, 13),
        Case("<plist><date>2001-01-01T00:00:00</date></plist>", .invalidDate, 13),
        Case("<plist><data>AAE</data></plist>", .invalidData, 13),
        Case("<plist><data>AA*E=</data></plist>", .invalidData, 13),
        Case("<plist><data>AAE=x</data></plist>", .invalidData, 13),
        Case("<plist><data>A===</data></plist>", .invalidData, 13),
        Case("<plist><true>x</true></plist>", .malformed, 13),
        Case("<plist>x<true/></plist>", .malformed, 7),
        Case("<plist version=\"1.0\"></plist>", .malformed, 21),
        Case("<plist/>", .malformed, 0),
        Case("<plist><true/></plist>junk", .trailingContent, 22),
        Case("<plist><true/></plist><plist/>", .trailingContent, 22),
        Case("<plist><true/><false/></plist>", .malformed, 14),
        Case("<!DOCTYPE plist [<!ENTITY a \"b\">]><plist><string>&a;</string></plist>", .malformed, 16),
        Case(Array("<plist><string>".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8), .invalidText, 15),
        Case("<plist><true a=b/></plist>", .malformed, 15),
        // ISO-8859-1 is transcoded to UTF-8 first; the offset is still the input's.
        Case(Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><plist><string>"#.utf8) + [0xE9, 0xE9] + Array("&foo;</string></plist>".utf8), .unknownEntity, 60),
        Case(#"<?xml version="1.0" encoding="windows-1252"?><plist><true/></plist>"#, .invalidText, 0),
        // UTF-16 is transcoded too: offsets count its 2-byte units (and the mark).
        Case(PropertyListReaderFoundationTests.utf16("<plist><foo/></plist>", bigEndian: false), .unknownElement, 16),
        Case(PropertyListReaderFoundationTests.utf16("<plist><string>😀é&x;</string></plist>", bigEndian: true), .unknownEntity, 38),
        Case([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00], .invalidText, 4),
        Case([0xFE, 0xFF, 0x00], .invalidText, 2),
        Case(PropertyListReaderFoundationTests.utf16(#"<?xml version="1.0" encoding="UTF-16"?><plist><true/></plist>"#, bigEndian: false) + [0x00], .invalidText, 124),
    ]

    static let openStep: [Case] = [
        Case("{a=b}", .malformed, 4),
        Case("(a,,b)", .malformed, 3),
        Case("{=b;}", .malformed, 1),
        Case("x y", .trailingContent, 2),
        Case("abc+", .trailingContent, 3),
        Case("\"unterminated", .unexpectedEnd, 0),
        Case("{a=b;", .unexpectedEnd, 5),
        Case("(a", .unexpectedEnd, 2),
        Case("é", .malformed, 0),
        Case("<0a", .unexpectedEnd, 3),
        Case("<00f>", .unknownElement, 0),
        Case("<0g>", .unknownElement, 0),
        Case("{a=<0g>;}", .invalidData, 5),
        Case("{a=<0>;}", .invalidData, 3),
        Case("/* open", .unexpectedEnd, 0),
        Case(#""\200""#, .invalidText, 1),
    ]

    static let binary: [Case] = [
        Case(PropertyListReaderFoundationTests.single([0x0F]), .malformed, 8),
        Case(PropertyListReaderFoundationTests.single([0x00]), .unsupportedValue, 8),
        Case(PropertyListReaderFoundationTests.single([0x80, 0x01]), .unsupportedValue, 8),
        Case(PropertyListReaderFoundationTests.single([0x15] + [UInt8](repeating: 0, count: 32)), .malformed, 8),
        Case(PropertyListReaderFoundationTests.single([0x14, 1] + [UInt8](repeating: 0, count: 15)), .unsupportedValue, 8),
        Case(PropertyListReaderFoundationTests.single([0x13, 0xFF]), .unexpectedEnd, 8),
        Case(PropertyListReaderFoundationTests.single([0x44, 1]), .unexpectedEnd, 8),
        Case(PropertyListReaderFoundationTests.single([0x5F, 0x10, 0x01]), .unexpectedEnd, 8),
        Case(PropertyListReaderFoundationTests.single([0x5F, 0x51]), .malformed, 9),
        Case(PropertyListReaderFoundationTests.single([0xA1, 0x00]), .invalidReference, 9),
        Case(PropertyListReaderFoundationTests.single([0xA1, 0x05]), .invalidReference, 9),
        Case(PropertyListReaderFoundationTests.single([0xD1, 0x00, 0x00]), .invalidReference, 9),
        // An 8-byte reference beyond Int.max.
        Case(
            Array("bplist00".utf8) + [0xA1] + [UInt8](repeating: 0xFF, count: 8) + [8] + [0, 0, 0, 0, 0, 0, 1, 8]
                + [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 17], .invalidReference, 9),
        Case(Array("bplist00".utf8) + [0x08] + [UInt8](repeating: 0, count: 31), .unexpectedEnd, 40),
        Case(Array("bplist00".utf8) + [0x08, 0x08] + [UInt8](repeating: 0, count: 32), .malformed, 16),
        Case(Array("bplist01".utf8) + [0x08, 0x08] + [UInt8](repeating: 0, count: 32), .malformed, 0),
    ]

    @Test(arguments: xml + openStep + binary)
    func refusesWithCodeAndOffset(_ example: Case) {
        do {
            let value = try PropertyListReader().read(example.input)
            Issue.record("read \(value)")
        } catch {
            #expect(error.code == example.code, "\(error)")
            #expect(error.offset == example.offset, "\(error)")
        }
    }

    @Test func depthLimitNamesTheContainerThatIsTooDeep() {
        let reader = PropertyListReader(configuration: .init(maxDepth: 2))
        #expect(throws: PropertyListReadError(code: .depthLimitExceeded, value: "", offset: 21)) {
            try reader.read(Array("<plist><array><array><array/></array></array></plist>".utf8))
        }
        #expect(throws: PropertyListReadError(code: .depthLimitExceeded, value: "", offset: 2)) {
            try reader.read(Array("((())))".utf8))
        }
    }

    /// The configuration may ask for more, the readers stop at 512 levels (no stack overflow).
    @Test func depthIsCappedAt512Levels() throws {
        let reader = PropertyListReader(configuration: .init(maxDepth: 1_000_000))
        let ok = String(repeating: "(", count: 512) + String(repeating: ")", count: 512)
        #expect(try reader.read(Array(ok.utf8)) != .null)
        let deep = String(repeating: "(", count: 513) + String(repeating: ")", count: 513)
        #expect(throws: PropertyListReadError(code: .depthLimitExceeded, value: "", offset: 512)) { try reader.read(Array(deep.utf8)) }
    }

    /// Object i is a two-element array holding object i + 1 twice; the last object is `true`.
    static func doubling(levels: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<levels {
            offsets.append(bytes.count)
            bytes += index == levels - 1 ? [0x09] : [0xA2, UInt8(index + 1), UInt8(index + 1)]
        }
        let table = bytes.count
        for offset in offsets { bytes.append(UInt8(offset)) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(levels)] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return bytes
    }

    /// Shared references that double the tree at each of 60 levels: each object is read once,
    /// then the tree is refused for its expanded size (2^60 values); 10 levels (1,023) are read.
    @Test func sharedReferencesThatExpandTooFarAreRefused() throws {
        let error = try #require(throws: PropertyListReadError.self) { try PropertyListReader().read(Self.doubling(levels: 60)) }
        #expect(error.code == .invalidReference)
        var value = try PropertyListReader().read(Self.doubling(levels: 10))
        for _ in 0..<9 {
            let elements = try #require(value.arrayValue)
            #expect(elements.count == 2 && elements[0] == elements[1])
            value = elements[0]
        }
        #expect(value == true)
    }
}
