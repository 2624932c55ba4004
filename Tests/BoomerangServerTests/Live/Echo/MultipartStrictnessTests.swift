import BoomerangExchange
import BoomerangSerialization
import BoomerangServer
import BoomerangTesting
import Foundation
import Testing

/// Broken multipart bodies (robustness spec §3.5) over a real socket: 400 with the parser's error
/// and the parts seen before it by default, 200 with the same as diagnostics in lenient mode (the
/// `multipart_mode` setting or the `x-set-multipart-mode` control), and never a part that goes
/// missing without a word.
@Suite struct MultipartStrictnessTests {
    /// One broken body: its Content-Type, its bytes, the error code, and how many parts arrive
    /// whole before it.
    struct Row: CustomStringConvertible, Sendable {
        let id: String
        let contentType: String
        let body: [UInt8]
        let code: String
        var completeParts = 0
        /// Whether a part broke off (or had its head refused) and must be listed as incomplete.
        var brokenPart = false

        var description: String { id }
        /// Whether the Content-Type alone is refused (no usable boundary): answered from the head,
        /// the body unread, the connection closed.
        var refusedFromTheHead: Bool { ["M01", "M02", "M03"].contains(String(id.prefix(3))) }
    }

    static let field = "Content-Disposition: form-data; name=\"a\"\r\n"

