import BoomerangTesting
import Foundation
import Testing

/// A client that writes the close delimiter too early (after its first part, say) sends the rest
/// of its parts in the epilogue, which RFC 2046 §5.1.1 says to ignore and every reader drops. No
/// part may disappear without a word: strict mode refuses the body with the delimiter line's
/// offset, lenient mode echoes what came before with the same code as a diagnostic. Other
/// epilogue bytes are ignored in both.
@Suite struct MultipartEpilogueTests {
    static let firstPart = "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--B--\r\n"
    static let body = firstPart + "--B\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n2\r\n--B--\r\n"

    static func row(_ body: String) -> MultipartStrictnessTests.Row {
        MultipartStrictnessTests.Row(
            id: "epilogue", contentType: "multipart/form-data; boundary=B", body: MultipartStrictnessTests.body(body), code: "")
    }

    @Test func strictModeRefusesAPartAfterTheCloseDelimiterAtItsOffset() throws {
        let server = InProcessServer()
        let response = try server.send(MultipartStrictnessTests.request(Self.row(Self.body)))
        #expect(response.status == 400)
        let error = response.json?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "partAfterCloseDelimiter")
        #expect(error?["offset"] as? Int == Self.firstPart.utf8.count)
        let parts = (response.json?["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        #expect(parts.map { $0["name"] as? String } == ["a"])
    }

    @Test func lenientModeEchoesThePartsBeforeItAndSaysWhy() throws {
        let server = InProcessServer()
        let response = try server.send(MultipartStrictnessTests.request(Self.row(Self.body), target: "/post?x-set-multipart-mode=lenient"))
        #expect(response.status == 200)
        #expect(response.json?["form"] as? [String: String] == ["a": "1"])
        #expect(MultipartStrictnessTests.codes(response.json) == ["partAfterCloseDelimiter"])
    }

    @Test(arguments: ["", "trailing words\r\n", "\r\n--BFAKE\r\n--B-x\r\n", "\r\n--B"])
    func otherEpilogueBytesAreIgnored(epilogue: String) throws {
        let server = InProcessServer()
        let response = try server.send(MultipartStrictnessTests.request(Self.row(Self.firstPart + epilogue)))
        #expect(response.status == 200)
        #expect(response.json?["form"] as? [String: String] == ["a": "1"])
        #expect(MultipartStrictnessTests.codes(response.json).isEmpty)
    }
}
