import BoomerangTesting
import Foundation
import Testing

/// A plain body and the raw request downloaded from the admin API, in process (the multipart
/// parts, uploaded and fetched with curl: `AdminDownloadLiveTests`).
@Suite struct AdminDownloadTests {
    @Test func aPlainBodyAndTheRawRequestDownload() throws {
        let server = InProcessServer()
        _ = try server.send("PUT /put HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n{\"k\":[]}")
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        let body = try server.admin("/__admin/requests/1/body")
        #expect(body.text == "{\"k\":[]}")
        #expect(body.header("Content-Type") == "application/json")
        #expect(body.header("Content-Disposition") == "attachment; filename=\"request-1-body.json\"")
        let raw = try server.admin("/__admin/requests/1/raw")
        #expect(raw.text == "PUT /put HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n{\"k\":[]}")
        let none = try server.admin("/__admin/requests/2/body")
        #expect(none.status == 404)
        #expect(try server.admin("/__admin/requests/2/parts/0").json?.object("error")?.string("code") == "partNotFound")
    }

    @Test func theRawRequestIsTheBytesAsReceivedWithCredentialsRedacted() throws {
        let server = InProcessServer()
        // Spacing the parsed head does not keep: no space after a colon, padding around a value.
        let head = "GET /get?a=1 HTTP/1.1\r\nHost:x\r\nX-Pad:   spaced\t \r\nAuthorization: Bearer s3cret\r\n\r\n"
        _ = try server.send(head)
        let raw = try server.admin("/__admin/requests/1/raw")
        #expect(raw.text == "GET /get?a=1 HTTP/1.1\r\nHost:x\r\nX-Pad:   spaced\t \r\nAuthorization: [redacted]\r\n\r\n")
        #expect(try server.admin("/__admin/requests/1").text.contains("s3cret") == false)
    }
}
