import BoomerangSamples
import BoomerangSerialization
import Testing

@Suite struct MultipartParserTests {
    static let af = MultipartSamples.boundary

    static func head(_ pairs: [(String, String)], raw: String) -> MultipartPartHead {
        MultipartPartHead(headers: HTTPHeaders(pairs), rawHeaders: Array(raw.utf8))
    }

    static func head(_ pairs: (String, String)...) -> MultipartPartHead {
        head(pairs, raw: pairs.map { "\($0.0): \($0.1)\r\n" }.joined())
    }

    static func body(_ text: String) -> MultipartEvent { .body(Array(text.utf8)) }

    struct Fixture: CustomStringConvertible, Sendable {
        var name: String
        var boundary: String
        var wire: String
        var events: [MultipartEvent]
        var description: String { name }
    }

    static let fixtures: [Fixture] = [
        Fixture(
            name: "AFNetworking form and file",
            boundary: af,
            wire: MultipartSamples.twoPartWire,
            events: [
                .partBegin(head(("Content-Disposition", "form-data; name=\"foo\""))), body("bar"), .partEnd,
                .partBegin(
                    head(
                        ("Content-Disposition", "form-data; name=\"file\"; filename=\"a.bin\""),
                        ("Content-Type", "application/octet-stream")
                    )
                ),
                .body([0, 1, 2]), .partEnd, .end,
            ]
        ),
        Fixture(
            name: "Alamofire lowercase boundary, original header case",
            boundary: "alamofire.boundary.0123456789abcdef",
            wire: """
                --alamofire.boundary.0123456789abcdef\r
                content-disposition: form-data; name="a"\r
                CONTENT-TYPE: text/plain\r
                \r
                1\r
                --alamofire.boundary.0123456789abcdef--
                """,
            events: [
                .partBegin(head(("content-disposition", "form-data; name=\"a\""), ("CONTENT-TYPE", "text/plain"))),
                body("1"), .partEnd, .end,
            ]
        ),
        Fixture(
            name: "preamble, epilogue, padding, empty parts",
            boundary: "b",
            wire:
                "preamble --b\r\nnot yet\r\n--b \t\r\n\r\n\r\n--b\r\nX:y\r\n\r\nv\r\n--b--  epilogue\r\n--bFAKE\r\n-- b\r\n--b-x\r\nignored",
            events: [
                .partBegin(head([], raw: "")), .partEnd,
                .partBegin(head([("X", "y")], raw: "X:y\r\n")), body("v"), .partEnd, .end,
            ]
        ),
        // Robustness M06: look-alikes of the delimiter are data.
        Fixture(
            name: "delimiter look-alikes are kept",
            boundary: "b",
            wire: "--b\r\n\r\n--b x\r\n--bFAKE\r\n--b_alt\r\n-- \r\n--b-x\r\n--b\rx\r\n--b\r\r\n--b\r\n\r\n\r\n--b--",
            events: [
                .partBegin(head([], raw: "")),
                body("--b x\r\n--bFAKE\r\n--b_alt\r\n-- \r\n--b-x\r\n--b\rx\r\n--b\r"), .partEnd,
                .partBegin(head([], raw: "")), .partEnd, .end,
            ]
        ),
        // Robustness M17, M19, M20: exact bytes, opaque encodings, the boundary inside a header.
        Fixture(
            name: "binary data, transfer encoding and boundary in a header",
            boundary: "xyz",
            wire: "--xyz\r\nContent-Type: multipart/mixed; boundary=xyz\r\nContent-Transfer-Encoding: base64\r\n\r\n"
                + "\u{0}\r\u{b}\u{c}\n\r\r\n\n\r\n--xyz\r\n\r\nQUJD\r\n--xyz--",
            events: [
                .partBegin(
                    head(("Content-Type", "multipart/mixed; boundary=xyz"), ("Content-Transfer-Encoding", "base64"))
                ),
                body("\u{0}\r\u{b}\u{c}\n\r\r\n\n"), .partEnd,
                .partBegin(head([], raw: "")), body("QUJD"), .partEnd, .end,
            ]
        ),
        // Robustness M18: a nested multipart body is opaque.
        Fixture(
            name: "nested multipart is opaque",
            boundary: "outer",
            wire: "--outer\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n"
                + "--inner\r\nA: b\r\n\r\nz\r\n--inner--\r\n--outer--\r\n",
            events: [
                .partBegin(head(("Content-Type", "multipart/mixed; boundary=inner"))),
                body("--inner\r\nA: b\r\n\r\nz\r\n--inner--"), .partEnd, .end,
            ]
        ),
        // Robustness M05.
        Fixture(name: "only the close delimiter", boundary: "b", wire: "--b--\r\n", events: [.end]),
        Fixture(name: "empty message", boundary: "b", wire: "", events: [.end]),
        Fixture(name: "preamble then close", boundary: "b", wire: "x\r\n--b--", events: [.end]),
        Fixture(
            name: "header values: whitespace trimmed, obs-text kept",
            boundary: "b",
            wire: "--b\r\nA:\t v \t\r\nB:\r\nC: caf\u{e9}\r\n\r\n\r\n--b--",
            events: [
                .partBegin(
                    MultipartPartHead(
                        headers: ["A": "v", "B": "", "C": "caf\u{e9}"],
                        rawHeaders: Array("A:\t v \t\r\nB:\r\nC: caf\u{e9}\r\n".utf8)
                    )
                ),
                .partEnd, .end,
            ]
        ),
    ]

