import BoomerangSerialization
import BoomerangServer
import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

/// The multipart modes in process: a Content-Type with no usable boundary answered from the
/// head, the refusal in the negotiated format, well-formed and empty bodies in both modes, an
/// unknown mode refused. The broken bodies of robustness §3.5, with their server CPU, are sent
/// over a real socket in `MultipartStrictnessTests`.
@Suite struct MultipartModeTests {
    /// The head alone is answered: a client that announces 100 MiB and sends none of it still
    /// gets its 400 (and no 100 Continue), then the close.
    @Test(arguments: MultipartStrictnessTests.rows.filter(\.refusedFromTheHead))
    func aBadContentTypeIsAnsweredWithoutReadingTheBody(row: MultipartStrictnessTests.Row) throws {
        let server = InProcessServer()
        for framing in ["Content-Length: \(100 << 20)\r\n", "Transfer-Encoding: chunked\r\n", "Content-Length: 10\r\nExpect: 100-continue\r\n"] {
            let connection = server.connect()
            try connection.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: \(row.contentType)\r\n\(framing)\r\n")
            let response = try #require(try connection.readResponse(), "\(row.id): no answer before the body")
            #expect(response.status == 400, "\(row.id)")
            #expect(response.errorCode == row.code, "\(row.id)")
            #expect(response.header("Connection") == "close", "\(row.id)")
            #expect((response.json?["error"] as? [String: Any])?["message"] as? String ?? "" != "", "\(row.id)")
            #expect(connection.closedByServer(), "\(row.id)")
        }
        let entry = try server.lastEntry()
        #expect(entry.int("status") == 400)
        #expect(entry.string("outcome") == "complete")
    }

    /// The multipart 400 is rendered by the one refusal renderer: a property list when `Accept`
    /// asks for one, with the same fields (error, body, diagnostics, parts) as the JSON.
    @Test func theRefusalSpeaksTheNegotiatedFormat() throws {
        let row = try #require(MultipartStrictnessTests.rows.first { $0.id == "M04 no final boundary" })
        let server = InProcessServer()
        let json = try server.fetch("POST", "/post", headers: [("Content-Type", row.contentType)], body: row.body)
        let plist = try server.fetch(
            "POST", "/post", headers: [("Content-Type", row.contentType), ("Accept", "application/x-plist")], body: row.body)
        #expect(plist.status == 400)
        #expect(plist.header("Content-Type")?.hasPrefix("application/x-plist") == true)
        let documents = try RefusalDocuments.sameDocument(json: json.body, plist: plist.body)
        #expect(documents.plist["error"]?["code"]?.stringValue == "missingFinalBoundary")
        #expect(documents.plist.objectValue?.entries.map(\.key) == ["body", "diagnostics", "error", "multipart"])
        #expect(documents.plist == documents.json)
    }

    @Test func aWellFormedBodyIsEchoedInBothModes() throws {
        let row = MultipartStrictnessTests.Row(
            id: "good", contentType: "multipart/form-data; boundary=B",
            body: MultipartStrictnessTests.body("--B\r\n\(MultipartStrictnessTests.field)\r\n1\r\n--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\n\r\nfile\r\n--B--\r\n"),
            code: "")
        for server in [InProcessServer(), InProcessServer { $0.multipartMode = .lenient }] {
            let response = try server.send(MultipartStrictnessTests.request(row))
            #expect(response.status == 200)
            #expect(response.json?["form"] as? [String: String] == ["a": "1"])
            #expect(response.json?["files"] as? [String: String] == ["f": "file"])
            #expect(MultipartStrictnessTests.codes(response.json).isEmpty)
        }
    }

    @Test func anEmptyBodyOrOnlyTheCloseDelimiterHasNoParts() throws {
        let server = InProcessServer()
        for body in ["", "--B--\r\n"] {
            let row = MultipartStrictnessTests.Row(id: "M05", contentType: "multipart/form-data; boundary=B", body: MultipartStrictnessTests.body(body), code: "")
            let response = try server.send(MultipartStrictnessTests.request(row))
            #expect(response.status == 200)
            #expect((response.json?["multipart"] as? [String: Any])?["parts"] as? [Any] == nil
                || ((response.json?["multipart"] as? [String: Any])?["parts"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func anUnknownModeIsRefused() throws {
        let server = InProcessServer()
        let row = MultipartStrictnessTests.Row(id: "good", contentType: "multipart/form-data; boundary=B", body: MultipartStrictnessTests.body("--B--\r\n"), code: "")
        let response = try server.send(MultipartStrictnessTests.request(row, target: "/post?x-set-multipart-mode=loose"))
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidControl")
    }
}
