import BoomerangExchange
import BoomerangSerialization
import Testing

@testable import BoomerangEcho


/// The pure pieces behind the httpbin routes, without sockets.
@Suite struct HttpbinParsingTests {
    @Test func statusChoiceParsesWeights() throws {
        let choice = try StatusChoice("200:0.3,500:0.7,418")
        #expect(choice.choices.map(\.status) == [200, 500, 418])
        #expect(choice.choices.map(\.weight) == [0.3, 0.7, 1])
        var generator = SeededGenerator(seed: 1)
        let picks = (0..<1000).map { _ in try! StatusChoice("200:1,500:3").pick(using: &generator) }
        let failures = picks.filter { $0 == 500 }.count
        #expect((650...850).contains(failures))
    }

    @Test(arguments: [
        ("bytes=0-9", ByteRangeSet.ranges([0...9])), ("bytes=-3", .ranges([97...99])), ("bytes=95-", .ranges([95...99])),
        ("bytes=90-200", .ranges([90...99])), ("bytes=0-1, 4-5", .ranges([0...1, 4...5])), ("bytes=100-", .unsatisfiable),
        ("bytes=5-1", .whole), ("items=0-1", .whole), ("bytes=x-1", .whole), ("bytes=-0", .unsatisfiable),
    ])
    func byteRanges(header: String, expected: ByteRangeSet) throws {
        #expect(try ByteRangeSet(header: header, length: 100) == expected)
    }

    @Test func tooManyRangesAreRefused() {
        let header = "bytes=" + Array(repeating: "0-0", count: 17).joined(separator: ",")
        #expect(throws: ServerError.self) { try ByteRangeSet(header: header, length: 10) }
    }

    @Test(arguments: [
        ("/get", nil), ("get", nil), ("?a=1", nil), ("http://Example.com:8080/x", "Example.com"), ("//evil.test/a", "evil.test"),
        ("\\\\evil.test", "evil.test"), ("/\\evil.test", "evil.test"), ("https://u:p@h.test/", "h.test"), ("http://[::1]:80/", "::1"),
        ("javascript:alert(1)", ""), ("mailto:a@b.test", ""),
    ])
    func redirectHosts(url: String, host: String?) {
        #expect(RedirectTarget.host(of: url) == host)
    }

    /// A value goes out as it is when it is an RFC 6265 `cookie-value`, quotes included; anything
    /// else is refused, never escaped (a client would keep the escapes).
    @Test(arguments: [
        ("plain-value_1", nil), (#""bar:baz""#, nil), (#""""#, nil), ("", nil), ("!#$%&'()*+-./:<=>?@[]^_`{|}~", nil),
        (#"""#, 0), (#""a"#, 0), (#"a""#, 1), ("a b", 1), (#""a b""#, 2), ("a;b", 1), ("a,b", 1), (#"a\b"#, 1), (#""a"b""#, 2),
        ("é", 0), ("1\r\n2", 1), ("\u{7F}", 0),
    ] as [(String, Int?)])
    func cookieValuesAreRFC6265CookieValues(value: String, invalidAt offset: Int?) throws {
        #expect(SetCookie.invalidValueOffset(Array(value.utf8)) == offset)
        if offset == nil {
            #expect(try SetCookie(name: "k", value: value).headerValue == "k=\(value); Path=/")
        } else {
            #expect(throws: ServerError.self) { try SetCookie(name: "k", value: value) }
        }
    }

    @Test func cookieNamesAreTokensAndQuotedRequestCookiesAreUnescaped() throws {
        #expect(throws: ServerError.self) { try SetCookie(name: "a b", value: "1") }
        #expect(RequestCookies.unquote(#""a\040b\073c\042d\134\303\251""#) == "a b;c\"d\\é")
        #expect(RequestCookies.unquote(#""bar:baz""#) == "bar:baz")
    }

    @Test func digestParametersAreParsedStrictly() {
        let header = AuthorizationHeader(#"Digest username="Mufasa", realm="a\"b", qop=auth, nc=00000001"#)
        #expect(header?.parameters == ["username": "Mufasa", "realm": "a\"b", "qop": "auth", "nc": "00000001"])
        for malformed in [#"Digest a="unterminated"#, "Digest a=1 b=2", "Digest =1", "Digest a=1, a=2", #"Digest a="x"y"#] {
            #expect(AuthorizationHeader(malformed)?.parameters == nil, "\(malformed)")
        }
    }

    /// RFC 7616 §3.9.1's example, for MD5 and SHA-256.
    @Test(arguments: [
        ("MD5", "8ca523f5e9506fed4657c9700eebdbec"),
        ("SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"),
    ])
    func digestMatchesTheRFCExample(algorithm: String, response: String) throws {
        let value = #"Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", "#
            + #"algorithm=\#(algorithm), nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, "#
            + #"cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth, response="\#(response)", "#
            + #"opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#
        let verifier = try #require(DigestVerifier(AuthorizationHeader(value)))
        #expect(verifier.verify(user: "Mufasa", password: "Circle of Life", method: "GET", target: "/dir/index.html", bodyHash: ""))
        #expect(!verifier.verify(user: "Mufasa", password: "circle of life", method: "GET", target: "/dir/index.html", bodyHash: ""))
    }

    @Test func basicCredentials() {
        #expect(AuthorizationHeader("Basic dTpwOnE=")?.basicCredentials.map { [$0.user, $0.password] } == ["u", "p:q"])
        #expect(AuthorizationHeader("basic dTpw")?.basicCredentials != nil)
        #expect(AuthorizationHeader("Basic dTpw extra")?.basicCredentials == nil)
    }

    @Test func seededBytesAreStable() {
        var generator = SeededGenerator(seed: 42)
        let bytes = generator.bytes(12)
        var again = SeededGenerator(seed: 42)
        #expect(again.bytes(12) == bytes)
        #expect(Set(bytes).count > 6)
    }

    @Test func responseHeadersBodyStatesItsOwnLength() throws {
        let response = try ResponseHeaderRoutes.make([("A", "1"), ("A", "2")])
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains(#""Content-Length": "\#(response.body.count)""#))
        #expect(text.contains(#""A": ["#))
    }
}