    @Test(arguments: fixtures)
    func parsesFixturesIdenticallyHoweverChunked(fixture: Fixture) {
        let message = Array(fixture.wire.utf8)
        for chunking in Chunking.all(for: message) {
            let outcome = parse(message, boundary: fixture.boundary, chunking: chunking)
            #expect(outcome == ParseOutcome(events: fixture.events, error: nil), "\(chunking)")
        }
    }

    @Test func partHeadsExposeDisposition() throws {
        let wire = "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"../../x\"\r\n"
            + "Content-Type: image/png\r\n\r\n\r\n--b--"
        let parts = try MultipartParser.parts(of: Array(wire.utf8), boundary: "b")
        #expect(parts.count == 1)
        #expect(parts[0].head.name == "f")
        #expect(parts[0].head.filename == "../../x")
        #expect(parts[0].head.contentType == "image/png")
        #expect(parts[0].head.contentDisposition?.type == "form-data")
        #expect(parts[0].head.isFile)
        #expect(parts[0].body == [])
    }

    @Test(arguments: [
        ("form-data; name=\"a\"", false), ("form-data; name=\"a\"; filename=\"\"", true),
        ("form-data; name=a; filename*=UTF-8''x", true), ("form-data; name=\"filename\"", false),
    ])
    func filePartsHaveAFilenameParameter(disposition: String, isFile: Bool) {
        let head = MultipartPartHead(headers: ["Content-Disposition": disposition], rawHeaders: [])
        #expect(head.isFile == isFile)
        #expect(!MultipartPartHead(headers: [:], rawHeaders: []).isFile)
    }

    /// Robustness M21: names in ISO-8859-1 or invalid UTF-8 parse without failing; the raw bytes stay.
    @Test func invalidUTF8InHeadersIsKeptRaw() throws {
        var message = Array("--b\r\nContent-Disposition: form-data; name=\"".utf8)
        message += [0xE4, 0xFF, 0xC3]
        message += Array("\"\r\n\r\nv\r\n--b--".utf8)
        let parts = try MultipartParser.parts(of: message, boundary: "b")
        #expect(parts[0].head.rawHeaders == Array(message[5..<(message.count - 10)]))
        #expect(parts[0].head.name == "\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(parts[0].body == Array("v".utf8))
    }

