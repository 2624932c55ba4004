import BoomerangExchange
import BoomerangSerialization

/// `/digest-auth/{qop}/{user}/{passwd}[/{algorithm}[/{stale_after}]]`, with httpbin's challenge,
/// cookies and staleness: the body is hashed while it streams (for `auth-int`), then the
/// `Authorization` is checked.
package struct DigestAuthResponder: Responder {
    package let context: RequestContext
    package let user: String
    package let password: String
    /// The `qop` the challenge offers: `auth`, `auth-int`, or both when the path names neither.
    package let qop: String?
    package let algorithm: DigestAlgorithm
    package let staleAfter: String
    private let verifier: DigestVerifier?
    private var bodyHasher: DigestAlgorithm.Hasher

    package init(context: RequestContext, user: String, password: String, qop: String, algorithm: String?, staleAfter: String) {
        self.context = context
        self.user = user
        self.password = password
        self.qop = qop == "auth" || qop == "auth-int" ? qop : nil
        self.algorithm = DigestAlgorithm(lenient: algorithm)
        self.staleAfter = staleAfter
        verifier = DigestVerifier(AuthorizationHeader(context.head.headers["Authorization"]))
        bodyHasher = DigestAlgorithm.Hasher(verifier?.algorithm ?? .md5)
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        bodyHasher.update(bytes)
    }

    package mutating func finish(trailers: HTTPHeaders) throws(ServerError) -> Response {
        let head = context.head
        let cookies = RequestCookies(head.headers)
        let requireCookie = ["1", "t", "true"].contains(HttpbinQuery(head).first("require-cookie")?.lowercased() ?? "")
        guard let verifier, !(requireCookie && !head.headers.contains("Cookie")) else {
            return challenge(stale: false, cookies: [("stale_after", staleAfter), ("fake", "fake_value")])
        }
        if requireCookie && cookies["fake"] != "fake_value" {
            var response = Response.json(.object(StructuredObject([("errors", .array([.string("missing cookie set on challenge")]))])), status: 403)
            Self.setCookie("fake", "fake_value", on: &response)
            return response
        }
        let nonce = verifier.parameters["nonce"] ?? ""
        let staleAfterCookie = cookies["stale_after"]
        if (cookies["last_nonce"] != nil && cookies["last_nonce"] == nonce) || staleAfterCookie == "0" {
            return challenge(stale: true, cookies: [("stale_after", staleAfter), ("last_nonce", nonce), ("fake", "fake_value")])
        }
        let verified = verifier.verify(
            user: user, password: password, method: head.method.rawValue, target: head.target, bodyHash: bodyHasher.finalizeHex())
        guard verified else {
            return challenge(stale: false, cookies: [("stale_after", staleAfter), ("last_nonce", nonce), ("fake", "fake_value")])
        }
        var response = Response.json(AuthRoutes.authenticated(user: user))
        Self.setCookie("fake", "fake_value", on: &response)
        if let staleAfterCookie {
            let next = Int(staleAfterCookie).map { String($0 - 1) } ?? "never"
            Self.setCookie("stale_after", next, on: &response)
        }
        return response
    }

    private func challenge(stale: Bool, cookies: [(String, String)]) -> Response {
        var random = SystemRandomNumberGenerator()
        let seed = (0..<4).map { _ in String(random.next(), radix: 16) }.joined(separator: ":")
        let nonce = algorithm.hex("\(context.remoteHost):\(context.receivedAt):\(seed)")
        let opaque = algorithm.hex((0..<4).map { _ in String(random.next(), radix: 16) }.joined())
        let offered = qop ?? "auth, auth-int"
        let value = #"Digest realm="\#(AuthRoutes.digestRealm)", nonce="\#(nonce)", opaque="\#(opaque)", "#
            + #"qop="\#(offered)", algorithm=\#(algorithm.rawValue), stale=\#(stale ? "TRUE" : "FALSE")"#
        var response = Response(status: 401, headers: ["WWW-Authenticate": value, "Content-Type": "text/html; charset=utf-8"])
        for (name, value) in cookies { Self.setCookie(name, value, on: &response) }
        return response
    }

    private static func setCookie(_ name: String, _ value: String, on response: inout Response) {
        guard let cookie = try? SetCookie(name: name, value: value) else { return }
        response.headers.add(name: "Set-Cookie", value: cookie.headerValue)
    }
}