    static func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let rows: [Row] = [
        Row(id: "M01 no boundary", contentType: "multipart/form-data", body: body("--B\r\n\(field)\r\n1\r\n--B--\r\n"), code: "missingBoundary"),
        Row(id: "M01 empty boundary", contentType: "multipart/form-data; boundary=\"\"", body: body("--\r\n\r\n"), code: "emptyBoundary"),
        Row(
            id: "M01 boundary of 71 bytes", contentType: "multipart/form-data; boundary=" + String(repeating: "b", count: 71),
            body: body("x"), code: "boundaryTooLong"),
        Row(id: "M01 illegal boundary byte", contentType: "multipart/form-data; boundary=\"a@b\"", body: body("x"), code: "invalidBoundaryCharacter"),
        Row(
            id: "M02 unclosed quote of backslashes", contentType: "multipart/form-data; boundary=\"" + String(repeating: "\\", count: 4000) + "a",
            body: body("x"), code: "unterminatedQuotedString"),
        Row(id: "M03 duplicate boundary", contentType: "multipart/form-data; boundary=a; boundary=b", body: body("--a--\r\n"), code: "duplicateBoundary"),
        Row(
            id: "M04 no final boundary", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\n\(field)\r\n1\r\n--B\r\n\(field)\r\nhalf a part"), code: "missingFinalBoundary", completeParts: 1,
            brokenPart: true),
        Row(
            id: "M10 100,000 parts", contentType: "multipart/form-data; boundary=B",
            body: body(String(repeating: "--B\r\n\(field)\r\n1\r\n", count: 100_000) + "--B--\r\n"), code: "tooManyParts",
            completeParts: 1000, brokenPart: true),
        Row(
            id: "M11 1 MiB header block", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\n" + String(repeating: "X: y\r\n", count: 174_763) + "\r\n1\r\n--B--\r\n"), code: "tooManyHeaderLines",
            brokenPart: true),
        Row(
            id: "M11 1 MiB header line", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\nX: " + String(repeating: "y", count: 1 << 20) + "\r\n\r\n1\r\n--B--\r\n"), code: "headerLineTooLong",
            brokenPart: true),
        Row(
            id: "M12 leading space", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\n \(field)\r\n1\r\n--B--\r\n"), code: "invalidHeaderByte", brokenPart: true),
        Row(
            id: "M12 obs-fold", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\nContent-Disposition: form-data;\r\n name=\"a\"\r\n\r\n1\r\n--B--\r\n"), code: "headerLineWithoutColon",
            brokenPart: true),
        Row(
            id: "M12 empty name", contentType: "multipart/form-data; boundary=B", body: body("--B\r\n: x\r\n\r\n1\r\n--B--\r\n"),
            code: "invalidHeaderByte", brokenPart: true),
        Row(
            id: "M12 CR in a name", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\nContent-\rDisposition: form-data\r\n\r\n1\r\n--B--\r\n"), code: "invalidHeaderByte", brokenPart: true),
        Row(
            id: "M12 bad name characters", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\nContent-<<<position: form-data\r\n\r\n1\r\n--B--\r\n"), code: "invalidHeaderByte", brokenPart: true),
        Row(
            id: "M12 unclosed quote in Content-Disposition", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\nContent-Disposition: form-data; name=\"a\r\n\r\nxyz\r\n--B--\r\n"), code: "unterminatedQuotedString",
            brokenPart: true),
        Row(
            id: "M15 bad end of headers CR CR", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\n\(field)\r\rQ\r\n--B--\r\n"), code: "badEndOfHeaders", brokenPart: true),
        Row(
            id: "M15 bad end of headers LF", contentType: "multipart/form-data; boundary=B",
            body: body("--B\r\n\(field)\nQ\r\n--B--\r\n"), code: "badEndOfHeaders", brokenPart: true),
        Row(
            id: "M16 LF-only line ends", contentType: "multipart/form-data; boundary=B",
            body: body("--B\nContent-Disposition: form-data; name=\"a\"\n\n1\n--B--\n"), code: "missingFinalBoundary"),
        Row(
            id: "M14 10 KB filename", contentType: "multipart/form-data; boundary=B",
            body: body(
                "--B\r\n\(field)\r\n1\r\n--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\""
                    + String(repeating: "n", count: 10_000) + "\"\r\n\r\ndata\r\n--B--\r\n"),
            code: "headerLineTooLong", completeParts: 1, brokenPart: true),
    ]

    static func request(_ row: Row, target: String = "/post", headers: String = "") -> [UInt8] {
        Array(
            "POST \(target) HTTP/1.1\r\nHost: x\r\nContent-Type: \(row.contentType)\r\n\(headers)Content-Length: \(row.body.count)\r\n\r\n"
                .utf8) + row.body
    }

    static func codes(_ document: [String: Any]?) -> [String] {
        (document?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    /// Checks that every part of the body is accounted for: the whole ones, then the broken one.
    static func checkParts(_ document: [String: Any]?, _ row: Row) {
        guard row.completeParts > 0 || row.brokenPart else { return }
        let parts = (document?["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        #expect(parts.count == row.completeParts + (row.brokenPart ? 1 : 0), "\(row.id)")
        #expect(parts.prefix(row.completeParts).allSatisfy { $0["complete"] == nil }, "\(row.id)")
        if row.brokenPart {
            #expect(parts.last?["complete"] as? Bool == false, "\(row.id)")
            #expect(codes(document).contains("multipartPartIncomplete"), "\(row.id)")
        }
        #expect((document?["multipart"] as? [String: Any])?["complete"] as? Bool == false, "\(row.id)")
    }

    /// How long a read waits: M10's 100,000 parts take seconds under AddressSanitizer on a busy
    /// machine. A guard against a hang, not a time limit.
    static let readTimeout = 120.0

    @Test(arguments: rows)
    func strictByDefault(row: Row) throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port, timeout: Self.readTimeout)
        // Robustness row R08: each row costs the server under 100 ms of CPU (`make rows-cpu`).
        var answer: TestResponse?
        _ = try RowCPU.measure(live, row.id) {
            try connection.send(Self.request(row))
            answer = try connection.readResponse()
        }
        let response = try #require(answer)
        #expect(response.status == 400)
        let error = response.json?["error"] as? [String: Any]
        #expect(error?["code"] as? String == row.code)
        #expect(error?["offset"] is NSNumber)
        #expect((error?["message"] as? String)?.contains("x-set-multipart-mode=lenient") == true)
        // The message is a sentence for people, not the error's debug description.
        #expect((error?["message"] as? String)?.contains("MultipartParserError") == false)
        if row.id.hasPrefix("M16") {
            #expect((error?["message"] as? String)?.contains("its lines end in LF alone") == true)
        }
        #expect(Self.codes(response.json).contains(row.code))
        Self.checkParts(response.json, row)
        if row.refusedFromTheHead {
            #expect(response.header("Connection") == "close", "\(row.id)")
            #expect(connection.closedByServer(), "\(row.id)")
            return
        }
        // The body was read to its end: the connection serves the next request.
        try connection.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
    }

    @Test(arguments: rows)
    func lenientBySettingOrByControl(row: Row) throws {
        let lenient = try LiveServer { $0.multipartMode = .lenient }
        // Lenient mode echoes what it parsed (M10's 1,000 parts): R08's bound holds there too.
        var answer: TestResponse?
        _ = try RowCPU.measure(lenient, "\(row.id) (lenient)") {
            answer = try lenient.send(Self.request(row), timeout: Self.readTimeout)
        }
        let bySetting = try #require(answer)
        #expect(bySetting.status == 200)
        #expect(Self.codes(bySetting.json).contains(row.code))
        Self.checkParts(bySetting.json, row)

        let strict = try LiveServer()
        let byQuery = try strict.send(Self.request(row, target: "/anything?x-set-multipart-mode=lenient"), timeout: Self.readTimeout)
        #expect(byQuery.status == 200)
        #expect(Self.codes(byQuery.json).contains(row.code))
        Self.checkParts(byQuery.json, row)
        let byHeader = try lenient.send(Self.request(row, headers: "X-Set-Multipart-Mode: strict\r\n"), timeout: Self.readTimeout)
        #expect(byHeader.status == 400)
    }
}
