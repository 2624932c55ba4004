import BoomerangTLS
import BoomerangWire
import Testing

@Suite struct ClientHelloTests {
    /// `server_name` with one host_name entry: list length, type 0, name length, name.
    static func serverNameExtension(_ name: String) -> [UInt8] {
        let bytes = Array(name.utf8)
        let entry = [0] + [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
        return [UInt8(entry.count >> 8), UInt8(entry.count & 0xFF)] + entry
    }

    @Test func theServerNameIsReadInLowerCase() throws {
        #expect(try ClientHello.serverName(fromExtension: Self.serverNameExtension("API.Localhost")) == "api.localhost")
    }

    @Test func aListWithoutAHostNameHasNoServerName() throws {
        // One entry of an unknown type 1.
        #expect(try ClientHello.serverName(fromExtension: [0x00, 0x04, 0x01, 0x00, 0x01, 0x61]) == nil)
        #expect(try ClientHello.serverName(fromExtension: [0x00, 0x00]) == nil)
    }

    @Test(arguments: [
        // The list is longer than the body.
        ([0x00, 0x09, 0x00, 0x00, 0x01, 0x61] as [UInt8], ClientHelloError(.truncated, "server_name", offset: 2)),
        // A name longer than its list.
        ([0x00, 0x04, 0x00, 0x00, 0x05, 0x61], ClientHelloError(.truncated, "server_name", offset: 5)),
        // Bytes after the list.
        ([0x00, 0x04, 0x00, 0x00, 0x01, 0x61, 0x00], ClientHelloError(.badLength, "server_name", offset: 6)),
        // A control character, and an empty name.
        ([0x00, 0x04, 0x00, 0x00, 0x01, 0x0A], ClientHelloError(.badServerName, "server_name", offset: 5)),
        ([0x00, 0x03, 0x00, 0x00, 0x00], ClientHelloError(.badServerName, "server_name", offset: 5)),
        ([0x00], ClientHelloError(.truncated, "server_name", offset: 1)),
    ])
    func aMalformedServerNameIsRefusedWithItsOffset(body: [UInt8], error: ClientHelloError) {
        #expect(throws: error) { try ClientHello.serverName(fromExtension: body) }
    }

    @Test func aServerNameOverTheLimitIsRefused() {
        let name = String(repeating: "a", count: 256)
        #expect(throws: ClientHelloError(.badServerName, "server_name", offset: 5)) {
            try ClientHello.serverName(fromExtension: Self.serverNameExtension(name))
        }
    }

    @Test func protocolsAreReadInTheClientsOrder() throws {
        let body: [UInt8] = [0x00, 0x0C, 0x02] + Array("h2".utf8) + [0x08] + Array("http/1.1".utf8)
        #expect(try ClientHello.protocols(fromExtension: body) == ["h2", "http/1.1"])
        #expect(throws: ClientHelloError(.badLength, "alpn", offset: 3)) {
            try ClientHello.protocols(fromExtension: [0x00, 0x01, 0x00])
        }
    }

    /// A name that is not UTF-8 is read with U+FFFD for each bad byte: 255 such bytes make a
    /// name of 765 UTF-8 bytes, longer than a name on the wire can be (FuzzClientHello found its
    /// own round trip assuming otherwise).
    @Test func aNameThatIsNotUTF8IsReadWithReplacementCharacters() throws {
        let body: [UInt8] = [0x01, 0x00, 0xFF] + [UInt8](repeating: 0xFF, count: 255)
        let names = try ClientHello.protocols(fromExtension: body)
        #expect(names == [String(repeating: "\u{FFFD}", count: 255)])
        #expect(names.first?.utf8.count == 765)
    }

    @Test func valueListsAreReadWholeOrRefused() throws {
        #expect(try ClientHello.values(fromExtension: [0x04, 0x03, 0x04, 0x03, 0x03], lengthBytes: 1, name: "supported_versions") == [0x0304, 0x0303])
        #expect(throws: ClientHelloError(.badLength, "signature_algorithms", offset: 4)) {
            try ClientHello.values(fromExtension: [0x00, 0x03, 0x04, 0x03, 0x08], lengthBytes: 2, name: "signature_algorithms")
        }
        #expect(throws: ClientHelloError(.badLength, "cipher_suites", offset: 2)) { try ClientHello.cipherSuites([0x13, 0x01, 0x13]) }
    }

    @Test func greaseValuesAreRecognised() {
        #expect(ClientHello.isGREASE(0x0A0A))
        #expect(ClientHello.isGREASE(0xFAFA))
        #expect(!ClientHello.isGREASE(0x0A1A))
        #expect(!ClientHello.isGREASE(0x1301))
    }

    /// The example of FoxIO's JA4 specification (a Chrome ClientHello): 15 ciphers, 16
    /// extensions, h2, and the published fingerprint; GREASE values added to the lists are ignored.
    @Test func ja4MatchesTheSpecificationsExample() {
        let ciphers: [UInt16] = [0x0A0A, 0x1301, 0x1302, 0x1303, 0xC02B, 0xC02F, 0xC02C, 0xC030, 0xCCA9, 0xCCA8, 0xC013, 0xC014, 0x009C, 0x009D, 0x002F, 0x0035]
        let extensions: [UInt16] = [
            0x1A1A, 0x0000, 0x0017, 0xFF01, 0x000A, 0x000B, 0x0023, 0x0010, 0x0005, 0x000D, 0x0012, 0x0033, 0x002D, 0x002B, 0x001B, 0x0015, 0x4469,
        ]
        let hello = ClientHello(
            legacyVersion: 0x0303, cipherSuites: ciphers, extensions: extensions, serverName: "example.com", protocols: ["h2", "http/1.1"],
            signatureAlgorithms: [0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806, 0x0601], supportedVersions: [0x2A2A, 0x0304, 0x0303])
        #expect(hello.ja4 == "t13d1516h2_8daaf6152771_e5627efa2ab1")
    }

    @Test func ja4OfAMinimalHelloUsesItsPlaceholders() {
        let hello = ClientHello(legacyVersion: 0x0303, cipherSuites: [], extensions: [])
        #expect(hello.ja4 == "t12i000000_000000000000_000000000000")
        // A first ALPN value that does not start and end with a letter or digit: hex digits.
        let odd = ClientHello(legacyVersion: 0x0301, cipherSuites: [0x002F], extensions: [0x0010], protocols: ["\u{1}x\u{2}"])
        #expect(odd.ja4.hasPrefix("t10i010102"))
    }
}
