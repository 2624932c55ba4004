import BoomerangExchange

/// The `url` of `/redirect-to`, checked before it becomes a `Location`: no control characters
/// (a CR or LF would split the response head), and, when an allow-list is set, an absolute or
/// protocol-relative URL only to a listed host (go-httpbin's `allowed-redirect-domains`).
package struct RedirectTarget {
    package let location: String

    package init(_ url: String, allowedHosts: [String]) throws(ServerError) {
        guard !url.isEmpty else {
            throw ServerError(.invalidParameter, "url is required: /redirect-to?url=<target>")
        }
        guard !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw ServerError(.invalidParameter, "url must not contain control characters (CR, LF, …)", value: url)
        }
        guard url.unicodeScalars.allSatisfy({ $0.value < 0x80 }) else {
            throw ServerError(.invalidParameter, "url must be ASCII (percent-encode other characters)", value: url)
        }
        if !allowedHosts.isEmpty {
            let host = Self.host(of: url)
            if let host, !allowedHosts.contains(host.lowercased()) {
                throw ServerError(
                    .redirectNotAllowed,
                    "redirects go only to the hosts allowed by allowed_redirect_domains: " + allowedHosts.joined(separator: ", "),
                    value: url)
            }
        }
        location = url
    }

    /// The host a browser would go to, or nil for a same-origin reference (`/get`, `get`, `?a`).
    /// A URL with a scheme but no authority (`javascript:…`) has the empty host, which no list holds.
    package static func host(of url: String) -> String? {
        var rest = Substring(url)
        if let colon = rest.firstIndex(of: ":"),
            rest[..<colon].first?.isLetter == true,
            rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            rest = rest[rest.index(after: colon)...]
            guard isAuthorityStart(rest) else { return "" }
        } else if !isAuthorityStart(rest) {
            return nil
        }
        rest = rest.drop { $0 == "/" || $0 == "\\" }
        let authority = rest.prefix { !"/\\?#".contains($0) }
        let hostAndPort = authority.split(separator: "@").last.map(Substring.init) ?? ""
        if hostAndPort.hasPrefix("[") {
            return String(hostAndPort.prefix { $0 != "]" }.dropFirst())
        }
        return String(hostAndPort.prefix { $0 != ":" })
    }

    /// Browsers read both `//` and `\\` (and mixes) as the start of an authority.
    private static func isAuthorityStart(_ text: Substring) -> Bool {
        let two = text.prefix(2)
        return two.count == 2 && two.allSatisfy { $0 == "/" || $0 == "\\" }
    }
}

extension ServerError.Code {
    /// `/redirect-to` was asked for a host outside `allowed_redirect_domains`.
    public static let redirectNotAllowed = Self("redirectNotAllowed", status: 403)
}
