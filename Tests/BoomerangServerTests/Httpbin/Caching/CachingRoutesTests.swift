import BoomerangTesting
import Foundation
import Testing

@Suite struct CachingRoutesTests {
    @Test func cacheAnswers304ToConditionalRequests() throws {
        let server = InProcessServer()
        let connection = server.connect()
        let first = try connection.request("/cache")
        #expect(first.status == 200)
        #expect(first.json?["url"] as? String == "http://localhost/cache")
        let lastModified = try #require(first.header("Last-Modified"))
        let etag = try #require(first.header("ETag"))
        #expect(try connection.request("/cache", headers: [("If-Modified-Since", lastModified)]).status == 304)
        #expect(try connection.request("/cache", headers: [("If-None-Match", etag)]).status == 304)
    }

    @Test func cacheControlMaxAge() throws {
        let server = InProcessServer()
        let connection = server.connect()
        #expect(try connection.request("/cache/60").header("Cache-Control") == "public, max-age=60")
        #expect(try connection.request("/cache/2147483648").status == 400)
        #expect(try connection.request("/cache/-1").status == 400)
        #expect(try connection.request("/get").status == 200)
    }

    @Test(arguments: [
        ([("If-None-Match", #""abc""#)], 304), ([("If-None-Match", #"W/"abc", "x""#)], 304), ([("If-None-Match", "*")], 304),
        ([("If-None-Match", #""x""#)], 200), ([("If-Match", #""x", "y""#)], 412), ([("If-Match", "*")], 200),
        ([("If-Match", #""abc""#)], 200), ([], 200),
    ])
    func etagConditions(headers: [(String, String)], status: Int) throws {
        let server = InProcessServer()
        let response = try server.fetch("/etag/abc", headers: headers)
        #expect(response.status == status)
        if status != 412 { #expect(response.header("ETag") == #""abc""#) }
    }
}
