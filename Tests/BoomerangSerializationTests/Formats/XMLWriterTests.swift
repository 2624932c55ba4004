import BoomerangSamples
import BoomerangSerialization
import Foundation
import Testing

@Suite struct XMLWriterTests {
    private func text(_ value: StructuredValue, _ configuration: XMLWriterConfiguration = .init()) throws -> String {
        String(decoding: try XMLWriter(configuration: configuration).write(value), as: UTF8.self)
    }

    @Test func writesGoldenDocument() throws {
        let value: StructuredValue = [
            "args": [:],
            "Content-Type": "text/plain",
            "list": [1, nil, 2.5, true, []],
            "when": .date(Date(timeIntervalSinceReferenceDate: 0)),
            "blob": .data([0xFF]),
            "1st": "a<b>&\"c\"",
            "xmlns": "",
        ]
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <root type="object">
              <args type="object"/>
              <Content-Type type="string">text/plain</Content-Type>
              <list type="array">
                <item type="int">1</item>
                <item type="null"/>
                <item type="double">2.5</item>
                <item type="bool">true</item>
                <item type="array"/>
              </list>
              <when type="date">2001-01-01T00:00:00Z</when>
              <blob type="data">/w==</blob>
              <item key="1st" type="string">a&lt;b&gt;&amp;"c"</item>
              <item key="xmlns" type="string"></item>
            </root>

            """
        #expect(try text(value) == expected)
    }

    @Test func compactOutput() throws {
        let configuration = XMLWriterConfiguration(rootElementName: "echo", pretty: false)
        #expect(try text(["a": [1]], configuration) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<echo type=\"object\"><a type=\"array\"><item type=\"int\">1</item></a></echo>\n")
        #expect(try text(nil, configuration) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<echo type=\"null\"/>\n")
    }

    @Test(arguments: [
        (StructuredValue.double(.nan), #"<root type="double">NaN</root>"#),
        (.double(.infinity), #"<root type="double">INF</root>"#),
        (.double(-.infinity), #"<root type="double">-INF</root>"#),
        (1.0, #"<root type="double">1.0</root>"#),
        (-7, #"<root type="int">-7</root>"#),
        ("a\rb\tc\nd", "<root type=\"string\">a&#13;b\tc\nd</root>"),
        ("a\u{1}b", #"<root type="string" encoding="base64">YQFi</root>"#),
        ("\u{FFFF}", #"<root type="string" encoding="base64">77+/</root>"#),
        (["a b\"\t\n\r": 1], #"<root type="object"><item key="a b&quot;&#9;&#10;&#13;" type="int">1</item></root>"#),
        (["\u{0}": 1], #"<root type="object"><item key-encoding="base64" key="AA==" type="int">1</item></root>"#),
    ] as [(StructuredValue, String)])
    func escapesAndSpellsLeaves(value: StructuredValue, element: String) throws {
        let configuration = XMLWriterConfiguration(pretty: false)
        #expect(try text(value, configuration) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element + "\n")
    }

    @Test(arguments: [
        ("a", true), ("_x", true), ("A-b.c_9", true), ("Content-Type", true),
        ("", false), ("1a", false), ("-a", false), (".a", false), ("a b", false), ("a:b", false),
        ("xml", false), ("XmLfoo", false), ("xm", true), ("é", false), ("a/b", false),
    ])
    func elementNames(name: String, valid: Bool) {
        #expect(XMLWriter.isElementName(name) == valid)
    }

    @Test func refusesTreesDeeperThanTheLimit() {
        let writer = XMLWriter(configuration: .init(maxDepth: 1))
        #expect(throws: FormatWriterError(code: .depthLimitExceeded, depth: 2)) { try writer.write([[1]]) }
    }

    @Test(arguments: 0..<30)
    func randomTreesAreWellFormedUTF8(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &+ 77)
        let value = StructuredValue.random(using: &generator, depth: 4, leaves: [.null, .data, .date])
        let bytes = try XMLWriter().write(value)
        #expect(String(validating: bytes, as: UTF8.self) != nil)
        // Only tab, LF and CR-as-reference may appear below U+0020.
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A })
    }
}
