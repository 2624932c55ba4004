import BoomerangSerialization
import Testing

@Suite struct Base64DecodingTests {
    @Test(arguments: [
        ("", []), ("Zg==", [0x66]), ("Zg", [0x66]), ("Zm8=", [0x66, 0x6F]), ("Zm9v", [0x66, 0x6F, 0x6F]),
        ("P_8-", [0x3F, 0xFF, 0x3E]), ("P/8+", [0x3F, 0xFF, 0x3E]),
    ] as [(String, [UInt8])])
    func decodes(text: String, bytes: [UInt8]) {
        #expect(Base64.decode(text) == bytes)
    }

    @Test(arguments: ["Z", "Zg=a", "Zg===", "Z!==", "Zm9v YmFy", "Zg=", "====" + "A"])
    func refuses(text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test func roundTripsEveryLength() {
        for count in 0..<40 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
            #expect(Base64.decode(Base64.encodeURLSafe(bytes)) == bytes)
            #expect(!Base64.encodeURLSafe(bytes).contains("+") && !Base64.encodeURLSafe(bytes).contains("/"))
        }
    }
}
