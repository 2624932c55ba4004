import BoomerangCompression
import BoomerangExchange
import BoomerangTesting
import Foundation
import Testing

/// The rows of the robustness catalogue (spec §3) that `ConnectionFramingTests` does not already
/// send: each payload over a real socket, with its expected status class and connection state,
/// then a fresh connection that must still be served. Together the two suites cover §3.1–3.9.
@Suite struct HostileInputTests {
    /// What the connection does after the answer.
    enum After: Sendable {
        /// `Connection: close`, then the server closes.
        case closes
        /// The same connection serves another request.
        case keepsOpen
        /// No answer at all; the server closes (a request it never got whole).
        case closesSilently
    }

    struct Row: CustomTestStringConvertible, Sendable {
        let id: String
        let payload: [UInt8]
        /// The status class: 2 for 2xx, 4 for 4xx, 5 for 5xx (501: a transfer coding Boomerang does
        /// not implement, RFC 9112 §6.1); 0 with `.closesSilently`.
        let statusClass: Int
        let after: After
        /// Whether the client half-closes after sending (a request cut short).
        var halfClose = false
        var testDescription: String { id }

        init(_ id: String, _ payload: String, _ statusClass: Int, _ after: After) {
            self.init(id, bytes: Array(payload.utf8), statusClass, after)
        }

        init(_ id: String, bytes: [UInt8], _ statusClass: Int, _ after: After, halfClose: Bool = false) {
            self.id = id
            self.payload = bytes
            self.statusClass = statusClass
            self.after = after
            self.halfClose = halfClose
        }
    }

    static let host = "Host: 127.0.0.1\r\n"

    static func post(_ target: String, _ contentType: String, _ body: String) -> String {
        "POST \(target) HTTP/1.1\r\n\(host)Content-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    static func chunked(_ body: String) -> String {
        "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n\(body)"
    }

    static func get(_ target: String, _ headers: String = "") -> String {
        "GET \(target) HTTP/1.1\r\n\(host)\(headers)\r\n"
    }

    static let form = "multipart/form-data; boundary=B"
    static let disposition = "Content-Disposition: form-data; name=\"a\""

