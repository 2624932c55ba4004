import BoomerangSamples
import BoomerangSerialization
import Foundation
import Testing

@Suite struct BinaryPropertyListWriterTests {
    private func foundationRead(_ bytes: [UInt8]) throws -> (Any, PropertyListSerialization.PropertyListFormat) {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        return (object, format)
    }

    @Test func writesGoldenBytes() throws {
        let bytes = try BinaryPropertyListWriter().write(["a": 1, "b": [true, 2.5, "é"]])
        let expected: [UInt8] =
            Array("bplist00".utf8) + [
                0xD2, 0x01, 0x03, 0x02, 0x04,  // 0: dict {1: 2, 3: 4}
                0x51, 0x61,  // 1: "a"
                0x10, 0x01,  // 2: 1
                0x51, 0x62,  // 3: "b"
                0xA3, 0x05, 0x06, 0x07,  // 4: [5, 6, 7]
                0x09,  // 5: true
                0x23, 0x40, 0x04, 0, 0, 0, 0, 0, 0,  // 6: 2.5
                0x61, 0x00, 0xE9,  // 7: "é" in UTF-16BE
                // offset table
                8, 13, 15, 17, 19, 23, 24, 33,
                // trailer
                0, 0, 0, 0, 0, 0, 1, 1,
                0, 0, 0, 0, 0, 0, 0, 8,
                0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 36,
            ]
        #expect(bytes == expected)
    }

    @Test(arguments: [
        (StructuredValue.int(0), [0x10, 0x00] as [UInt8]),
        (255, [0x10, 0xFF]),
        (256, [0x11, 0x01, 0x00]),
        (65536, [0x12, 0x00, 0x01, 0x00, 0x00]),
        (.int(4_294_967_296), [0x13, 0, 0, 0, 1, 0, 0, 0, 0]),
        (-1, [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
        (false, [0x08]),
        ("", [0x50]),
        ("abcdefghijklmno", [0x5F, 0x10, 0x0F] + Array("abcdefghijklmno".utf8)),
        ("😀", [0x62, 0xD8, 0x3D, 0xDE, 0x00]),
        (.data([1, 2]), [0x42, 0x01, 0x02]),
        (.date(Date(timeIntervalSinceReferenceDate: 1)), [0x33, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0]),
    ] as [(StructuredValue, [UInt8])])
    func encodesScalars(value: StructuredValue, object: [UInt8]) throws {
        let bytes = try BinaryPropertyListWriter().write(value)
        #expect(Array(bytes[8..<(8 + object.count)]) == object)
        #expect(bytes.count == 8 + object.count + 1 + 32)
    }

    @Test func storesEqualStringsOnce() throws {
        let value: StructuredValue = [["id": "x"], ["id": "x"], ["id": "y"]]
        let bytes = try BinaryPropertyListWriter().write(value)
        // array, dict, "id", "x", dict, dict, "y"
        #expect(bytes[bytes.count - 17] == 7)
        let read = try PropertyListReader().read(bytes)
        #expect(read == value)
    }

    @Test func wideReferencesAndOffsets() throws {
        let value = StructuredValue.array((0..<70_000).map { .int(Int64($0)) })
        let bytes = try BinaryPropertyListWriter().write(value)
        let trailer = Array(bytes.suffix(32))
        #expect(trailer[6] == 4)  // offsets above 65535
        #expect(trailer[7] == 4)  // more than 65535 objects
        #expect(try PropertyListReader().read(bytes) == value)
    }

    @Test func offsetSizeCoversTheOffsetTablePosition() throws {
        // The last object starts below 256 but the offset table starts past 255.
        let value: StructuredValue = [.data(Array(repeating: 7, count: 240)), 1]
        let bytes = try BinaryPropertyListWriter().write(value)
        #expect(bytes.suffix(32)[bytes.count - 32 + 6] == 2)
        #expect(try PropertyListReader().read(bytes) == value)
    }

    @Test func nullStrategies() throws {
        let value: StructuredValue = ["a": nil, "b": [nil, 1]]
        #expect(try PropertyListReader().read(try BinaryPropertyListWriter().write(value)) == ["b": [1]])
        let marked = BinaryPropertyListWriter(configuration: .init(nullStrategy: .string("<null>")))
        #expect(try PropertyListReader().read(try marked.write(value)) == ["a": "<null>", "b": ["<null>", 1]])
        #expect(try PropertyListReader().read(try BinaryPropertyListWriter().write(nil)) == "")
    }

    @Test func keepsFractionalDates() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12345.625)
        let (object, _) = try foundationRead(try BinaryPropertyListWriter().write(.date(date)))
        #expect(object as? Date == date)
    }

    @Test func refusesTreesDeeperThanTheLimit() {
        let writer = BinaryPropertyListWriter(configuration: .init(maxDepth: 1))
        #expect(throws: FormatWriterError(code: .depthLimitExceeded, depth: 2)) { try writer.write(["a": [1]]) }
    }

    @Test func foundationReadsNSDictionaryValues() throws {
        let value: StructuredValue = ["s": "é", "i": -7, "r": 0.25, "t": true, "d": .data([9]), "l": [1, "x"]]
        let (object, format) = try foundationRead(try BinaryPropertyListWriter().write(value))
        #expect(format == .binary)
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["s"] as? String == "é")
        #expect((dictionary["i"] as? NSNumber)?.int64Value == -7)
        #expect((dictionary["r"] as? NSNumber)?.doubleValue == 0.25)
        #expect(dictionary["t"] as? Bool == true)
        #expect(dictionary["d"] as? Data == Data([9]))
        #expect((dictionary["l"] as? [Any])?.count == 2)
    }

    @Test(arguments: 0..<200)
    func foundationReadsBackRandomTrees(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &+ 9000)
        let value = StructuredValue.random(using: &generator, depth: 5, leaves: [.null, .data, .date])
        let bytes = try BinaryPropertyListWriter().write(value)
        let expected: StructuredValue = value == .null ? "" : value.propertyListNormalized()
        #expect(try PropertyListReader().read(bytes) == expected, "seed \(seed)")
    }
}
