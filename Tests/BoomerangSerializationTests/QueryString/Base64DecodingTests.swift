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

    /// What a file of the server's own holds is padded standard base64; the lenient forms above
    /// are refused there (a mapping's `base64Body` says "expected padded standard base64").
    @Test(arguments: ["Zg", "Zm8", "P_8-", "Zg=", "Zg===", "Zg=a", "Z!==", "AB==AB==", "===="])
    func paddedStandardRefusesTheLenientForms(text: String) {
        #expect(Base64.decode(text, .paddedStandard) == nil)
    }

    @Test(arguments: [("", []), ("Zg==", [0x66]), ("Zm8=", [0x66, 0x6F]), ("P/8+", [0x3F, 0xFF, 0x3E])] as [(String, [UInt8])])
    func paddedStandardDecodes(text: String, bytes: [UInt8]) {
        #expect(Base64.decode(text, .paddedStandard) == bytes)
    }

    @Test func roundTripsEveryLength() {
        for count in 0..<40 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
            #expect(Base64.decode(Base64.encode(bytes), .paddedStandard) == bytes)
            #expect(Base64.decode(Base64.encodeURLSafe(bytes)) == bytes)
            #expect(!Base64.encodeURLSafe(bytes).contains("+") && !Base64.encodeURLSafe(bytes).contains("/"))
        }
    }
}
