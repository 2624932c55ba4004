import BoomerangSerialization
import Testing

@Suite struct DecimalTextTests {
    private func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [0, 7, 10, -1, -42, 1_234_567_890, Int64.max, Int64.min])
    func matchesSwiftsDescription(value: Int64) {
        #expect(text { DecimalText.append(value, to: &$0) } == String(value))
        #expect(text { DecimalText.append(Int(value), to: &$0) } == String(value))
    }

    @Test func unsignedAndPadded() {
        #expect(text { DecimalText.append(UInt64.max, to: &$0) } == "18446744073709551615")
        #expect(text { DecimalText.append(7, minimumDigits: 3, to: &$0) } == "007")
        #expect(text { DecimalText.append(-7, minimumDigits: 3, to: &$0) } == "-007")
        #expect(text { DecimalText.append(12_345, minimumDigits: 3, to: &$0) } == "12345")
        #expect(text { DecimalText.append(0, minimumDigits: 6, to: &$0) } == "000000")
        #expect(DecimalText.withDigits(of: 905) { Array($0) } == Array("905".utf8))
    }

    @Test(arguments: [0, 7, 10, 99, 100, -1, -42, 1_234_567_890, Int.max, Int.min])
    func writesIntoCountedMemory(value: Int) {
        let count = DecimalText.count(of: value)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = DecimalText.write(value, to: buffer.baseAddress!)
        }
        #expect(count == String(value).utf8.count)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }

    @Test func writesPaddedIntoCountedMemory() {
        for (value, text) in [(UInt64(42), "000042"), (1_234_567, "1234567"), (0, "000000"), (UInt64.max, "18446744073709551615")] {
            let count = DecimalText.digitCount(of: value, minimumDigits: 6)
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = DecimalText.write(value, minimumDigits: 6, to: buffer.baseAddress!)
            }
            #expect(String(decoding: bytes, as: UTF8.self) == text)
        }
    }
}
