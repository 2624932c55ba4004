import SwiftASN1
import X509

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a Boomerang CA may issue for, written into the root's and the intermediate's
/// critical X.509 name constraints (RFC 5280 §4.2.1.10): always `localhost` and its subdomains,
/// `127.0.0.0/8` and `::1`, plus what the user adds.
///
/// A DNS constraint is written without a leading dot: RFC 5280 gives `localhost` the meaning "this
/// name and any name with labels added on the left", and OpenSSL, BoringSSL, NSS, Go and Apple
/// all read it so, while `.localhost` is outside the RFC's syntax for DNS names and, where it is
/// understood (OpenSSL, Go), permits the subdomains but not `localhost` itself.
public struct PermittedNames: Sendable, Hashable, CustomStringConvertible {
    /// DNS names, each permitting itself and its subdomains: lower case, no leading or trailing dot.
    public private(set) var dnsNames: [String]
    /// IP ranges.
    public private(set) var ipRanges: [IPRange]

    /// The names every Boomerang CA permits: `localhost`, `127.0.0.0/8` and `::1/128`.
    public static let loopback = PermittedNames(
        dnsNames: ["localhost"],
        ipRanges: [IPRange(address: [127, 0, 0, 0], prefixLength: 8), IPRange(address: Array(repeating: 0, count: 15) + [1], prefixLength: 128)]
    )

    private init(dnsNames: [String], ipRanges: [IPRange]) {
        self.dnsNames = dnsNames
        self.ipRanges = ipRanges
    }

    /// The loopback names and `extra`: DNS names (`example.test`, also meaning its subdomains; a
    /// leading `.` or `*.` is dropped), IP addresses (`192.168.1.20`) and ranges (`10.0.0.0/8`, `fd00::/8`).
    public init(adding extra: some Sequence<String>) throws(CertificateAuthorityError) {
        self = .loopback
        for text in extra {
            if let range = IPRange(parsing: text) {
                if !ipRanges.contains(range) { ipRanges.append(range) }
                continue
            }
            var name = text.lowercased()
            if name.hasPrefix("*.") { name.removeFirst(2) } else if name.hasPrefix(".") { name.removeFirst() }
            if name.hasSuffix(".") { name.removeLast() }
            guard Self.isDNSName(name, allowingWildcard: false) else { throw CertificateAuthorityError(.invalidName, text) }
            if !dnsNames.contains(name) { dnsNames.append(name) }
        }
    }

    /// Reads the permitted subtrees of a stored CA certificate's name constraints.
    init(_ constraints: NameConstraints) {
        self.init(dnsNames: Array(constraints.permittedDNSDomains), ipRanges: [])
        for range in constraints.permittedIPRanges {
            let bytes = Array(range.bytes)
            let half = bytes.count / 2
            let mask = bytes[half...]
            let length = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            ipRanges.append(IPRange(address: Array(bytes[..<half]), prefixLength: length))
        }
    }

    /// The critical name-constraints extension's value: these names permitted, nothing excluded.
    var nameConstraints: NameConstraints {
        NameConstraints(permittedDNSDomains: dnsNames, permittedIPRanges: ipRanges.map { ASN1OctetString(contentBytes: ($0.address + $0.mask)[...]) })
    }

    /// Whether every name `other` permits, this permits too.
    func covers(_ other: PermittedNames) -> Bool {
        other.dnsNames.allSatisfy { permits(dnsName: $0) } && other.ipRanges.allSatisfy { range in ipRanges.contains { $0.contains(range) } }
    }

    /// The names `other` permits that this does not, comma-separated.
    func missing(from other: PermittedNames) -> String {
        let names = other.dnsNames.filter { !permits(dnsName: $0) }
        let ranges = other.ipRanges.filter { range in !ipRanges.contains { $0.contains(range) } }.map(\.description)
        return (names + ranges).joined(separator: ", ")
    }

    /// Whether a leaf for `name` (lower case, possibly a `*.` wildcard) passes the DNS constraints.
    func permits(dnsName name: String) -> Bool {
        dnsNames.contains { name == $0 || name.hasSuffix("." + $0) }
    }

    /// Whether a leaf for the address `bytes` (4 or 16) passes the IP constraints.
    func permits(address bytes: [UInt8]) -> Bool {
        ipRanges.contains { $0.contains(IPRange(address: bytes, prefixLength: bytes.count * 8)) }
    }

    /// The names, comma-separated, as `boomerang ca show` lists them.
    public var description: String {
        (dnsNames + ipRanges.map(\.description)).joined(separator: ", ")
    }

    /// Whether `name` is a DNS name of letters, digits, `-` and `_`, in labels of 1 to 63 bytes,
    /// at most 253 bytes in all; with `allowingWildcard`, the first label may be `*`.
    static func isDNSName(_ name: String, allowingWildcard: Bool) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for (index, label) in labels.enumerated() {
            if index == 0 && allowingWildcard && label == "*" && labels.count > 1 { continue }
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-",
                label.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F })
            else { return false }
        }
        return true
    }
}

/// An IPv4 or IPv6 address range: an address and a prefix length.
public struct IPRange: Sendable, Hashable, CustomStringConvertible {
    /// The network address, 4 or 16 bytes, with the bits past the prefix cleared.
    public let address: [UInt8]
    /// The number of leading bits that are fixed.
    public let prefixLength: Int

    /// The range of `prefixLength` fixed bits of `address`.
    public init(address: [UInt8], prefixLength: Int) {
        self.prefixLength = prefixLength
        self.address = zip(address, Self.mask(bytes: address.count, prefixLength: prefixLength)).map { $0 & $1 }
    }

    /// Reads `192.168.1.20`, `10.0.0.0/8`, `::1`, `[::1]` or `fd00::/8`; nil for anything else.
    public init?(parsing text: String) {
        var text = text
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = Self.addressBytes(String(parts[0])) else { return nil }
        var length = bytes.count * 8
        if parts.count == 2 {
            guard let given = Int(parts[1]), (0...length).contains(given), parts[1].allSatisfy(\.isASCII) else { return nil }
            length = given
        }
        self.init(address: bytes, prefixLength: length)
    }

    /// The bytes of an IPv4 or IPv6 address, or nil when `text` is neither.
    static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    /// The netmask's bytes.
    var mask: [UInt8] { Self.mask(bytes: address.count, prefixLength: prefixLength) }

    private static func mask(bytes: Int, prefixLength: Int) -> [UInt8] {
        (0..<bytes).map { index in
            let bits = min(max(prefixLength - index * 8, 0), 8)
            return bits == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
        }
    }

    /// Whether every address of `other` is in this range.
    func contains(_ other: IPRange) -> Bool {
        other.address.count == address.count && other.prefixLength >= prefixLength
            && zip(other.address, mask).map { $0 & $1 } == address
    }

    /// `127.0.0.0/8`, `::1/128`.
    public var description: String {
        Self.text(ofAddress: address) + "/" + String(prefixLength)
    }

    /// `127.0.0.1`, `::1`: an address of 4 or 16 bytes in its usual text form.
    static func text(ofAddress address: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.count == 4 ? AF_INET : AF_INET6
        let written = address.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        return written ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }
}
