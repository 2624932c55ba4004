import BoomerangSamples
import BoomerangSerialization
import Foundation
import Testing

/// `PropertyListReader` against Foundation's `PropertyListSerialization` on this toolchain: the same
/// value and flavour for valid inputs, a refusal from both for malformed ones.
@Suite struct PropertyListReaderFoundationTests {
    static func plist(_ body: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd"><plist version="1.0">"#
            + body + "</plist>"
    }

    static let validXML: [String] = [
        plist("<dict/>"), plist("<array/>"), plist("<dict></dict>"), plist("<array></array>"),
        plist("<dict><key>b</key><integer>1</integer><key>a</key><array><dict><key>x</key><true/></dict></array></dict>"),
        plist("<dict><key>é</key><string>1</string><key>😀</key><string>2</string><key>ﬀ</key><string>3</string><key>Z</key><false/></dict>"),
        plist("<dict><key>b</key><true/><key>a</key><false/><key>b</key><false/></dict>"),
        plist("<integer>-3</integer>"), plist("<integer>+5</integer>"), plist("<integer>007</integer>"), plist("<integer>-0</integer>"),
        plist("<integer>0x1F</integer>"), plist("<integer>0XfF</integer>"), plist("<integer>-0x10</integer>"),
        plist("<integer>9223372036854775807</integer>"), plist("<integer>9223372036854775808</integer>"),
        plist("<integer>18446744073709551615</integer>"), plist("<integer>-9223372036854775808</integer>"),
        plist("<integer>0xffffffffffffffff</integer>"),
        plist("<real>1e308</real>"), plist("<real>1e309</real>"), plist("<real>-0.0</real>"), plist("<real>+infinity</real>"),
        plist("<real>-infinity</real>"), plist("<real>inf</real>"), plist("<real>Infinity</real>"), plist("<real>.5</real>"),
        plist("<real>5.</real>"), plist("<real>1E5</real>"), plist("<real> 1.5</real>"), plist("<real>1e-400</real>"),
        plist("<real>2.2250738585072014e-308</real>"), plist("<real>0.1</real>"), plist("<real>-12345.678e-3</real>"),
        plist("<date>2001-01-01T00:00:01Z</date>"), plist("<date>1970-01-01T00:00:00Z</date>"), plist("<date>0001-01-01T00:00:00Z</date>"),
        plist("<date>-0001-01-01T00:00:00Z</date>"), plist("<date>2000-02-29T23:59:59Z</date>"), plist("<date>12345-06-07T08:09:10Z</date>"),
        plist("<data>AAE=</data>"), plist("<data>\n\tAAEC\n\tAw==\n</data>"), plist("<data></data>"), plist("<data>/+/+</data>"),
        plist("<string>a&amp;b&lt;&gt;&quot;&apos;</string>"), plist("<string>&#65;&#x42;&#x1F600;&#0;</string>"),
        plist("<string>a<![CDATA[<&>]]>b</string>"), plist("<string>a\r\nb\rc \t </string>"), plist("<string>\u{1}\u{7F}</string>"),
        plist("<string>a>b]]></string>"), plist("<string/>"), plist("<string></string>"), plist("<string>é😀</string>"),
        plist("<true></true>"), plist(" <!-- c --> <true/> <?pi x?> "), plist("<dict ><key >a</key ><true /></dict >"),
        plist("<true a=\"b\" c='d'/>"), plist("<dict><key/><true/></dict>"),
        "<plist><true/></plist>", "<plist version='1.0'><false/></plist>", "<dict/>", "  \n<plist><true/></plist>\n",
        "\u{FEFF}<plist><true/></plist>", "<!-- c --><plist><!-- d --><true/><!-- e --></plist><!-- f -->",
        "<?xml version=\"1.0\"?><plist><string>x</string></plist>",
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?><plist><string>x</string></plist>",
    ]

    static let validOpenStep: [String] = [
        "garbage", "\"quoted\"", "'single'", "{a=b;}", "{ a = b ; c = ( 1, 2 ) ; }", "(a,b,)", "()", "{}", " ",
        "( a /* c */ , // line\n b )", "a = b;", "a = b; c = d;", "a;", "{a;}", "{a=b;a=c;}", "<abcd>", "<0a 0b >", "<>",
        "{a=(1,2);b={c=<00ff>;};}", #"{"a b"="c\nd\t\"\\\101\U00e9";}"#, #""\a\b\f\v\r\n\t\?\x\u""#, #""\UD83D\UDE00""#,
        #""\U12""#, "\"é😀\"", "abc$_/:.-9", "a$b", "/* only a comment */", "\"\\\n\"",
    ]

