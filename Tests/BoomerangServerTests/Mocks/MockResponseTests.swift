import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangMocks
@testable import BoomerangServer

/// What a mapping answers with: status, headers, the body kinds, templates, the echo, the
/// catalogue, delays, dribble and faults.
@Suite struct MockResponseTests {
    @Test func statusHeadersAndTheBodyKinds() throws {
        let folder = try MappingFolder([
            "bodies.yaml": """
                mappings:
                  - request: { urlPath: /text }
                    response: { status: 201, headers: { X-One: "1", Retry-After: 5, X-Many: [a, b], Content-Length: 999 }, body: plain text }
                  - request: { urlPath: /json }
                    response: { jsonBody: { list: [1, 2], ok: true } }
                  - request: { urlPath: /base64 }
                    response: { base64Body: "AAEC/w==", headers: { Content-Type: application/octet-stream } }
                  - request: { urlPath: /file }
                    response: { bodyFileName: nested/data.txt, headers: { Content-Type: text/plain } }
                """
        ])
        try FileManager.default.createDirectory(at: folder.files.appending(path: "nested"), withIntermediateDirectories: true)
        try folder.writeFile("nested/data.txt", "from a file\n")
        let server = folder.serveInProcess()
        let text = try server.call("GET", "/text")
        #expect(text.status == 201)
        #expect(text.text == "plain text")
        #expect(text.header("X-One") == "1")
        #expect(text.header("Retry-After") == "5")
        #expect(text.headers("X-Many") == ["a", "b"])
        #expect(text.headers("Content-Length") == ["10"], "the framing is the server's")
        #expect(text.header("Content-Security-Policy") == nil, "a fixed body is the author's own page")
        let json = try server.call("GET", "/json")
        #expect(json.header("Content-Type") == "application/json")
        #expect(json.json?["ok"] as? Bool == true)
        #expect(try server.call("GET", "/base64").body == [0, 1, 2, 255])
        #expect(try server.call("GET", "/file").text == "from a file\n")
    }

    @Test func aBodyFileOutsideTheFilesFolderIsRefusedWithItsLine() throws {
        let folder = try MappingFolder([
            "escape.yaml": "request: { urlPath: /x }\nresponse:\n  bodyFileName: ../mappings/escape.yaml\n"
        ])
        let server = folder.serveInProcess()
        let list = try server.mappingList()
        let errors = try #require(list["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["line"] as? Int == 3)
        #expect((errors.first?["message"] as? String)?.contains("bodyFileName") == true)
        #expect(try server.call("GET", "/x").status == 404)
    }

    @Test func templatesReadPathParametersQueryHeadersMethodURLAndJSONFields() throws {
        let folder = try MappingFolder([
            "template.yaml": """
                request: { urlPathTemplate: "/users/{id}/posts/{post}" }
                response:
                  headers: { X-Echo-Id: "{{request.pathParameters.id}}" }
                  body: >-
                    {{request.method}} {{request.url}} id={{request.pathParameters.id}} post={{request.pathParameters.post}}
                    q={{request.query.q}} agent={{request.headers.x-agent}} name={{request.json.user.name}}
                    {{#request.json.tags}}[{{.}}]{{/request.json.tags}}
                  transformers: [response-template]
                """
        ])
        let server = folder.serveInProcess()
        let response = try server.call(
            "POST", "/users/7/posts/9?q=a%20b", headers: [("X-Agent", "<tester>")], body: #"{"user": {"name": "Ada"}, "tags": ["x", "y"]}"#)
        #expect(response.header("X-Echo-Id") == "7")
        #expect(response.header("Content-Security-Policy") != nil, "a template reflects the request: a browser must not run it")
        #expect(response.text == "POST /users/7/posts/9?q=a%20b id=7 post=9 q=a b agent=<tester> name=Ada [x][y]")
    }

    /// `{{request.id}}` is the id the echo and the history report: the client's `X-Request-ID`
    /// when it sent one.
    @Test func theTemplatesRequestIDIsTheClientsWhenItSentOne() throws {
        let folder = try MappingFolder([
            "id.yaml": "request: { urlPath: /id }\nresponse:\n  body: \"id={{request.id}}\"\n  transformers: [response-template]\n"
        ])
        let server = folder.serveInProcess()
        #expect(try server.call("GET", "/id", headers: [("X-Request-ID", "client-42")]).text == "id=client-42")
        let generated = try server.call("GET", "/id").text
        #expect(generated.hasPrefix("id=") && generated.count > "id=".count && generated != "id=client-42")
        #expect(try server.lastEntry().string("requestId") == String(generated.dropFirst(3)))
    }

    @Test func aBrokenTemplateIsALoadErrorWithItsLine() throws {
        let folder = try MappingFolder([
            "bad.yaml": "request: { urlPath: /x }\nresponse:\n  body: \"{{#open}} never closed\"\n  transformers: [response-template]\n"
        ])
        let server = folder.serveInProcess()
        let errors = try #require(try server.mappingList()["errors"] as? [[String: Any]])
        #expect(errors.first?["line"] as? Int == 3)
        #expect((errors.first?["text"] as? String)?.contains("bad.yaml:3: response.body: not a valid template") == true, "\(errors)")
    }

    @Test func theEchoInAFormatAndACatalogueScenario() throws {
        let folder = try MappingFolder([
            "echo.yaml": """
                mappings:
                  - request: { urlPath: /as-plist }
                    response: { echo: plist, status: 202, headers: { X-Mock: "yes" } }
                  - request: { urlPath: /as-scenario }
                    response: { catalogueScenario: json-200-acceptable-valid }
                """
        ])
        let server = folder.serveInProcess()
        let plist = try server.call("POST", "/as-plist", body: "a=1")
        #expect(plist.status == 202)
        #expect(plist.header("Content-Type") == "application/x-plist")
        #expect(plist.header("X-Mock") == "yes")
        #expect(plist.text.contains("<plist"))
        #expect(plist.text.contains("a=1"))
        let scenario = try server.call("GET", "/as-scenario")
        let expected = try server.fetch("/scenarios/json-200-acceptable-valid")
        #expect(scenario.status == expected.status)
        #expect(scenario.body == expected.body)
        #expect(scenario.header("Content-Type") == expected.header("Content-Type"))
    }

    @Test func aMappingsEchoRefusesAMultipartTypeWithoutBoundaryBeforeTheBody() throws {
        let folder = try MappingFolder([
            "echo.yaml": """
                mappings:
                  - request: { urlPath: /upload }
                    response: { echo: json, status: 201 }
                """
        ])
        let server = folder.serveInProcess()
        // A 100 MiB body announced and none of it sent: the answer comes from the head alone.
        let connection = server.connect()
        try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data\r\nContent-Length: \(100 << 20)\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 400)
        #expect(response.errorCode == "missingBoundary")
        #expect(response.header("Connection") == "close")
        #expect(connection.closedByServer())
        // A well-formed one still gets the mapping's echo.
        let body = "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--b--\r\n"
        let good = try server.fetch("POST", "/upload", headers: [("Content-Type", "multipart/form-data; boundary=b")], body: Array(body.utf8))
        #expect(good.status == 201)
        #expect((good.json?["form"] as? [String: Any])?["a"] as? String == "1")
        // A body that breaks off keeps the strict 400: the mapping's 201 would hide the client's bug.
        let broken = try server.fetch("POST", "/upload", headers: [("Content-Type", "multipart/form-data; boundary=b")],
            body: Array("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1".utf8))
        #expect(broken.status == 400)
        #expect(broken.errorCode != nil)
    }

