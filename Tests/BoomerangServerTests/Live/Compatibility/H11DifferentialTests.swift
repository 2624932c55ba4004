import BoomerangTesting
import Foundation
import Testing

/// The framing decision (accepted with how many body bytes, or refused) of every framing row of the
/// hostile-input catalogue, compared with h11 (PyPI, in a virtual environment cached under
/// `.build/`) on the same bytes by `h11_differential.py`. A disagreement fails unless the script
/// lists it with its reason.
@Suite struct H11DifferentialTests {
    /// Rows beyond the catalogue's: valid requests and chunk extensions, so that acceptance and
    /// body lengths are compared too, not only refusals.
    static let extraRows: [ConnectionFramingTests.Case] = [
        .init("V01 GET", "GET /get HTTP/1.1\r\nHost: a\r\n\r\n", 200, closes: false),
        .init("V02 POST with Content-Length", "POST /post HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", 200, closes: false),
        .init(
            "V03 chunked with extensions", "POST /post HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b;c=\"d e\"\r\nhello\r\n1 ; x\r\n!\r\n0\r\n\r\n",
            200, closes: false),
        .init("V04 chunked with trailers", "POST /post HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-T: 1\r\n\r\n", 200, closes: false),
        .init("V05 Content-Length 010", "POST /post HTTP/1.1\r\nHost: a\r\nContent-Length: 010\r\n\r\n0123456789", 200, closes: false),
        .init("V06 same Content-Length twice", "POST /post HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\na", 200, closes: false),
        .init("V07 GET with a body", "GET /anything HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc", 200, closes: false),
        .init("V08 Content-Length with spaces", "POST /post HTTP/1.1\r\nHost: a\r\nContent-Length:  5 \r\n\r\nhello", 200, closes: false),
        .init("X01 chunk extension with trailing whitespace", "POST /post HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a \r\nhello\r\n0\r\n\r\n", 400),
        .init("X02 chunk extension without a name", "POST /post HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;\r\nhello\r\n0\r\n\r\n", 400),
        .init(
            "X03 chunk extension with an unclosed quote", "POST /post HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"b\r\nhello\r\n0\r\n\r\n",
            400),
        .init("C13 trailer that looks like a request", "POST /post HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX:POST / HTTP/1.1\r\n\r\n", 200, closes: false),
        .init("H13 8-bit header value", bytes: Array("GET /get HTTP/1.1\r\nHost: a\r\nX: ".utf8) + [0xFF, 0xC3, 0x28] + Array("\r\n\r\n".utf8), 200, closes: false),
        .init("H14 hop-by-hop trick", "GET /get HTTP/1.1\r\nHost: a\r\nConnection: close, Transfer-Encoding\r\n\r\n", 200, closes: true),
    ]

    @Test func framingDecisionsAgreeWithH11OrAreJustified() throws {
        let live = try LiveServer()
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let package = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let venv = package.appending(path: ".build/h11-venv").path
        let rows = (ConnectionFramingTests.cases + Self.extraRows).map { ["id": $0.id, "payload": Data($0.payload).base64EncodedString()] }
        let file = try TemporaryFile(name: "rows.json", bytes: Array(try JSONSerialization.data(withJSONObject: rows)))
        let output = try ExternalTool.run(
            "python3", [here.appending(path: "h11_differential.py").path, "--rows", file.path, "--boomerang", live.baseURL, "--venv", venv])
        let text = String(decoding: output.stdout, as: UTF8.self)
        print(text)
        #expect(output.status == 0, "\(text)\n\(output.stderr)")
        #expect(text.contains(" 0 differ ("), "\(text)")
    }

    /// The script fails a listed difference only when its row is in the run, and the rows are split
    /// between this suite and `H11HostileFramingRowsTests`: here every listed prefix must still
    /// name a row of one of them, or it is a reason for a row that is gone.
    @Test func everyListedDifferenceNamesARow() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let output = try ExternalTool.run("python3", [here.appending(path: "h11_differential.py").path, "--list-known"])
        #expect(output.status == 0, "\(output.stderr)")
        let prefixes = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String])
        let ids = (ConnectionFramingTests.cases + Self.extraRows).map(\.id) + HostileInputTests.framingRows.map(\.id)
        #expect(prefixes.count >= 20)
        for prefix in prefixes {
            #expect(ids.contains { $0.hasPrefix(prefix) }, "KNOWN lists \(prefix), which no row sent to h11 starts with")
        }
    }
}