    /// Robustness M14: unusual file names are reported as written.
    @Test(arguments: [
        "../../x", "..\\..\\x", "C:\\boot.ini", "a\u{0}.txt", "%00", "", ".", "a/b/c",
        String(repeating: "n", count: 3000),
    ])
    func fileNamesComeBackRaw(filename: String) throws {
        var form = MultipartFormData(boundary: "b")
        form.appendPart(fileData: [1], name: "f", filename: filename, mimeType: "a/b")
        if filename.utf8.contains(0) {
            #expect(throws: MultipartParserError.self) {
                try MultipartParser.parts(of: try form.encodedBytes(), boundary: "b")
            }
        } else {
            let parts = try MultipartParser.parts(of: try form.encodedBytes(), boundary: "b")
            #expect(parts[0].head.filename == filename)
        }
    }

    struct ErrorCase: CustomStringConvertible, Sendable {
        var name: String
        var wire: [UInt8]
        var error: MultipartParserError
        var events: [MultipartEvent] = []
        var description: String { name }
    }

    static let errorCases: [ErrorCase] = [
        // M04
        ErrorCase(
            name: "end inside a part",
            wire: Array("--b\r\nA: b\r\n\r\ndata".utf8),
            error: MultipartParserError(code: .missingFinalBoundary, value: "--b--", offset: 17),
            events: [.partBegin(head(("A", "b"))), body("data")]
        ),
        ErrorCase(
            name: "end inside headers",
            wire: Array("--b\r\nA: b\r\n".utf8),
            error: MultipartParserError(code: .missingFinalBoundary, value: "--b--", offset: 11)
        ),
        ErrorCase(
            name: "end after a held-back delimiter",
            wire: Array("--b\r\n\r\nx\r\n--b".utf8),
            error: MultipartParserError(code: .missingFinalBoundary, value: "--b--", offset: 13),
            events: [.partBegin(head([], raw: "")), body("x")]
        ),
        // M16: LF-only line endings are refused.
        ErrorCase(
            name: "LF-only boundary lines",
            wire: Array("--b\nA: b\n\nx\n--b--\n".utf8),
            error: MultipartParserError(code: .missingFinalBoundary, value: "--b--", offset: 18)
        ),
        ErrorCase(
            name: "LF-only header line",
            wire: Array("--b\r\nA: b\n\r\n".utf8),
            error: MultipartParserError(code: .invalidHeaderByte, value: "A: b", offset: 9)
        ),
        // M12
        ErrorCase(
            name: "continuation line",
            wire: Array("--b\r\n A: b\r\n\r\n--b--".utf8),
            error: MultipartParserError(code: .invalidHeaderByte, value: " A: b", offset: 5)
        ),
        ErrorCase(
            name: "obs-fold",
            wire: Array("--b\r\nA: b\r\n\tc\r\n\r\n--b--".utf8),
            error: MultipartParserError(code: .headerLineWithoutColon, value: "\tc", offset: 11)
        ),
        ErrorCase(
            name: "empty header name",
            wire: Array("--b\r\n: x\r\n\r\n--b--".utf8),
            error: MultipartParserError(code: .invalidHeaderByte, value: ": x", offset: 5)
        ),
        ErrorCase(
            name: "Content-Disposition with an unclosed quote",
            wire: Array("--b\r\ncontent-disposition: form-data; name=\"a\"; filename=\"x\r\n\r\n--b--".utf8),
            error: MultipartParserError(
                code: .unterminatedQuotedString, value: "content-disposition: form-data; name=\"a\"; filename=\"x", offset: 56)
        ),
        ErrorCase(
            name: "CR inside a header name",
            wire: Array("--b\r\nContent-\rDisposition: x\r\n\r\n--b--".utf8),
            error: MultipartParserError(code: .invalidHeaderByte, value: "Content-\r", offset: 13)
        ),
        ErrorCase(
            name: "bad header name byte",
            wire: Array("--b\r\nContent-<<<position: x\r\n\r\n--b--".utf8),
            error: MultipartParserError(code: .invalidHeaderByte, value: "Content-<<<position: x", offset: 13)
        ),
        ErrorCase(
            name: "space before the colon",
            wire: Array("--b\r\nA : x\r\n\r\n--b--".utf8),
            error: MultipartParserError(code: .invalidHeaderByte, value: "A : x", offset: 6)
        ),
        ErrorCase(
            name: "control byte in a value",
            wire: Array("--b\r\nA: x\u{0}y\r\n\r\n--b--".utf8),
            error: MultipartParserError(code: .invalidHeaderByte, value: "A: x\u{0}y", offset: 9)
        ),
        ErrorCase(
            name: "header line without colon",
            wire: Array("--b\r\nA: b\r\nnocolon\r\n\r\n--b--".utf8),
            error: MultipartParserError(code: .headerLineWithoutColon, value: "nocolon", offset: 11)
        ),
        // M15
        ErrorCase(
            name: "bad end of headers with CR",
            wire: Array("--b\r\nA: b\r\n\r\rQ".utf8),
            error: MultipartParserError(code: .badEndOfHeaders, value: "\r", offset: 11)
        ),
        ErrorCase(
            name: "bad end of headers with LF",
            wire: Array("--b\r\nA: b\r\n\nQ".utf8),
            error: MultipartParserError(code: .badEndOfHeaders, value: "", offset: 11)
        ),
        // A client that closed its body too early: the parts after the close are not dropped unseen.
        ErrorCase(
            name: "a part after the close delimiter",
            wire: Array("--b\r\n\r\nx\r\n--b--\r\n--b\r\n\r\ny\r\n--b--\r\n".utf8),
            error: MultipartParserError(code: .partAfterCloseDelimiter, value: "--b\r\n", offset: 17),
            events: [.partBegin(head([], raw: "")), body("x"), .partEnd, .end]
        ),
        ErrorCase(
            name: "a second close delimiter",
            wire: Array("--b--\r\n--b--".utf8),
            error: MultipartParserError(code: .partAfterCloseDelimiter, value: "--b--", offset: 7),
            events: [.end]
        ),
        ErrorCase(
            name: "padding followed by junk",
            wire: Array("--b\r\n\r\nx\r\n--b  z".utf8),
            error: MultipartParserError(code: .invalidBoundaryLine, value: "z", offset: 15),
            events: [.partBegin(head([], raw: "")), body("x"), .partEnd]
        ),
        ErrorCase(
            name: "padding CR without LF",
            wire: Array("--b \rz".utf8),
            error: MultipartParserError(code: .invalidBoundaryLine, value: "z", offset: 5)
        ),
    ]

    @Test(arguments: errorCases)
    func refusesBadMessagesWithExactOffsetsHoweverChunked(errorCase: ErrorCase) {
        for chunking in Chunking.all(for: errorCase.wire) {
            let outcome = parse(errorCase.wire, boundary: "b", chunking: chunking)
            #expect(outcome == ParseOutcome(events: errorCase.events, error: errorCase.error), "\(chunking)")
        }
    }

    @Test func errorsAreSticky() throws {
        var parser = try MultipartParser(boundary: "b")
        let error = MultipartParserError(code: .headerLineWithoutColon, value: "x", offset: 5)
        #expect(throws: error) { try parser.events(parsing: Array("--b\r\nx\r\n".utf8)) }
        #expect(throws: error) { try parser.events(parsing: Array("\r\n--b--".utf8)) }
        #expect(throws: error) { try parser.finishEvents() }
    }

    @Test func contentTypeInitialiser() throws {
        let parser = try MultipartParser(contentType: "multipart/form-data; boundary=\"Boundary+0123456789ABCDEF\"")
        #expect(parser.boundary == Self.af)
        #expect(throws: MultipartParserError(code: .invalidBoundaryCharacter, value: "a\rb", offset: 1)) {
            try MultipartParser(boundary: "a\rb")
        }
    }

    @Test func reportsProgress() throws {
        var parser = try MultipartParser(boundary: "b")
        _ = try parser.events(parsing: Array("--b\r\n\r\n".utf8))
        #expect(parser.bytesParsed == 7)
        #expect(!parser.isComplete)
        _ = try parser.events(parsing: Array("\r\n--b--trailing".utf8))
        #expect(parser.isComplete)
        #expect(parser.bytesParsed == 22)
    }
}
