import BoomerangWire
import Crypto

extension ClientHello {
    /// The JA4 fingerprint (FoxIO's JA4 specification) of this ClientHello over TCP, e.g.
    /// `t13d1516h2_8daaf6152771_02713d6af862`: protocol and version, SNI present, the counts of
    /// ciphers and extensions, the first ALPN value's first and last characters; then truncated
    /// SHA-256s of the sorted ciphers and of the sorted extensions (without SNI and ALPN) with
    /// the signature algorithms in order. GREASE values are left out everywhere.
    public var ja4: String {
        let ciphers = cipherSuites.filter { !Self.isGREASE($0) }
        let allExtensions = extensions.filter { !Self.isGREASE($0) }
        let versions = supportedVersions.filter { !Self.isGREASE($0) }
        let version = Self.versionCode(versions.max() ?? legacyVersion)
        let sni = serverName == nil ? "i" : "d"
        let prefix = "t\(version)\(sni)\(Self.twoDigits(ciphers.count))\(Self.twoDigits(allExtensions.count))\(alpnCode)"

        let cipherPart = ciphers.isEmpty ? Self.emptyHash : Self.hash(ciphers.sorted().map(Self.hex).joined(separator: ","))
        let hashed = allExtensions.filter { $0 != ExtensionType.serverName && $0 != ExtensionType.alpn }.sorted()
        var extensionText = hashed.map(Self.hex).joined(separator: ",")
        let algorithms = signatureAlgorithms.filter { !Self.isGREASE($0) }
        if !algorithms.isEmpty { extensionText += "_" + algorithms.map(Self.hex).joined(separator: ",") }
        let extensionPart = hashed.isEmpty ? Self.emptyHash : Self.hash(extensionText)
        return "\(prefix)_\(cipherPart)_\(extensionPart)"
    }

    /// The first and last characters of the first ALPN value, `00` without one; a value whose
    /// first or last byte is not alphanumeric gives the first and last hex digits instead.
    private var alpnCode: String {
        guard let first = protocols.first, let head = first.utf8.first, let tail = first.utf8.last else { return "00" }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        guard isAlphanumeric(head), isAlphanumeric(tail) else {
            let digits = Array(first.utf8).map { byte in String(byte, radix: 16, uppercase: false).leftPadded(to: 2) }.joined()
            return String([digits.first!, digits.last!])
        }
        return String(decoding: [head, tail], as: UTF8.self)
    }

    private static let emptyHash = "000000000000"

    private static func versionCode(_ version: UInt16) -> String {
        switch version {
        case 0x0304: "13"
        case 0x0303: "12"
        case 0x0302: "11"
        case 0x0301: "10"
        case 0x0300: "s3"
        case 0x0002: "s2"
        case 0xFEFF: "d1"
        case 0xFEFD: "d2"
        case 0xFEFC: "d3"
        default: "00"
        }
    }

    private static func twoDigits(_ count: Int) -> String {
        let capped = min(count, 99)
        return capped < 10 ? "0\(capped)" : "\(capped)"
    }

    private static func hex(_ value: UInt16) -> String {
        String(value, radix: 16, uppercase: false).leftPadded(to: 4)
    }

    private static func hash(_ text: String) -> String {
        SHA256.hash(data: Array(text.utf8)).prefix(6).map { String($0, radix: 16, uppercase: false).leftPadded(to: 2) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