    @Test func anUnknownCatalogueScenarioIsALoadError() throws {
        let folder = try MappingFolder(["s.yaml": "request: { urlPath: /s }\nresponse: { catalogueScenario: no-such-thing }\n"])
        let errors = MappingValidator.validate(directory: folder.mappings.path).errors
        #expect(errors.map(\.line) == [2])
        #expect(errors.first?.message.contains("no-such-thing") == true)
    }

    @Test func faultsBreakTheConnection() throws {
        let folder = try MappingFolder([
            "faults.yaml": """
                mappings:
                  - { request: { urlPath: /reset }, response: { fault: CONNECTION_RESET_BY_PEER } }
                  - { request: { urlPath: /empty }, response: { fault: EMPTY_RESPONSE } }
                  - { request: { urlPath: /chunk }, response: { fault: MALFORMED_RESPONSE_CHUNK } }
                  - { request: { urlPath: /random }, response: { fault: RANDOM_DATA_THEN_CLOSE } }
                """
        ])
        let server = folder.serveInProcess()
        for path in ["/reset", "/empty"] {
            let connection = server.connect()
            try connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect((try? connection.readResponse()) == nil, "\(path) gives no response")
        }
        let chunk = server.connect()
        try chunk.send("GET /chunk HTTP/1.1\r\nHost: x\r\n\r\n")
        // The size line is not hexadecimal: the body cannot be read, and the bytes show why.
        let broken = try #require(try chunk.readResponse())
        #expect(broken.header("Transfer-Encoding") == "chunked")
        #expect(!broken.isComplete)
        #expect(broken.raw[broken.headText.utf8.count...].starts(with: Array("Z\r\n".utf8)))
        let random = server.connect()
        try random.send("GET /random HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect((try? random.readResponse()).flatMap { $0 } == nil, "random bytes are not an HTTP response")
    }

    @Test func chunkedDribbleSendsTheWholeBodyInPieces() throws {
        let body = String(repeating: "0123456789", count: 10)
        let folder = try MappingFolder([
            "dribble.yaml": "request: { urlPath: /slow }\nresponse:\n  body: \"\(body)\"\n  chunkedDribbleDelay: { numberOfChunks: 5, totalDuration: 200 }\n"
        ])
        let server = folder.serveInProcess()
        let response = try server.call("GET", "/slow")
        #expect(response.status == 200)
        #expect(response.text == body)
        #expect(response.header("Content-Length") == "100")
    }

    @Test func delaysAreCappedByTheServersLimit() throws {
        let folder = try MappingFolder([
            "delay.yaml": """
                mappings:
                  - { request: { urlPath: /fixed }, response: { body: late, fixedDelayMilliseconds: 600000 } }
                  - { request: { urlPath: /uniform }, response: { body: later, delayDistribution: { type: uniform, lower: 1, upper: 5 } } }
                """
        ])
        let server = folder.serveInProcess { $0.maxResponseDelayMilliseconds = 10 }
        #expect(try server.call("GET", "/fixed").text == "late")
        #expect(try server.call("GET", "/uniform").text == "later")
    }

    @Test func dribbleSplitsTheBodyEvenly() {
        var stream = DribbleStream(body: Array(repeating: 1, count: 10), chunks: 3, totalMilliseconds: 100)
        var pieces: [Int] = []
        var now: UInt64 = 0
        var waits = 0
        loop: while true {
            switch stream.next(now: now) {
            case .bytes(let bytes): pieces.append(bytes.count)
            case .wait(let until):
                waits += 1
                now = until ?? now
            case .end: break loop
            case .fault: Issue.record("no fault expected")
                break loop
            }
        }
        #expect(pieces == [3, 3, 4])
        #expect(waits == 2)
        #expect(now == 100_000_000)
        #expect(stream.contentLength == 10)
    }
}