    static let malformed: [String] = [
        plist("<integer> 5 </integer>"), plist("<integer>18446744073709551616</integer>"),
        plist("<integer>-9223372036854775809</integer>"), plist("<integer></integer>"), plist("<integer>1.5</integer>"),
        plist("<integer>0x</integer>"), plist("<integer>-</integer>"), plist("<integer>--5</integer>"), plist("<integer/>"),
        plist("<integer>5</integer><integer>6</integer>"), plist("<real>1.5 </real>"), plist("<real></real>"),
        plist("<real>1.5abc</real>"), plist("<real>0x10</real>"), plist("<real>-nan</real>"), plist("<real>0x1p3</real>"),
        plist("<date>2001-01-01T00:00:01</date>"), plist("<date>2001-01-01T00:00:01.5Z</date>"), plist("<date>2001-01-01</date>"),
        plist("<date>1-1-1T00:00:00Z</date>"), plist("<date> 2001-01-01T00:00:01Z</date>"), plist("<date></date>"),
        plist("<date>2001-01-01T00:00:01+01:00</date>"), plist("<string>&foo;</string>"), plist("<string>&#xD800;</string>"),
        plist("<string>&#x110000;</string>"), plist("<string>a&b</string>"), plist("<string>a<b/>c</string>"),
        plist("<string>&#65</string>"), plist("<string>&amp</string>"), plist("<string>&#99999999999;</string>"),
        plist("<true>x</true>"), plist("<TRUE/>"), plist("<foo/>"), plist("x<true/>"), plist("<dict><true/></dict>"),
        plist("<dict><key>a</key><true/>x</dict>"), plist("<array>x</array>"), plist("<ustring>x</ustring>"),
        plist("<string>x</strin>"), plist("<dict><key>a</key></dict>"), plist("<string>x"), plist(""),
        "<plist version=\"1.0\"></plist>", "<plist/>", "<plist><true/>", "<plist><dict/></plist",
        "<!DOCTYPE plist [ <!ENTITY x \"y\"> ]><plist><string>&x;</string></plist>", "<00f>", "<0g>",
        "{a=b}", "{a=b;c=d}", "(a,,b)", "{=b;}", "x y", "abc+", "a!b", "\"unterminated", "{a=b;", "é", "\"a\"junk",
        "{a=b;}junk", "{a=\"x\" \"y\";}", "(a", "<0a", "{a=<0g>;}", "{a=(b;}",
        "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><true/></plist>",
    ]

    @Test(arguments: validXML + validOpenStep)
    func readsValidInputLikeFoundation(text: String) throws {
        let bytes = Array(text.utf8)
        let oracle = try #require(PropertyListFoundationOracle.read(bytes), "Foundation refused \(text.debugDescription)")
        let (value, format) = try PropertyListReader().readWithFormat(bytes)
        #expect(format == oracle.format)
        #expect(Self.same(value, oracle.value), "\(value) != Foundation's \(oracle.value)")
    }

    @Test(arguments: malformed)
    func refusesMalformedInputLikeFoundation(text: String) {
        let bytes = Array(text.utf8)
        #expect(PropertyListFoundationOracle.read(bytes) == nil, "Foundation read \(text.debugDescription)")
        #expect(throws: PropertyListReadError.self, "read \(text.debugDescription)") { try PropertyListReader().read(bytes) }
    }

    static let validBinary: [[UInt8]] = [
        single([0x10, 0xFF]), single([0x11, 0xFF, 0xFF]), single([0x12, 0xFF, 0xFF, 0xFF, 0xFF]),
        single([0x13] + [UInt8](repeating: 0xFF, count: 8)), single([0x14] + [UInt8](repeating: 0, count: 15) + [5]),
        single([0x14] + [UInt8](repeating: 0, count: 8) + [0x80] + [UInt8](repeating: 0, count: 7)),
        single([0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)),
        single([0x22, 0x3F, 0xC0, 0, 0]), single([0x23, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0]),
        single([0x33, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0]), single([0x09]), single([0x08]), single([0x51, 0x61]), single([0x50]), single([0x52, 0xE9, 0x80]),
        single([0x61, 0x00, 0x41]), single([0x61, 0xD8, 0x00]), single([0x62, 0xD8, 0x3D, 0xDE, 0x00]), single([0x43, 1, 2, 3]),
        single([0x4F, 0x10, 0x0F] + [UInt8](0..<15)), single([0x5F, 0x10, 0x10] + [UInt8](repeating: 0x61, count: 16)),
    ]

