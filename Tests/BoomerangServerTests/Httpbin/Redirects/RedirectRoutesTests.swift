import BoomerangTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct RedirectRoutesTests {
    @Test(arguments: [
        ("/redirect/3", "/relative-redirect/2"),
        ("/redirect/1", "/get"),
        ("/relative-redirect/2", "/relative-redirect/1"),
        ("/redirect/2?absolute=true", "http://localhost/absolute-redirect/1"),
        ("/absolute-redirect/1", "http://localhost/get"),
        ("/redirect-to?url=/anything", "/anything"),
        ("/links/7", "/links/7/0"),
    ])
    func locations(target: String, location: String) throws {
        let server = InProcessServer()
        let response = try server.fetch(target)
        #expect(response.status == 302)
        #expect(response.header("Location") == location)
    }

    @Test func redirectToKeepsTheStatusForEveryMethod() throws {
        let server = InProcessServer()
        let connection = server.connect()
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
            let response = try connection.request(method, "/redirect-to?url=/anything&status_code=307")
            #expect(response.status == 307)
            #expect(response.header("Location") == "/anything")
        }
    }

    @Test(arguments: [
        ("/redirect-to", 400), ("/redirect-to?url=/a%0D%0ASet-Cookie:%20x=1", 400), ("/redirect-to?url=/a&status_code=200", 400),
        ("/redirect-to?url=/a&status_code=x", 400), ("/redirect/0", 400), ("/redirect/101", 400), ("/redirect/1e3", 400),
        ("/relative-redirect/-1", 400), ("/absolute-redirect/99999999999", 400),
    ])
    func badInputIs400(target: String, status: Int) throws {
        let server = InProcessServer()
        let connection = server.connect()
        let response = try connection.request(target)
        #expect(response.status == status)
        #expect(response.header("Set-Cookie") == nil)
        #expect(try connection.request("/get").status == 200)
    }

    @Test func allowListRefusesOtherHostsWith403() throws {
        let server = InProcessServer { $0.allowedRedirectDomains = ["example.com"] }
        let connection = server.connect()
        #expect(try connection.request("/redirect-to?url=http://example.com/x").status == 302)
        #expect(try connection.request("/redirect-to?url=/local").status == 302)
        for url in ["http://evil.test/", "//evil.test/x", "%5C%5Cevil.test", "https://user@evil.test:8443/", "javascript:alert(1)"] {
            let response = try connection.request("/redirect-to?url=\(url)")
            #expect(response.status == 403, "\(url)")
            #expect(response.errorCode == "redirectNotAllowed")
        }
        #expect(try connection.request("/get").status == 200)
    }
}
