import BoomerangSamples
import BoomerangSerialization
import Foundation
import Testing

@Suite struct PropertyListXMLWriterTests {
    private static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    private func text(_ value: StructuredValue, _ configuration: PropertyListXMLWriterConfiguration = .init()) throws -> String {
        String(decoding: try PropertyListXMLWriter(configuration: configuration).write(value), as: UTF8.self)
    }

    private func foundationText(_ object: Any) throws -> String {
        String(decoding: try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0), as: UTF8.self)
    }

    @Test func writesGoldenDocument() throws {
        let value: StructuredValue = [
            "b": 1, "a": "x<&>\"'", "list": [true, false, [], [:], ""], "r": 0.5, "d": .data([0, 1, 2]),
        ]
        let expected = Self.header + """
            <dict>
            \t<key>a</key>
            \t<string>x&lt;&amp;&gt;"'</string>
            \t<key>b</key>
            \t<integer>1</integer>
            \t<key>d</key>
            \t<data>
            \tAAEC
            \t</data>
            \t<key>list</key>
            \t<array>
            \t\t<true/>
            \t\t<false/>
            \t\t<array/>
            \t\t<dict/>
            \t\t<string></string>
            \t</array>
            \t<key>r</key>
            \t<real>0.5</real>
            </dict>
            </plist>

            """
        #expect(try text(value) == expected)
    }

    @Test func insertionOrderOnRequest() throws {
        let configuration = PropertyListXMLWriterConfiguration(keyOrder: .insertion)
        #expect(try text(["b": 1, "a": 2], configuration) == Self.header + "<dict>\n\t<key>b</key>\n\t<integer>1</integer>\n\t<key>a</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n")
    }

    @Test func nullStrategies() throws {
        let value: StructuredValue = ["a": nil, "b": [nil, 1]]
        #expect(try text(value) == Self.header + "<dict>\n\t<key>b</key>\n\t<array>\n\t\t<integer>1</integer>\n\t</array>\n</dict>\n</plist>\n")
        #expect(try text(nil) == Self.header + "<string></string>\n</plist>\n")
        let marked = PropertyListXMLWriterConfiguration(nullStrategy: .string("<null>"))
        #expect(try text(["a": nil], marked) == Self.header + "<dict>\n\t<key>a</key>\n\t<string>&lt;null&gt;</string>\n</dict>\n</plist>\n")
        #expect(try text(nil, marked) == Self.header + "<string>&lt;null&gt;</string>\n</plist>\n")
    }

    @Test func refusesTreesDeeperThanTheLimit() {
        let writer = PropertyListXMLWriter(configuration: .init(maxDepth: 2))
        #expect(throws: FormatWriterError(code: .depthLimitExceeded, depth: 3)) { try writer.write([[[1]]]) }
    }

    /// Byte-identical to Foundation for the same value.
    @Test(arguments: [
        StructuredValue.string("x"), "", "a\u{1}b\u{0}c\r\n\t", "é😀～", 0, -5, .int(Int64.max), .int(Int64.min),
        1.5, 3.0, 0.0, -0.0, 100.0, 1e16, 1e300, 1e-7, 0.1, .double(0.1 + 0.2), -2.75, 123_456_789_012_345_678.0,
        .double(.nan), .double(.infinity), .double(-.infinity), .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude),
        true, false, [], [:],
        .date(Date(timeIntervalSinceReferenceDate: 12345.6)),
        .date(Date(timeIntervalSinceReferenceDate: -1.5)),
        .date(Date(timeIntervalSince1970: 1_700_000_000)),
        .date(Date(timeIntervalSince1970: 951_782_400)),
        .date(Date(timeIntervalSinceReferenceDate: -63_114_076_800)),
        ["b": 1, "a": 2, "B": 3, "_": 4, "ä": 5, "z": 6, "😀": 7, "\u{FF5E}": 8, "": 9],
        ["k": ["n": ["m": [1, "2", [true]]]]],
    ])
    func matchesFoundationByteForByte(value: StructuredValue) throws {
        let object = try #require(value.foundationObject)
        #expect(try text(value) == foundationText(object))
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 50, 51, 52, 53, 56, 57, 58, 59, 60, 100, 1000])
    func dataLinesMatchFoundationAtEveryLevel(count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        var value = StructuredValue.data(bytes)
        for level in 0..<11 {
            let object = try #require(value.foundationObject)
            #expect(try text(value) == foundationText(object), "count \(count) level \(level)")
            value = level % 2 == 0 ? [value] : ["k": value]
        }
    }

    @Test(arguments: 0..<100)
    func matchesFoundationOnRandomTrees(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &+ 1000)
        let value = StructuredValue.random(using: &generator, depth: 4, leaves: .propertyList)
        let object = try #require(value.foundationObject)
        #expect(try text(value) == foundationText(object), "seed \(seed)")
    }

    @Test(arguments: 0..<100)
    func foundationReadsBackRandomTrees(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &+ 5000)
        let value = StructuredValue.random(using: &generator, depth: 4, leaves: [.null, .data, .date])
        let bytes = try PropertyListXMLWriter().write(value)
        var format = PropertyListSerialization.PropertyListFormat.binary
        _ = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        #expect(format == .xml)
        let expected: StructuredValue = value == .null ? "" : value.propertyListNormalized(wholeSecondDates: true)
        #expect(try PropertyListReader().read(bytes) == expected, "seed \(seed)")
    }
}
