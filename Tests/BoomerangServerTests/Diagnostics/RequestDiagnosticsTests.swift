import BoomerangTesting
import Foundation
import Testing

/// Each request diagnostic, seen in the echo's `diagnostics` (and so in the history).
@Suite struct RequestDiagnosticsTests {
    /// The echo's diagnostics for a raw request, as code → level.
    func diagnostics(_ server: InProcessServer, _ request: String) throws -> [String: String] {
        try diagnostics(server, Array(request.utf8))
    }

    func diagnostics(_ server: InProcessServer, _ request: [UInt8]) throws -> [String: String] {
        let list = try server.send(request).json?["diagnostics"] as? [[String: Any]] ?? []
        for item in list {
            #expect(item["message"] is String)
        }
        return Dictionary(list.map { ($0["code"] as? String ?? "", $0["level"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    func post(_ contentType: String, _ body: [UInt8]) -> [UInt8] {
        Array("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    @Test func aCleanRequestHasNone() throws {
        let server = InProcessServer()
        #expect(try diagnostics(server, post("application/json", Array(#"{"a":1}"#.utf8))) == [:])
        #expect(try diagnostics(server, "GET /get?a=1&b%5B%5D=2 HTTP/1.1\r\nHost: x\r\n\r\n") == [:])
    }

    @Test func contentLengthAgainstTheBodyIsRecordedWhenTheClientLeaves() throws {
        let server = InProcessServer()
        let connection = server.connect()
        try connection.send("PUT /put HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        connection.shutdownWrite()
        _ = try server.waitForEntries(1)
        let entry = try server.lastEntry()
        let diagnostic = (entry.object("request")?["diagnostics"] as? [[String: Any]])?.first { $0["code"] as? String == "contentLengthMismatch" }
        #expect(diagnostic?["level"] as? String == "error")
        #expect(diagnostic?["message"] as? String == "Content-Length is 10 but the client sent 3 body bytes and closed the connection")
    }

    @Test func bothContentLengthAndTransferEncodingIsARecordedRefusal() throws {
        let server = InProcessServer()
        let response = try server.send("POST /post HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n")
        #expect(response.status == 400)
        #expect(try server.lastEntry().diagnosticCodes == ["contentLengthWithTransferEncoding"])
    }

    @Test func multipartWithoutItsFinalBoundaryWithBareLineFeedsOrWithTheBoundaryInsideAPart() throws {
        let server = InProcessServer()
        let unfinished = "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
        #expect(try diagnostics(server, post("multipart/form-data; boundary=B", Array(unfinished.utf8)))["missingFinalBoundary"] == "error")
        let lineFeeds = "--B\nContent-Disposition: form-data; name=\"a\"\n\n1\n--B--\n"
        #expect(try diagnostics(server, post("multipart/form-data; boundary=B", Array(lineFeeds.utf8)))["multipartBareLineFeeds"] == "error")
        let inside = "--XY\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nsee --XY here\r\n--XY--\r\n"
        #expect(try diagnostics(server, post("multipart/form-data; boundary=XY", Array(inside.utf8))) == ["boundaryInPart": "warning"])
    }

    @Test func jsonUnderAnotherTypeAndAJSONTypeOnSomethingElse() throws {
        let server = InProcessServer()
        #expect(try diagnostics(server, post("text/plain", Array(#"{"a":[1]}"#.utf8))) == ["jsonWithoutJSONContentType": "warning"])
        #expect(try diagnostics(server, post("application/x-www-form-urlencoded", Array(#"{"a":1}"#.utf8)))["jsonWithoutJSONContentType"] == "warning")
        #expect(try diagnostics(server, post("application/json", Array("a=1&b=2".utf8))) == ["jsonContentTypeWithoutJSON": "warning"])
    }

    @Test func aCharsetTheBodyDoesNotDecodeIn() throws {
        let server = InProcessServer()
        #expect(try diagnostics(server, post("text/plain; charset=utf-8", [0x61, 0xC3, 0x28])) == ["undecodableCharset": "warning"])
        #expect(try diagnostics(server, post("text/plain; charset=us-ascii", Array("café".utf8))) == ["undecodableCharset": "warning"])
        #expect(try diagnostics(server, post("text/plain; charset=iso-8859-1", [0x63, 0xE9])) == [:])
        #expect(try diagnostics(server, post("text/plain; charset=utf-16le", [0x61, 0x00, 0x62])) == ["undecodableCharset": "warning"])
        #expect(try diagnostics(server, post("text/plain; charset=koi8-r", [0x61])) == ["unknownCharset": "info"])
    }

    @Test func queryKeysAFNetworkingWouldHaveEscapedAndAmbiguousNesting() throws {
        let server = InProcessServer()
        #expect(try diagnostics(server, "GET /get?a[b]=1&c=d HTTP/1.1\r\nHost: x\r\n\r\n") == ["unescapedQueryKey": "info"])
        #expect(try diagnostics(server, "GET /get?a%5B%5D=1&a%5Bx%5D=2 HTTP/1.1\r\nHost: x\r\n\r\n") == ["ambiguousNesting": "warning"])
        #expect(try diagnostics(server, "GET /get?a=1&a%5Bx%5D=2 HTTP/1.1\r\nHost: x\r\n\r\n") == ["ambiguousNesting": "warning"])
        #expect(try diagnostics(server, "GET /get?a%5B%5D=1&a%5B%5D=2&b%5Bx%5D=3&b%5By%5D=4 HTTP/1.1\r\nHost: x\r\n\r\n") == [:])
    }

    /// The decoded values differ from what was sent: said, not left silent.
    @Test func escapesThatAreNotEscapesOrNotUTF8() throws {
        let server = InProcessServer()
        #expect(try diagnostics(server, "GET /get?a=%zz HTTP/1.1\r\nHost: x\r\n\r\n") == ["invalidPercentEscape": "warning"])
        #expect(try diagnostics(server, "GET /get?a=x%2 HTTP/1.1\r\nHost: x\r\n\r\n") == ["invalidPercentEscape": "warning"])
        #expect(try diagnostics(server, "GET /get?b=%FF HTTP/1.1\r\nHost: x\r\n\r\n") == ["percentEscapesNotUTF8": "warning"])
        #expect(try diagnostics(server, "GET /get?e=%E2%82%AC&f=%2B%25 HTTP/1.1\r\nHost: x\r\n\r\n") == [:])
        let response = try server.send("GET /get?k=1&b=%FF HTTP/1.1\r\nHost: x\r\n\r\n")
        let found = (response.json?["diagnostics"] as? [[String: Any]])?.first
        #expect(found?["offset"] as? Int == 6)
    }

    @Test func singletonHeadersSentTwice() throws {
        let server = InProcessServer()
        let response = try server.send(
            "GET /get HTTP/1.1\r\nHost: x\r\nAuthorization: a\r\nauthorization: b\r\nAccept: x\r\nAccept: y\r\nContent-Type: t\r\nContent-Type: u\r\n\r\n")
        let list = response.json?["diagnostics"] as? [[String: Any]] ?? []
        #expect(list.map { $0["code"] as? String } == ["duplicateSingletonHeader", "duplicateSingletonHeader"])
        #expect(list.first?["message"] as? String == "Authorization is sent 2 times; it may appear only once, and servers pick different ones")
        // Stored with the exchange too.
        #expect(try server.lastEntry().diagnosticCodes == ["duplicateSingletonHeader", "duplicateSingletonHeader"])
    }
}
