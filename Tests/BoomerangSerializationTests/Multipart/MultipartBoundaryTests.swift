import BoomerangSamples
import BoomerangSerialization
import Testing

@Suite struct MultipartBoundaryTests {
    @Test func afNetworkingBoundaryIsUppercaseHexOf25Characters() {
        #expect(MultipartBoundary.afNetworking(0x0123_4567, 0x89AB_CDEF) == "Boundary+0123456789ABCDEF")
        #expect(MultipartBoundary.afNetworking(0, 0xF) == "Boundary+000000000000000F")
        var generator = SplitMix64(seed: 7)
        let boundary = MultipartBoundary.random(using: &generator)
        #expect(boundary.utf8.count == 25)
        #expect(boundary.hasPrefix("Boundary+"))
        #expect(boundary.dropFirst(9).allSatisfy { "0123456789ABCDEF".contains($0) })
        var again = SplitMix64(seed: 7)
        #expect(MultipartBoundary.random(using: &again) == boundary)
        #expect(MultipartBoundary.random() != MultipartBoundary.random())
    }

    @Test func delimiterLines() {
        #expect(MultipartBoundary.initialLine("B") == Array("--B\r\n".utf8))
        #expect(MultipartBoundary.encapsulationLine("B") == Array("\r\n--B\r\n".utf8))
        #expect(MultipartBoundary.finalLine("B") == Array("\r\n--B--\r\n".utf8))
    }

    @Test(arguments: [
        ("multipart/form-data; boundary=Boundary+0123456789ABCDEF", "Boundary+0123456789ABCDEF"),
        ("multipart/form-data; boundary=alamofire.boundary.0123456789abcdef", "alamofire.boundary.0123456789abcdef"),
        ("Multipart/Form-Data;BOUNDARY=abc", "abc"),
        ("multipart/form-data; boundary=\"a b:c\"", "a b:c"),
        ("multipart/form-data; boundary=\"a\\:b\"", "a:b"),
        ("multipart/mixed; charset=utf-8; boundary=x ; foo=bar", "x"),
        ("multipart/form-data; boundary*=UTF-8''zz; boundary=y", "y"),
        ("multipart/form-data; novalue; boundary=q", "q"),
        ("multipart/form-data; a=\"x;boundary=no\"; boundary=yes", "yes"),
    ])
    func readsTheBoundaryParameter(contentType: String, boundary: String) throws {
        #expect(try MultipartBoundary.parse(contentType: contentType) == boundary)
    }

    @Test(arguments: [
        ("text/plain; boundary=x", MultipartParserError(code: .notMultipart, value: "text/plain", offset: 0)),
        ("multipart/", MultipartParserError(code: .notMultipart, value: "multipart/", offset: 0)),
        (
            "multipart/form-data",
            MultipartParserError(code: .missingBoundary, value: "multipart/form-data", offset: 19)
        ),
        ("multipart/form-data; boundary=", MultipartParserError(code: .emptyBoundary, value: "", offset: 30)),
        ("multipart/form-data; boundary=\"\"", MultipartParserError(code: .emptyBoundary, value: "", offset: 31)),
        (
            "multipart/form-data; boundary=a@b",
            MultipartParserError(code: .invalidBoundaryCharacter, value: "a@b", offset: 31)
        ),
        (
            "multipart/form-data; boundary=\"ab \"",
            MultipartParserError(code: .invalidBoundaryCharacter, value: "ab ", offset: 33)
        ),
        (
            "multipart/form-data; boundary=a; boundary=b",
            MultipartParserError(code: .duplicateBoundary, value: "b", offset: 33)
        ),
        (
            "multipart/form-data; boundary=\"abc",
            MultipartParserError(code: .unterminatedQuotedString, value: "\"abc", offset: 30)
        ),
    ])
    func refusesBadContentTypes(contentType: String, error: MultipartParserError) {
        #expect(throws: error) { try MultipartBoundary.parse(contentType: contentType) }
    }

    @Test func refusesBoundariesOver70Bytes() throws {
        let seventy = String(repeating: "a", count: 70)
        #expect(try MultipartBoundary.parse(contentType: "multipart/form-data; boundary=\(seventy)") == seventy)
        let long = seventy + "b"
        #expect(throws: MultipartParserError(code: .boundaryTooLong, value: Array(long.utf8.prefix(64)), offset: 100)) {
            try MultipartBoundary.parse(contentType: "multipart/form-data; boundary=\(long)")
        }
        #expect(throws: MultipartParserError(code: .boundaryTooLong, value: Array(long.utf8.prefix(64)), offset: 70)) {
            try MultipartParser(boundary: long)
        }
    }

    /// Robustness M02: thousands of backslashes in an unclosed quote are refused, with the
    /// quote's offset. The server CPU the row costs is measured by `make rows-cpu` (row M02).
    @Test func pathologicalQuotingIsRefusedAtTheQuote() {
        let payload = "multipart/form-data; boundary=\"" + String(repeating: "\\", count: 200_000) + "a"
        let error = #expect(throws: MultipartParserError.self) { try MultipartBoundary.parse(contentType: payload) }
        #expect(error?.code == .unterminatedQuotedString)
        #expect(error?.offset == 30)
        #expect(error?.value.count == 64)
    }
}
