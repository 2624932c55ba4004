import BoomerangSerialization
import Testing

@Suite struct HexTests {
    @Test func digitsInBothCases() {
        #expect((0...15).map { Hex.lowercaseDigit(UInt8($0)) } == Array("0123456789abcdef".utf8))
        #expect((0...15).map { Hex.uppercaseDigit(UInt8($0)) } == Array("0123456789ABCDEF".utf8))
        #expect(Hex.lowercaseDigit(0xAB) == UInt8(ascii: "b"))
    }

    @Test func valuesOfEveryByte() {
        for byte in UInt8.min...UInt8.max {
            let expected = Int(String(UnicodeScalar(byte)), radix: 16).map(UInt8.init)
            #expect(Hex.value(of: byte) == (byte < 0x80 ? expected : nil), "byte \(byte)")
        }
    }

    @Test func textForms() {
        #expect(Hex.lowercase([0x00, 0x7F, 0xDE, 0xAD]) == "007fdead")
        #expect(Hex.lowercase([]) == "")
        #expect(Hex.uppercase(0x2F) == "2F")
        var bytes: [UInt8] = []
        Hex.append(0xDEAD_BEEF, digits: 8, uppercase: true, to: &bytes)
        Hex.append(0x1F, digits: 4, uppercase: true, to: &bytes)
        Hex.append(0xAB_CDEF, digits: 8, to: &bytes)
        Hex.append(0x1_2345_6789, digits: 8, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "DEADBEEF001F00abcdef23456789")
    }
}
