/// The `Host` values the admin API answers, on every bind: the defence against DNS rebinding, where
/// a web page on the attacker's domain has that domain resolve to this server and then reads the
/// history with the browser. Such a page always sends its own DNS name as `Host`, so a name that
/// no stranger can make resolve is safe to answer:
///
/// - a loopback name (`localhost`, anything under `.localhost`);
/// - an IP address literal, IPv4 or bracketed IPv6 (what `docker run -p`, `kubectl port-forward`
///   and a Kubernetes probe send);
/// - a name without a dot (a Docker Compose or Kubernetes service name such as `boomerang`);
/// - a name under a special-use suffix no public registry sells: `.localhost`, `.local`,
///   `.internal`, `.home.arpa` (`host.docker.internal`, `boomerang.ci.svc.cluster.local`);
/// - a name listed in `admin_hosts` (a leading `.` allows the domain and its subdomains; `*`
///   allows every name, which turns the defence off).
///
/// A server bound to loopback can only be reached from this machine, where clients use loopback
/// names and addresses: it leaves out the names without a dot and the special-use suffixes other
/// than `.localhost`, which a stranger on the network could answer for (mDNS for `.local`, a DNS
/// search domain for a single label) and so rebind to 127.0.0.1.
///
/// An optional `:port` is ignored; names compare without case and without a final dot.
struct AdminHostPolicy: Sendable, Hashable {
    /// The special-use suffixes whose names are always allowed, without their leading dot.
    static let specialUseSuffixes = ["localhost", "local", "internal", "home.arpa"]

    /// Whether every `Host` is allowed (`admin_hosts: "*"`).
    let allowsAnyHost: Bool
    /// The names from `admin_hosts` allowed exactly, in lower case.
    let names: Set<String>
    /// The domains from `admin_hosts` (written with a leading dot) whose subdomains are allowed
    /// too, in lower case and without the dot.
    let domains: [String]
    /// Whether names without a dot and under `.local`, `.internal` and `.home.arpa` are allowed
    /// (not on a server bound to loopback).
    let allowsLocalNetworkNames: Bool

    /// The policy of the `admin_hosts` entries (names, `.domains`, or `*`), for a server bound
    /// to loopback or not.
    init(adminHosts: [String], boundToLoopback: Bool = false) {
        allowsLocalNetworkNames = !boundToLoopback
        var names: Set<String> = []
        var domains: [String] = []
        var allowsAnyHost = false
        for entry in adminHosts {
            let lower = Self.withoutFinalDot(entry.lowercased()[...])
            if lower == "*" {
                allowsAnyHost = true
            } else if lower.hasPrefix(".") {
                domains.append(String(lower.dropFirst()))
            } else if !lower.isEmpty {
                names.insert(String(lower))
            }
        }
        self.allowsAnyHost = allowsAnyHost
        self.names = names
        self.domains = domains
    }

    /// Why a `Host` was refused, naming the setting that would allow it.
    var refusalMessage: String {
        let allowed =
            allowsLocalNetworkNames
            ? "localhost, an IP address, a name without a dot, or a name under .localhost, .local, .internal or .home.arpa"
            : "localhost, a name under .localhost, or an IP address (the server listens on loopback)"
        return "the admin API answers only requests addressed to \(allowed) (DNS-rebinding defence); add this name to admin_hosts to allow it"
    }

    /// Whether the admin API answers a request with this `Host` value (a name with an optional port).
    func allows(_ hostHeader: String) -> Bool {
        if allowsAnyHost { return true }
        guard let name = Self.name(ofHostHeader: hostHeader) else { return false }
        if name.hasPrefix("[") { return Self.isIPv6Literal(name.dropFirst().dropLast()) }
        if Self.isIPv4Literal(name) { return true }
        // Checked before lowercasing: some non-ASCII letters lowercase to ASCII ones (K, U+212A).
        guard name.utf8.allSatisfy(Self.isNameByte) else { return false }
        let lower = Self.withoutFinalDot(name.lowercased()[...])
        guard !lower.isEmpty else { return false }
        if Self.isName(lower, within: "localhost") { return true }
        if allowsLocalNetworkNames {
            // A final dot makes a single label a top-level domain, which is not a local service name.
            if !name.contains(".") { return true }
            if Self.specialUseSuffixes.contains(where: { Self.isName(lower, within: $0) }) { return true }
        }
        if names.contains(String(lower)) { return true }
        return domains.contains { Self.isName(lower, within: $0) }
    }

    /// The host part of a `Host` value: a bracketed IPv6 literal with its brackets, or a name or
    /// IPv4 address; nil when the port is not 1–5 digits or the value is empty.
    static func name(ofHostHeader value: String) -> Substring? {
        var name = value[...]
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return nil }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || isPort(rest) else { return nil }
            name = name[...close]
        } else if let colon = name.lastIndex(of: ":") {
            guard isPort(name[colon...]) else { return nil }
            name = name[..<colon]
        }
        return name.isEmpty ? nil : name
    }

    /// Whether a listening address or host name is loopback: `localhost`, `127.x.y.z`, `::1`.
    static func isLoopbackName(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower == "localhost" || lower == "localhost." || lower == "::1" || lower == "[::1]" { return true }
        return isIPv4Literal(lower[...]) && lower.hasPrefix("127.")
    }

    /// Four decimal octets from 0 to 255 (at most three digits each), as a browser writes an IPv4 host.
    static func isIPv4Literal(_ text: Substring) -> Bool {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        return octets.allSatisfy { octet in
            !octet.isEmpty && octet.utf8.count <= 3 && octet.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && Int(octet)! <= 255
        }
    }

    /// An IPv6 address as written between brackets (RFC 4291 §2.2): eight groups of one to four
    /// hexadecimal digits, or fewer around one `::`, the last two optionally an IPv4 address.
    static func isIPv6Literal(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 45 else { return false }
        guard let elision = text.firstRange(of: "::") else { return groupCount(text, endsAddress: true) == 8 }
        let head = text[..<elision.lowerBound]
        let tail = text[elision.upperBound...]
        guard !tail.contains("::"), let before = groupCount(head, endsAddress: false), let after = groupCount(tail, endsAddress: true)
        else { return false }
        return before + after <= 7
    }

    /// How many 16-bit groups `text` (groups separated by single colons) stands for; nil when a
    /// group is malformed. An IPv4 address, allowed only where the address ends, counts two.
    private static func groupCount(_ text: Substring, endsAddress: Bool) -> Int? {
        if text.isEmpty { return 0 }
        let groups = text.split(separator: ":", omittingEmptySubsequences: false)
        var count = 0
        for (index, group) in groups.enumerated() {
            if endsAddress && index == groups.count - 1 && group.contains(".") {
                guard isIPv4Literal(group) else { return nil }
                count += 2
            } else {
                guard !group.isEmpty, group.utf8.count <= 4, group.utf8.allSatisfy(\.isHexDigit) else { return nil }
                count += 1
            }
        }
        return count
    }

    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && !digits.isEmpty && digits.utf8.count <= 5 && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Letters, digits, `-`, `_` and `.`: what a DNS name in a `Host` is made of.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// Whether `name` is `domain` or one of its subdomains.
    private static func isName(_ name: Substring, within domain: String) -> Bool {
        guard name.hasSuffix(domain) else { return false }
        let rest = name.dropLast(domain.utf8.count)
        return rest.isEmpty || rest.hasSuffix(".")
    }

    private static func withoutFinalDot(_ name: Substring) -> Substring {
        name.hasSuffix(".") ? name.dropLast() : name
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
