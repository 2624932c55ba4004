import BoomerangTesting
import Foundation
import Testing

/// Part headers are text in whatever bytes the client wrote. The echo is JSON, so a name or
/// filename that is not UTF-8 can only be shown with U+FFFD in place of the bytes it cannot decode:
/// the echo says so, rather than changing the name without a word (robustness M21).
@Suite struct MultipartHeaderBytesTests {
    static func request(filename: [UInt8]) -> [UInt8] {
        let body =
            Array("--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"".utf8) + filename
            + Array("\"\r\n\r\ndata\r\n--B--\r\n".utf8)
        return Array("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            + body
    }

    @Test func aFilenameThatIsNotUTF8IsShownWithReplacementsAndSaidSo() throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(filename: [0xC3, 0x28] + Array(".txt".utf8)))
        #expect(response.status == 200)
        #expect(response.json?["files"] as? [String: String] == ["f": "data"])
        let parts = (response.json?["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        #expect(parts.first?["filename"] as? String == "\u{FFFD}(.txt")
        #expect(MultipartStrictnessTests.codes(response.json) == ["partHeaderNotUTF8"])
    }

    @Test func aUTF8FilenameIsShownAsSent() throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(filename: Array("café ✓.txt".utf8)))
        #expect(response.status == 200)
        let parts = (response.json?["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        #expect(parts.first?["filename"] as? String == "café ✓.txt")
        #expect(MultipartStrictnessTests.codes(response.json).isEmpty)
    }
}
