import BoomerangSerialization
import Foundation
import Testing

@Suite struct PropertyListReaderTests {
    @Test func readsXMLWithTypes() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>z</key><integer>18446744073709551615</integer>
            <key>b</key><array><true/><false/><integer>-3</integer><real>1</real><string>s</string>
            <data>AAE=</data><date>2001-01-01T00:00:01Z</date><dict/></array>
            </dict></plist>
            """
        let (value, format) = try PropertyListReader().readWithFormat(Array(xml.utf8))
        #expect(format == .xml)
        let expected: StructuredValue = [
            "b": [true, false, -3, 1.0, "s", .data([0, 1]), .date(Date(timeIntervalSinceReferenceDate: 1)), [:]],
            "z": 18_446_744_073_709_551_615.0,
        ]
        #expect(value == expected)
    }

    @Test func readsOpenStep() throws {
        let (value, format) = try PropertyListReader().readWithFormat(Array(#"{ a = (1, "x y"); }"#.utf8))
        #expect(format == .openStep)
        #expect(value == ["a": ["1", "x y"]])
    }

    @Test func readsWhatFoundationWritesInBinary() throws {
        let object: [String: Any] = ["n": 5, "t": true, "s": "😀", "a": [1.5, Data([1])]]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let (value, format) = try PropertyListReader().readWithFormat([UInt8](data))
        #expect(format == .binary)
        #expect(value == ["a": [1.5, .data([1])], "n": 5, "s": "😀", "t": true])
    }

    @Test func rejectsEmptyInput() {
        #expect(throws: PropertyListReadError(code: .emptyInput, value: "")) { try PropertyListReader().read([]) }
    }

    @Test func rejectsInputOverTheSizeLimit() {
        let reader = PropertyListReader(configuration: .init(maxInputBytes: 8))
        #expect(throws: PropertyListReadError(code: .inputTooLarge, value: "", offset: 8)) {
            try reader.read(Array("bplist00x".utf8))
        }
    }

    @Test(arguments: ["garbage(", "{\"a\":1}", "<plist><dict><key>a</key></dict></plist>", "bplist00\u{0}\u{1}", "<plist><string>x</plist>"])
    func refusesMalformedInputWithAnOffset(text: String) {
        do {
            _ = try PropertyListReader().read(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code != .inputTooLarge && error.code != .emptyInput)
            #expect(error.offset != nil)
        }
    }

    @Test func rejectsNestingOverTheDepthLimit() throws {
        let reader = PropertyListReader(configuration: .init(maxDepth: 2))
        let ok = Array("<plist><array><array><string>x</string></array></array></plist>".utf8)
        #expect(try reader.read(ok) == [["x"]])
        let deep = Array("<plist><array><array><array/></array></array></plist>".utf8)
        #expect(throws: PropertyListReadError(code: .depthLimitExceeded, value: "", offset: 21)) { try reader.read(deep) }
    }

    @Test func rejectsKeyedArchiverUIDs() throws {
        let archive = try NSKeyedArchiver.archivedData(withRootObject: "x", requiringSecureCoding: false)
        do {
            _ = try PropertyListReader().read([UInt8](archive))
            Issue.record("accepted a keyed archive")
        } catch {
            #expect(error.code == .unsupportedValue)
        }
    }

    @Test func openStepReadsABareWordAsAString() throws {
        #expect(try PropertyListReader().read(Array("garbage".utf8)) == "garbage")
    }

    @Test func survivesCyclicBinaryReferences() {
        // An array (object 0) whose only element is itself.
        let bytes: [UInt8] =
            Array("bplist00".utf8) + [0xA1, 0x00, 0x08]
            + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]
        #expect(throws: PropertyListReadError.self) { try PropertyListReader().read(bytes) }
    }

    @Test func rejectsOffsetsOutOfRange() {
        // One object whose offset points past the end of the file.
        let bytes: [UInt8] =
            Array("bplist00".utf8) + [0x08, 0xF0]
            + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]
        #expect(throws: PropertyListReadError.self) { try PropertyListReader().read(bytes) }
    }

    @Test func rejectsAnObjectCountTheFileCannotHold() {
        let bytes: [UInt8] =
            Array("bplist00".utf8) + [0x08, 0x08]
            + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0x0F, 0x42, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]
        #expect(throws: PropertyListReadError.self) { try PropertyListReader().read(bytes) }
    }

    /// The readers stop at 512 levels whatever the configuration, so very deep input is an error,
    /// not a stack overflow.
    @Test func veryDeepInputIsAnErrorNotACrash() throws {
        let depth = 100_000
        let xml = "<plist version=\"1.0\">" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(throws: PropertyListReadError.self) { try PropertyListReader().read(Array(xml.utf8)) }
        let unlimited = PropertyListReader(configuration: .init(maxDepth: .max))
        #expect(throws: PropertyListReadError.self) { try unlimited.read(Array(xml.utf8)) }
        // Binary: object i is a one-element array holding object i + 1.
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for i in 0..<depth {
            offsets.append(bytes.count)
            bytes += i == depth - 1 ? [0xA0] : [0xA1] + withUnsafeBytes(of: UInt32(i + 1).bigEndian, Array.init)
        }
        let table = bytes.count
        for offset in offsets { bytes += withUnsafeBytes(of: UInt32(offset).bigEndian, Array.init) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4] + withUnsafeBytes(of: UInt64(depth).bigEndian, Array.init)
        bytes += [UInt8](repeating: 0, count: 8) + withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
        #expect(throws: PropertyListReadError.self) { try PropertyListReader().read(bytes) }
        #expect(throws: PropertyListReadError.self) { try unlimited.read(bytes) }
    }
}

/// Inputs the fuzzer (scripts/fuzz, FuzzPropertyList) found.
extension PropertyListReaderTests {
    /// A binary property list whose top object is a set (marker 0xC1): Foundation on Linux
    /// dereferenced null bridging it and took the process down; it is refused before Foundation.
    static let binaryWithASet: [UInt8] = Array("bplist00".utf8) + [
        0xC1, 0x01, 0x02, 0x51, 0x61, 0x10, 0x01, 0x08, 0x0B, 0x0D, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x0F,
    ]

    @Test func aBinarySetIsRefusedBeforeFoundationReadsIt() {
        #expect(throws: PropertyListReadError(
            code: .unsupportedValue, value: "binary property list object 0 is a set (marker 0xc1)", offset: 8)
        ) {
            try PropertyListReader().read(Self.binaryWithASet)
        }
        var ordered = Self.binaryWithASet
        ordered[8] = 0xB1
        #expect(throws: PropertyListReadError.self) { try PropertyListReader().read(ordered) }
    }

    /// An XML property list that does not parse (a NUL before the declaration): refused. (Foundation
    /// leaked its error object, 488 bytes, on this path, which is why the readers are Boomerang's.)
    @Test func anXMLPropertyListWithANulInFrontIsMalformed() {
        let input = [0] + Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>a</key><integer>1</integer></dict></plist>"#.utf8)
        #expect(throws: PropertyListReadError(code: .malformed, value: "unexpected character: \u{0}", offset: 0)) {
            try PropertyListReader().read(input)
        }
    }
}
