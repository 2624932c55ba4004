import BoomerangSerialization
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
        var text: [UInt8] = []
        text.reserveCapacity(36)
        text.append(UInt8(ascii: "t"))
        text += Self.versionCode(versions.max() ?? legacyVersion).utf8
        text.append(UInt8(ascii: serverName == nil ? "i" : "d"))
        Self.appendTwoDigits(ciphers.count, to: &text)
        Self.appendTwoDigits(allExtensions.count, to: &text)
        text += alpnCode
        text.append(UInt8(ascii: "_"))

        var list: [UInt8] = []
        list.reserveCapacity(5 * max(ciphers.count, allExtensions.count + signatureAlgorithms.count))
        Self.appendHexList(ciphers.sorted(), to: &list)
        Self.appendHash(ciphers.isEmpty ? nil : list, to: &text)
        text.append(UInt8(ascii: "_"))

        let hashed = allExtensions.filter { $0 != ExtensionType.serverName && $0 != ExtensionType.alpn }.sorted()
        list.removeAll(keepingCapacity: true)
        Self.appendHexList(hashed, to: &list)
        let algorithms = signatureAlgorithms.filter { !Self.isGREASE($0) }
        if !algorithms.isEmpty {
            list.append(UInt8(ascii: "_"))
            Self.appendHexList(algorithms, to: &list)
        }
        Self.appendHash(hashed.isEmpty ? nil : list, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The first and last characters of the first ALPN value, `00` without one; a value whose
    /// first or last byte is not alphanumeric gives the first and last hex digits instead.
    private var alpnCode: [UInt8] {
        guard let first = protocols.first, let head = first.utf8.first, let tail = first.utf8.last else { return Array("00".utf8) }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        guard isAlphanumeric(head), isAlphanumeric(tail) else { return [Hex.lowercaseDigit(head >> 4), Hex.lowercaseDigit(tail)] }
        return [head, tail]
    }

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

    private static func appendTwoDigits(_ count: Int, to text: inout [UInt8]) {
        let capped = min(count, 99)
        text.append(0x30 + UInt8(capped / 10))
        text.append(0x30 + UInt8(capped % 10))
    }

    /// `values` as four lower-case hex digits each, comma-separated.
    private static func appendHexList(_ values: [UInt16], to list: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            if index > 0 { list.append(UInt8(ascii: ",")) }
            Hex.append(UInt64(value), digits: 4, to: &list)
        }
    }

    /// The first 12 hex digits of the SHA-256 of `text`, or twelve zeros without it.
    private static func appendHash(_ text: [UInt8]?, to output: inout [UInt8]) {
        guard let text else {
            output += repeatElement(UInt8(ascii: "0"), count: 12)
            return
        }
        Hex.appendLowercase(SHA256.hash(data: text).prefix(6), to: &output)
    }
}