    static let framingRows: [Row] = [
        Row("F12 leading empty line", "\r\n" + get("/get"), 4, .closes),
        Row("F13 1 MiB request line without LF", "GET /" + String(repeating: "a", count: 1 << 20), 4, .closes),
        Row("H03 8-bit byte in a name", bytes: Array("GET /get HTTP/1.1\r\n\(host)".utf8) + [0xEF] + Array("oo: v\r\n\r\n".utf8), 4, .closes),
        Row("H03 underscore name is a token", get("/get", "Transfer_Encoding: chunked\r\n"), 2, .keepsOpen),
        Row("H11 fold lines past the head limit", "GET /get HTTP/1.1\r\n\(host)X: a\r\n" + String(repeating: " b\r\n", count: 20_000) + "\r\n", 4, .closes),
        Row("H13 8-bit header value", bytes: Array("GET /get HTTP/1.1\r\n\(host)X: ".utf8) + [0xFF, 0xC3, 0x28] + Array("\r\n\r\n".utf8), 2, .keepsOpen),
        Row("H14 hop-by-hop trick", get("/get", "Connection: close, Transfer-Encoding\r\n"), 2, .closes),
        Row("H15 trailers never merged", chunked("3\r\nabc\r\n0\r\nContent-Length: 999\r\nAuthorization: x\r\n\r\n"), 2, .keepsOpen),
        Row("B02 Content-Length -0", "POST /post HTTP/1.1\r\n\(host)Content-Length: -0\r\n\r\n", 4, .closes),
        Row("B02 Content-Length -1", "POST /post HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", 4, .closes),
        Row("B02 Content-Length with spaces", "POST /post HTTP/1.1\r\n\(host)Content-Length:  5 \r\n\r\nhello", 2, .keepsOpen),
        Row("B05 chunked, identity", chunked("0\r\n\r\n").replacingOccurrences(of: "chunked", with: "chunked, identity"), 5, .closes),
        Row("B05 ,chunked", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: ,chunked\r\n\r\n0\r\n\r\n", 4, .closes),
        Row("B05 quoted chunked", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: \"chunked\"\r\n\r\n0\r\n\r\n", 4, .closes),
        Row("B05 vertical tab", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: \u{0B}chunked\r\n\r\n0\r\n\r\n", 4, .closes),
        Row(
            "B05 chunked NUL", bytes: Array("POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: chunked".utf8) + [0] + Array("\r\n\r\n0\r\n\r\n".utf8), 4,
            .closes),
        Row("B05 identity", "POST /post HTTP/1.1\r\n\(host)Transfer-Encoding: identity\r\n\r\n", 5, .closes),
        Row("B08 HEAD with chunked", "HEAD /get HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 4, .closes),
        Row("B09 DELETE with a body", "DELETE /delete HTTP/1.1\r\n\(host)Content-Length: 3\r\n\r\nabc", 2, .keepsOpen),
        Row("B09 OPTIONS with a body", "OPTIONS /get HTTP/1.1\r\n\(host)Content-Length: 3\r\n\r\nabc", 2, .keepsOpen),
        Row("B10 Content-Length larger than sent", bytes: Array("POST /post HTTP/1.1\r\n\(host)Content-Length: 100\r\n\r\nabc".utf8), 0, .closesSilently, halfClose: true),
        Row("C03 runaway chunk", chunked("4\r\nSEE-THIS\r\n0\r\n\r\n"), 4, .closes),
        Row("C04 bare LF after data", chunked("3\r\nabc\n0\r\n\r\n"), 4, .closes),
        Row("C05 extension without space", chunked("5;name=value\r\nhello\r\n0\r\n\r\n"), 2, .keepsOpen),
        Row("C06 1 MiB of extension", chunked("1;" + String(repeating: "e", count: 1 << 20)), 4, .closes),
        Row("C06 1 data byte per KiB of extension", chunked(String(repeating: "1;" + String(repeating: "e", count: 1023) + "\r\nx\r\n", count: 100) + "0\r\n\r\n"), 4, .closes),
        Row("C10 10,000 chunks of 1 byte", chunked(String(repeating: "1\r\nx\r\n", count: 10_000) + "0\r\n\r\n"), 2, .keepsOpen),
        Row("C11 missing last chunk then EOF", bytes: Array(chunked("3\r\nabc\r\n").utf8), 0, .closesSilently, halfClose: true),
        Row("C13 trailer that looks like a request", chunked("0\r\nX:POST / HTTP/1.1\r\n\r\n"), 2, .keepsOpen),
        Row("K11 SSH banner", "SSH-2.0-OpenSSH_9.2\r\n", 4, .closes),
    ]

    static let multipartRows: [Row] = [
        Row("M05 empty multipart body", post("/post", form, ""), 2, .keepsOpen),
        Row("M05 only the close delimiter", post("/post", form, "--B--\r\n"), 2, .keepsOpen),
        Row("M06 almost boundaries are data", post("/post", form, "--B\r\n\(disposition)\r\n\r\nx--B \r\n--BFAKE\r\n--B_alt\r\n--\r\n--B--\r\n"), 2, .keepsOpen),
        Row("M08 10 MiB preamble", post("/post", form, String(repeating: "p", count: 10 << 20) + "\r\n--B\r\n\(disposition)\r\n\r\n1\r\n--B--\r\n"), 2, .keepsOpen),
        Row("M08 1 MiB of CRLF before the first boundary", post("/post", form, String(repeating: "\r\n", count: 1 << 19) + "--B--\r\n"), 2, .keepsOpen),
        Row("M09 CR then 10 MiB without a line end", post("/post", form, "--B\r\n\(disposition)\r\n\r\n\r" + String(repeating: "d", count: 10 << 20) + "\r\n--B--\r\n"), 2, .keepsOpen),
        Row("M09 CRLF-dense data", post("/post", form, "--B\r\n\(disposition)\r\n\r\n" + String(repeating: "\r\n", count: 1 << 19) + "\r\n--B--\r\n"), 2, .keepsOpen),
        Row(
            "M13 filename* beside filename",
            post("/post", form, "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd\r\n\r\nx\r\n--B--\r\n"),
            2, .keepsOpen),
        Row(
            "M14 traversal file names", post("/post", form, "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"../../x\"\r\n\r\nx\r\n--B\r\nContent-Disposition: form-data; name=\"g\"; filename=\"C:\\\\boot.ini\"\r\n\r\ny\r\n--B--\r\n"),
            2, .keepsOpen),
        Row("M17 NUL, bare CR and LF in data", post("/post", form, "--B\r\n\(disposition)\r\n\r\na\u{0}b\rc\nd\u{0B}\u{0C}\r\n--B--\r\n"), 2, .keepsOpen),
        Row(
            "M18 nested multipart is opaque",
            post("/post", form, "--B\r\nContent-Type: multipart/mixed; boundary=C\r\n\(disposition)\r\n\r\n--C\r\n\r\ninner\r\n--C--\r\n--B--\r\n"), 2, .keepsOpen),
        Row(
            "M19 Content-Transfer-Encoding shown raw",
            post("/post", form, "--B\r\n\(disposition)\r\nContent-Transfer-Encoding: base64\r\n\r\naGk=\r\n--B--\r\n"), 2, .keepsOpen),
        Row("M20 boundary inside a part's Content-Type", post("/post", form, "--B\r\n\(disposition)\r\nContent-Type: text/plain; x=\"--B\"\r\n\r\n1\r\n--B--\r\n"), 2, .keepsOpen),
        Row(
            "M21 invalid UTF-8 names",
            post("/post", form, "--B\r\nContent-Disposition: form-data; name=\"\u{FF}\"\r\n\r\n1\r\n--B\r\nContent-Disposition: form-data; name=\"_charset_\"\r\n\r\niso-8859-1\r\n--B--\r\n"),
            2, .keepsOpen),
        Row("M16 LF-only line ends", post("/post", form, "--B\nContent-Disposition: form-data; name=\"a\"\n\n1\n--B--\n"), 4, .keepsOpen),
        Row("M10 100,000 parts", post("/post", form, String(repeating: "--B\r\n\(disposition)\r\n\r\n1\r\n", count: 100_000) + "--B--\r\n"), 4, .keepsOpen),
        Row("M02 backslash boundary", post("/post", "multipart/form-data; boundary=\"" + String(repeating: "\\", count: 8000) + "a", "x"), 4, .closes),
    ]

    static let queryRows: [Row] = [
        Row("Q01 100,000 pairs", "POST /post HTTP/1.1\r\n\(host)Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 699999\r\n\r\n" + String(repeating: "a=1&a=1", count: 100_000).dropLast(), 2, .keepsOpen),
        Row("Q02 nesting 2,000 deep", get("/get?a" + String(repeating: "[b]", count: 2000) + "=1"), 2, .keepsOpen),
        Row("Q03 huge index and many []", get("/get?a[999999999]=x&" + String(repeating: "b[]=x&", count: 1000)), 2, .keepsOpen),
        Row("Q04 prototype keys", get("/get?__proto__[x]=1&constructor[prototype][x]=1"), 2, .keepsOpen),
        Row("Q05 odd escapes", get("/get?x=%00&y=%0d%0aSet-Cookie:1&z=%&w=%1&v=%zz&u=%%&t=%c0%ae&s=%ff"), 2, .keepsOpen),
        Row("Q06 plus and %2B", get("/anything/a+b?c=a+b%2B"), 2, .keepsOpen),
        Row("Q07 odd pairs", get("/get?&&&=&a&=b&a==b&a=b=c"), 2, .keepsOpen),
        Row("Q08 semicolons", get("/get?a=1;b=2"), 2, .keepsOpen),
        Row("Q09 800 distinct keys (the URI limit)", get("/get?" + (0..<800).map { "k\($0)=v" }.joined(separator: "&")), 2, .keepsOpen),
        Row("Q10 URI of escapes only", get("/get?" + String(repeating: "%41", count: 2600)), 2, .keepsOpen),
    ]

    static let documentRows: [Row] = [
        Row("J01 JSON 513 deep", post("/post", "application/json", String(repeating: "[", count: 513) + String(repeating: "]", count: 513)), 2, .keepsOpen),
        Row("J01 JSON 100,000 deep", post("/post", "application/json", String(repeating: "[", count: 100_000)), 2, .keepsOpen),
        Row("J02 duplicate keys", post("/post", "application/json", #"{"a":1,"a":2}"#), 2, .keepsOpen),
        Row("J03 odd numbers and surrogates", post("/post", "application/json", #"[1e999999, NaN, "\ud800"]"#), 2, .keepsOpen),
        Row("J03 1 MiB number literal", post("/post", "application/json", String(repeating: "9", count: 1 << 20)), 2, .keepsOpen),
        Row("J04 BOM and trailing garbage", post("/post", "application/json", "\u{FEFF}[1]x"), 2, .keepsOpen),
        Row(
            "J06 billion laughs",
            post("/post", "application/xml", "<?xml version=\"1.0\"?><!DOCTYPE l [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\"><!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\"><!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\"><!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\">]><l>&g;</l>"),
            2, .keepsOpen),
        Row("J07 external entity", post("/post", "text/xml", "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/hostname\">]><x>&e;</x>"), 2, .keepsOpen),
        Row("J08 plist with a DTD subset", post("/post", "application/x-plist", "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY a \"b\">]><plist version=\"1.0\"><string>&a;</string></plist>"), 2, .keepsOpen),
        Row(
            "J08 binary plist with offsets out of range",
            bytes: Array("POST /post HTTP/1.1\r\n\(host)Content-Type: application/x-bplist\r\nContent-Length: 40\r\n\r\n".utf8) + Array("bplist00".utf8)
                + [UInt8](repeating: 0xFF, count: 32), 2, .keepsOpen),
        Row(
            "J08 binary plist holding a set (a fuzzer's crash)",
            bytes: Array("POST /post HTTP/1.1\r\n\(host)Content-Type: application/x-bplist\r\nContent-Length: 50\r\n\r\nbplist00".utf8)
                + [0xC1, 0x01, 0x02, 0x51, 0x61, 0x10, 0x01, 0x08, 0x0B, 0x0D] + [UInt8](repeating: 0, count: 6) + [1, 1]
                + [UInt8](repeating: 0, count: 7) + [3] + [UInt8](repeating: 0, count: 15) + [0x0F], 2, .keepsOpen),
        Row("J09 binary garbage as JSON", bytes: Array("POST /post HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 4\r\n\r\n".utf8) + [0xFF, 0xFE, 0x00, 0x81], 2, .keepsOpen),
    ]

    static let staticRows: [Row] = [
        Row("S01 dot-dot", get("/../../etc/passwd"), 4, .keepsOpen),
        Row("S01 dot-dot under ui", get("/ui/../../etc/passwd"), 4, .keepsOpen),
        Row("S02 encoded dot-dot", get("/ui/%2e%2e/%2e%2e/etc/passwd"), 4, .keepsOpen),
        Row("S03 double encoding", get("/ui/%252e%252e/etc/passwd"), 4, .keepsOpen),
        Row("S04 encoded slash", get("/ui/a%2fb"), 4, .keepsOpen),
        Row("S04 backslash", get("/ui/..\\..\\x"), 4, .keepsOpen),
        Row("S05 encoded NUL", get("/ui/index.html%00.png"), 4, .keepsOpen),
        Row("S07 double slash", get("//etc/passwd"), 4, .keepsOpen),
        Row("S08 dotfile", get("/ui/.env"), 4, .keepsOpen),
        Row("S10 overlong UTF-8", get("/ui/%c0%ae%c0%ae/x"), 4, .keepsOpen),
        Row("S11 1000 segments", get("/ui/" + String(repeating: "a/", count: 1000)), 4, .keepsOpen),
        Row("S12 1000 ranges", get("/range/100", "Range: bytes=" + (0..<1000).map { "\($0)-\($0)" }.joined(separator: ",") + "\r\n"), 4, .keepsOpen),
        Row("S12 range past the end", get("/range/100", "Range: bytes=99999999999-\r\n"), 4, .keepsOpen),
    ]

    /// Coded request bodies (`Content-Encoding`), which the catalogue predates: bombs stop at
    /// the expansion ratio or the decoded-size limit, broken data is a 400, an unknown or too
    /// deep coding a 415 or 400, and the connection serves the next request each time.
    static let codedBodyRows: [Row] = {
        let zeros = [UInt8](repeating: 0, count: 32 << 20)
        let text = Array(String(repeating: "hello coded body ", count: 200).utf8)
        func coded(_ body: [UInt8], _ codings: [ContentCoding]) -> [UInt8] {
            codings.reduce(body) { bytes, coding in (try? Compressor.compress(bytes, coding: coding)) ?? [] }
        }
        func post(_ codings: String, _ body: [UInt8]) -> [UInt8] {
            Array("POST /post HTTP/1.1\r\n\(host)Content-Type: text/plain\r\nContent-Encoding: \(codings)\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let gzipText = coded(text, [.gzip])
        return [
            Row("Z01 gzip bomb (32 MiB of zeros)", bytes: post("gzip", coded(zeros, [.gzip])), 4, .keepsOpen),
            Row("Z01 deflate bomb", bytes: post("deflate", coded(zeros, [.deflate])), 4, .keepsOpen),
            Row("Z01 br bomb", bytes: post("br", coded(zeros, [.brotli])), 4, .keepsOpen),
            Row("Z01 zstd bomb", bytes: post("zstd", coded(zeros, [.zstd])), 4, .keepsOpen),
            Row("Z02 a bomb inside a second coding", bytes: post("gzip, zstd", coded(zeros, [.gzip, .zstd])), 4, .keepsOpen),
            Row("Z03 truncated gzip", bytes: post("gzip", Array(gzipText.prefix(gzipText.count / 2))), 4, .keepsOpen),
            Row("Z04 gzip then trailing bytes", bytes: post("gzip", gzipText + Array("GARBAGE".utf8)), 4, .keepsOpen),
            Row("Z05 plain text labelled gzip", bytes: post("gzip", text), 4, .keepsOpen),
            Row("Z06 unknown coding", bytes: post("compress", text), 4, .keepsOpen),
            Row("Z07 ten stacked codings", bytes: post(Array(repeating: "gzip", count: 10).joined(separator: ", "), gzipText), 4, .keepsOpen),
            Row("Z08 two codings undone in order", bytes: post("gzip, br", coded(text, [.gzip, .brotli])), 2, .keepsOpen),
        ]
    }()

    static let connectionRows: [Row] = [
        Row("K08 100 pipelined requests", String(repeating: get("/get"), count: 100), 2, .keepsOpen),
        Row("R02 10 MiB of control bytes echoed", bytes: Array("POST /post HTTP/1.1\r\n\(host)Content-Type: text/plain\r\nContent-Length: \(10 << 20)\r\n\r\n".utf8) + [UInt8](repeating: 1, count: 10 << 20), 2, .keepsOpen),
    ]

    static let rows = framingRows + multipartRows + queryRows + documentRows + staticRows + codedBodyRows + connectionRows

    @Test(arguments: rows)
    func answersWithItsClassAndConnectionStateThenKeepsServing(_ row: Row) throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        // Generous: a 60 MB echo (R02) takes long under ThreadSanitizer; this is a guard, not a time limit.
        connection.setTimeout(180)
        var response: TestResponse?
        _ = try RowCPU.measure(live, row.id) {
            try connection.send(row.payload)
            if row.halfClose { connection.shutdownWrite() }
            response = try connection.readResponse()
            if row.id.hasPrefix("K08") {
                for _ in 0..<99 { _ = try connection.readResponse() }
            }
        }
        switch row.after {
        case .closesSilently:
            #expect(response == nil, "\(row.id): answered a request it never got whole")
            try live.expectServing(after: row.id, host: Self.host)
        case .closes, .keepsOpen:
            let response = try #require(response, "no response to \(row.id)")
            #expect(response.status / 100 == row.statusClass, "\(row.id): \(response.status) \(response.text.prefix(300))")
            #expect(response.status < 500 || row.statusClass == 5, "\(row.id): a server error")
            if row.after == .closes { #expect(response.header("Connection") == "close", "\(row.id)") }
            try live.expectAftermath(of: row.id, on: connection, closes: row.after == .closes, host: Self.host)
        }
    }

    @Test func trailersAreNeverMergedIntoTheHeaders() throws {
        let live = try LiveServer()
        let response = try live.send(Self.chunked("3\r\nabc\r\n0\r\nContent-Length: 999\r\nAuthorization: x\r\n\r\n"))
        let headers = response.json?["headers"] as? [String: Any]
        #expect(headers?["Authorization"] == nil)
        #expect(headers?["Content-Length"] == nil)
        #expect(response.json?["data"] as? String == "abc")
    }

    @Test func almostBoundariesAndOddBytesAreKeptVerbatim() throws {
        let live = try LiveServer()
        let data = "x--B \r\n--BFAKE\r\n--B_alt\r\n--"
        let response = try live.send(Self.post("/post", Self.form, "--B\r\n\(Self.disposition)\r\n\r\n\(data)\r\n--B--\r\n"))
        #expect(response.json?["form"] as? [String: String] == ["a": data])
        let odd = "a\u{0}b\rc\nd\u{0B}\u{0C}"
        let kept = try live.send(Self.post("/post", Self.form, "--B\r\n\(Self.disposition)\r\n\r\n\(odd)\r\n--B--\r\n"))
        #expect(kept.json?["form"] as? [String: String] == ["a": odd])
    }

    /// Row Q06: in the query, `+` is a space and `%2B` a plus; in the path, `+` is itself.
    @Test func plusIsASpaceOnlyInTheQuery() throws {
        let live = try LiveServer()
        let response = try live.send("GET /anything/a+b?c=a+b%2B HTTP/1.1\r\n\(Self.host)\r\n")
        #expect(response.json?["args"] as? [String: String] == ["c": "a b+"])
        #expect((response.json?["url"] as? String)?.hasSuffix("/anything/a+b?c=a+b%2B") == true)
    }
}
