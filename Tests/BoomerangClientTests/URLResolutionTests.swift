import BoomerangClient
import Foundation
import Testing

@Suite struct URLResolutionTests {
    static let baseTable: [(String, String)] = [
        ("http://h/v1", "http://h/v1/"),
        ("http://h/v1/", "http://h/v1/"),
        ("http://h", "http://h"),
        ("http://h/", "http://h/"),
        ("http://h:8080/a/b", "http://h:8080/a/b/"),
    ]

    @Test(arguments: baseTable)
    func baseURLGetsATrailingSlashWhenItHasAPath(base: String, normalized: String) {
        #expect(URLResolution.normalizedBaseURL(URL(string: base)!).absoluteString == normalized)
    }

    static let resolutionTable: [(String, String, String)] = [
        ("http://h/v1", "foo", "http://h/v1/foo"),
        ("http://h/v1", "/foo", "http://h/foo"),
        ("http://h/v1", "foo?x=1", "http://h/v1/foo?x=1"),
        ("http://h/v1", "http://other/x", "http://other/x"),
        ("http://h/v1", "../x", "http://h/x"),
        ("http://h/v1", "./x", "http://h/v1/x"),
        ("http://h/v1", "foo/bar/", "http://h/v1/foo/bar/"),
        ("http://h/v1", "?q=1", "http://h/v1/?q=1"),
        ("http://h/v1", "//other/x", "http://other/x"),
        ("http://h/v1", "", "http://h/v1/"),
        ("http://h/v1#frag", "", "http://h/v1/"),
        ("http://h/v1?k=v", "", "http://h/v1/?k=v"),
        ("http://h/v1?k=v", "x", "http://h/v1/x"),
        ("http://h/v1", "#f", "http://h/v1/#f"),
        ("http://h/v1/v2", "../x", "http://h/v1/x"),
        ("http://h", "foo", "http://h/foo"),
        ("http://h:8080/api/", "users/1", "http://h:8080/api/users/1"),
    ]

    @Test(arguments: resolutionTable)
    func pathsResolveAsNSURLRelativeToURL(base: String, path: String, expected: String) throws {
        let manager = SessionManager(baseURL: URL(string: base)!)
        #expect(try manager.url(for: path) == expected)
    }

    @Test func withoutABaseURLAPathMustBeAbsolute() throws {
        let manager = SessionManager()
        #expect(try manager.url(for: "http://h/x?y=1") == "http://h/x?y=1")
        #expect(throws: ClientError(code: .invalidURL, value: "foo", message: "the path does not resolve to a URL")) {
            try manager.url(for: "foo")
        }
    }
}
