import BoomerangTesting
import Foundation
import Testing

@Suite struct CookieRoutesTests {

    @Test func setCookieHeaders() throws {
        let server = InProcessServer()
        let plain = try server.fetch("/cookies/set/name/value")
        #expect(plain.status == 302)
        #expect(plain.header("Location") == "/cookies")
        #expect(plain.headers("Set-Cookie") == ["name=value; Path=/"])
        let attributes = try server.fetch("/cookies/set?a=1&attr%5BSameSite%5D=lax&attr%5BSecure%5D=true&attr%5BHttpOnly%5D=1&attr%5BPath%5D=/p")
        #expect(attributes.headers("Set-Cookie") == ["a=1; Path=/p; Secure; HttpOnly; SameSite=Lax"])
        // A value between double quotes is sent as it is, quotes included (RFC 6265 §4.1.1), as
        // httpbin does: requests' test_cookie_quote_wrapped.
        let quoted = try server.fetch(#"/cookies/set?foo="bar:baz""#)
        #expect(quoted.headers("Set-Cookie") == [#"foo="bar:baz"; Path=/"#])
        let encoded = try server.fetch("/cookies/set/foo/%22bar:baz%22")
        #expect(encoded.headers("Set-Cookie") == [#"foo="bar:baz"; Path=/"#])
        let delete = try server.fetch("/cookies/delete?a")
        #expect(delete.headers("Set-Cookie") == ["a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/"])
    }

    @Test func readsQuotedValuesBack() throws {
        let server = InProcessServer()
        let response = try server.fetch("/cookies", headers: [("Cookie", #"q="a\073b\042c"; plain=1"#)])
        #expect(response.json?["cookies"] as? [String: String] == ["q": "a;b\"c", "plain": "1"])
    }

    /// A value that is not a cookie-value is refused, not escaped: nothing a client would undo.
    @Test func aValueACookieCannotHoldIs400() throws {
        let response = try InProcessServer().fetch("/cookies/set?k1=v1&k2=with%20space")
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidCookie")
        #expect(response.json?.object("error")?.string("message")?.contains("cookie k2 has a space at byte 4") == true)
        #expect(response.headers("Set-Cookie").isEmpty)
    }

    @Test(arguments: [
        "/cookies/set?k=a%3Bb%22c", "/cookies/set?k=%C3%A9", "/cookies/set/k/a%20b", "/cookies/set?k=a%0Db", "/cookies/set?k=a%00", "/cookies/set?bad%20name=1", "/cookies/set?k%0A=1", "/cookies/set/k/a%0D%0Ab",
        "/cookies/set?k=1&attr%5BPath%5D=/a%3Bb", "/cookies/set?k=1&attr%5BSameSite%5D=sometimes", "/cookies/set?k=1&attr%5BMaxAge%5D=1",
        "/cookies/delete?a%7F",
    ])
    func controlCharactersAndBadNamesAre400(target: String) throws {
        let server = InProcessServer()
        let connection = server.connect()
        let response = try connection.request(target)
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidCookie")
        #expect(response.headers("Set-Cookie").isEmpty)
        #expect(try connection.request("/get").status == 200)
    }
}