    static let malformedBinary: [[UInt8]] = [
        single([0x0F]), single([0x15] + [UInt8](repeating: 0, count: 32)), single([0x24] + [UInt8](repeating: 0, count: 16)),
        single([0x32, 0, 0, 0, 0]), single([0x5F, 0x10, 0x01]), single([0x13, 0xFF]), single([0x44, 1]),
        Array("bplist00".utf8) + [0x08] + [UInt8](repeating: 0, count: 31), Array("bplist00\u{0}\u{1}".utf8),
    ]

    /// A binary property list whose only object is `object`.
    static func single(_ object: [UInt8]) -> [UInt8] {
        let table = 8 + object.count
        return Array("bplist00".utf8) + object + [8] + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1]
            + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
    }

    /// ISO-8859-1, as declared (here also the UTF-8 bytes of "é" read as two Latin-1 characters).
    static let validLatin1: [[UInt8]] = [
        Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><plist><dict><key>"#.utf8) + [0xE9, 0xFF] + Array("</key><string>".utf8)
            + [0xA0, 0x41] + Array("</string></dict></plist>".utf8),
        Array(#"<?xml version='1.0' encoding='latin1'?><plist><string>é</string></plist>"#.utf8),
        Array(#"<?xml version="1.0" encoding="us-ascii"?><plist><string>"#.utf8) + [0xE9] + Array("</string></plist>".utf8),
    ]

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return bytes
    }

    /// UTF-16 with a byte-order mark, either order, XML and OpenStep.
    static let validUTF16: [[UInt8]] = [
        utf16("<plist><dict><key>é😀</key><true/></dict></plist>", bigEndian: false),
        utf16(#"<?xml version="1.0" encoding="UTF-16"?><plist><string>a&amp;€</string></plist>"#, bigEndian: true),
        utf16(#"{ a = "😀"; b = (1, <0a>); }"#, bigEndian: false),
    ]

    @Test(arguments: validUTF16)
    func readsUTF16LikeFoundation(bytes: [UInt8]) throws {
        let oracle = try #require(PropertyListFoundationOracle.read(bytes), "Foundation refused \(bytes)")
        let (value, format) = try PropertyListReader().readWithFormat(bytes)
        #expect(value == oracle.value)
        #expect(format == oracle.format)
    }

    @Test(arguments: validLatin1)
    func readsLatin1LikeFoundation(bytes: [UInt8]) throws {
        let oracle = try #require(PropertyListFoundationOracle.read(bytes), "Foundation refused \(bytes)")
        #expect(try PropertyListReader().read(bytes) == oracle.value)
    }

    @Test(arguments: validBinary)
    func readsValidBinaryLikeFoundation(bytes: [UInt8]) throws {
        let oracle = try #require(PropertyListFoundationOracle.read(bytes), "Foundation refused \(bytes)")
        let (value, format) = try PropertyListReader().readWithFormat(bytes)
        #expect(format == .binary)
        #expect(Self.same(value, oracle.value), "\(value) != Foundation's \(oracle.value)")
    }

    @Test(arguments: malformedBinary)
    func refusesMalformedBinaryLikeFoundation(bytes: [UInt8]) {
        #expect(PropertyListFoundationOracle.read(bytes) == nil, "Foundation read \(bytes)")
        #expect(throws: PropertyListReadError.self, "read \(bytes)") { try PropertyListReader().read(bytes) }
    }

    /// What Foundation writes, of every kind, in XML and binary, read back alike.
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsWhatFoundationWrites(format: PropertyListSerialization.PropertyListFormat) throws {
        var generator = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<200 {
            let tree: StructuredValue = ["root": .random(using: &generator, leaves: .propertyList)]
            let data = try PropertyListSerialization.data(fromPropertyList: tree.foundationObject!, format: format, options: 0)
            let bytes = [UInt8](data)
            let oracle = try #require(PropertyListFoundationOracle.read(bytes))
            #expect(Self.same(try PropertyListReader().read(bytes), oracle.value))
        }
    }

    /// Equality with NaN equal to itself and -0.0 apart from 0.0.
    static func same(_ a: StructuredValue, _ b: StructuredValue) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x.entries, y.entries).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default: return a == b
        }
    }
}
