import BoomerangTesting
import Crypto
import Foundation
import Testing

@Suite struct AuthRoutesTests {
    private let basic = ("Authorization", "Basic " + Data("user:pa ss".utf8).base64EncodedString())

    @Test func basicAuth() throws {
        let server = InProcessServer()
        let ok = try server.fetch("/basic-auth/user/pa%20ss", headers: [basic])
        #expect(ok.status == 200)
        #expect(ok.json?["authenticated"] as? Bool == true)
        #expect(ok.json?["user"] as? String == "user")
        let wrong = try server.fetch("/basic-auth/user/other", headers: [basic])
        #expect(wrong.status == 401)
        #expect(wrong.header("WWW-Authenticate") == #"Basic realm="Fake Realm""#)
        #expect(try server.fetch("/hidden-basic-auth/user/pa%20ss", headers: [basic]).status == 200)
        #expect(try server.fetch("/hidden-basic-auth/user/other", headers: [basic]).status == 404)
    }

    @Test(arguments: [
        "Basic", "Basic !!!", "Basic " + Data("nocolon".utf8).base64EncodedString(), "Basic " + Data([0xFF, 0x3A, 0xFE]).base64EncodedString(),
        "Bearer", "Bearer ", "bearer abc", "Bearer a b", "Digest", "Digest ,,,=\"", "Digest username=\"u", "Digest a=1, a=2",
        String(repeating: "x", count: 4000),
    ])
    func malformedAuthorizationIs401NeverAServerError(value: String) throws {
        let server = InProcessServer()
        let connection = server.connect()
        for target in ["/basic-auth/u/p", "/bearer", "/digest-auth/auth/u/p"] {
            let response = try connection.request(target, headers: [("Authorization", value)])
            #expect(response.status == 401, "\(target) \(value)")
        }
        #expect(try connection.request("/hidden-basic-auth/u/p", headers: [("Authorization", value)]).status == 404)
        #expect(try connection.request("/get").status == 200)
    }

    @Test func bearer() throws {
        let server = InProcessServer()
        let ok = try server.fetch("/bearer", headers: [("Authorization", "Bearer abc.def-123")])
        #expect(ok.json?["token"] as? String == "abc.def-123")
        let none = try server.fetch("/bearer")
        #expect(none.status == 401)
        #expect(none.header("WWW-Authenticate") == "Bearer")
    }

    @Test(arguments: ["auth", "auth-int"])
    func digestByHandWithEveryAlgorithm(qop: String) throws {
        let server = InProcessServer()
        for algorithm in ["MD5", "SHA-256", "SHA-512"] {
            let connection = server.connect()
            let path = "/digest-auth/\(qop)/u/p/\(algorithm)"
            let challenge = try connection.request("POST", path, body: Array("body".utf8))
            #expect(challenge.status == 405)
            let first = try connection.request(path)
            #expect(first.status == 401)
            let header = try #require(first.header("WWW-Authenticate"))
            #expect(header.contains("algorithm=\(algorithm)"))
            #expect(header.contains("qop=\"\(qop)\""))
            let nonce = try #require(header.firstMatch(of: /nonce="([0-9a-f]+)"/)?.1)
            let hash: (String) -> String = { DigestHash.hex($0, algorithm) }
            let ha1 = hash("u:boomerang:p")
            let ha2 = qop == "auth" ? hash("GET:\(path)") : hash("GET:\(path):\(hash(""))")
            let response = hash("\(ha1):\(nonce):00000001:abc:\(qop):\(ha2)")
            let authorization = #"Digest username="u", realm="boomerang", nonce="\#(nonce)", uri="\#(path)", "#
                + #"algorithm=\#(algorithm), qop=\#(qop), nc=00000001, cnonce="abc", response="\#(response)""#
            let ok = try connection.request(path, headers: [("Authorization", authorization)])
            #expect(ok.status == 200, "\(algorithm)")
            #expect(ok.json?["user"] as? String == "u")
            let wrongUser = authorization.replacingOccurrences(of: #"username="u""#, with: #"username="v""#)
            #expect(try connection.request(path, headers: [("Authorization", wrongUser)]).status == 401)
            let stale = try connection.request(path, headers: [("Authorization", authorization), ("Cookie", "last_nonce=\(nonce)")])
            #expect(stale.status == 401)
            #expect(stale.header("WWW-Authenticate")?.contains("stale=TRUE") == true)
        }
    }

    @Test func staleAfterCountsDown() throws {
        let server = InProcessServer()
        let path = "/digest-auth/auth/u/p/MD5/2"
        let first = try server.fetch(path)
        #expect(first.headers("Set-Cookie").contains("stale_after=2; Path=/"))
        #expect(try server.fetch(path, headers: [("Authorization", "Digest username=\"u\""), ("Cookie", "stale_after=0")])
            .header("WWW-Authenticate")?.contains("stale=TRUE") == true)
        #expect(try server.fetch("/digest-auth/auth/u/p/MD5/x").status == 400)
    }

    @Test func requireCookie() throws {
        let server = InProcessServer()
        let response = try server.fetch("/digest-auth/auth/u/p?require-cookie=1", headers: [("Authorization", "Digest username=\"u\""), ("Cookie", "a=b")])
        #expect(response.status == 403)
        #expect(response.json?["errors"] as? [String] == ["missing cookie set on challenge"])
    }
}

enum DigestHash {
    static func hex(_ text: String, _ algorithm: String) -> String {
        let data = Data(text.utf8)
        switch algorithm {
        case "SHA-256": return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        case "SHA-512": return SHA512.hash(data: data).map { String(format: "%02x", $0) }.joined()
        default: return Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined()
        }
    }
}
