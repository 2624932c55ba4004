import BoomerangClient
import BoomerangSamples
import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

/// Every call goes through a real Boomerang server started in-process; the echo reports what
/// arrived on the wire.
@Suite struct SessionManagerTests {
    private static let parameters: QueryValue = ["a": "1", "b": ["2", "3"], "c": ["d": "x y"]]

    private func manager(
        _ live: LiveServer,
        requestSerializer: any RequestSerializer = HTTPRequestSerializer(languages: [], userAgent: "boomerang-tests"),
        responseSerializer: any ResponseSerializer = JSONResponseSerializer(),
        threshold: Int64 = SessionManager.defaultMaxInMemoryMultipartBytes
    ) -> SessionManager {
        SessionManager(
            baseURL: live.url(""),
            requestSerializer: requestSerializer,
            responseSerializer: responseSerializer,
            maxInMemoryMultipartBytes: threshold
        )
    }

    @Test(arguments: ["GET", "POST", "PUT", "PATCH", "DELETE"])
    func everyMethodRoundTripsThroughTheEcho(method: String) async throws {
        let live = try LiveServer()
        let client = manager(live)
        let reply: ClientResponse
        switch method {
        case "GET": reply = try await client.get("/anything", parameters: Self.parameters)
        case "POST": reply = try await client.post("/anything", parameters: Self.parameters)
        case "PUT": reply = try await client.put("/anything", parameters: Self.parameters)
        case "PATCH": reply = try await client.patch("/anything", parameters: Self.parameters)
        default: reply = try await client.delete("/anything", parameters: Self.parameters)
        }
        #expect(reply.response.statusCode == 200)
        #expect(reply.request.method.rawValue == method)
        #expect(reply.echo?["method"]?.stringValue == method)
        let inQuery = method == "GET" || method == "DELETE"
        let encoded = "a=1&b%5B%5D=2&b%5B%5D=3&c%5Bd%5D=x%20y"
        #expect(reply.request.url == live.baseURL + "/anything" + (inQuery ? "?" + encoded : ""))
        let fields = inQuery ? reply.echo?["args"] : reply.echo?["form"]
        #expect(fields?["a"]?.stringValue == "1")
        #expect(fields?["b[]"] == .array([.string("2"), .string("3")]))
        #expect(fields?["c[d]"]?.stringValue == "x y")
        if !inQuery {
            #expect(reply.echo?["body"]?["size"] == .int(Int64(encoded.utf8.count)))
            #expect(ClientEcho.headersRaw(reply.echo).contains { $0 == ("Content-Type", "application/x-www-form-urlencoded") })
        }
    }

    @Test func headSendsTheQueryAndGetsNoBody() async throws {
        let live = try LiveServer()
        let reply = try await manager(live).head("/anything", parameters: ["q": "a b"])
        #expect(reply.response.statusCode == 200)
        #expect(reply.request.url == live.baseURL + "/anything?q=a%20b")
        #expect(reply.response.url == reply.request.url)
        #expect(reply.data.isEmpty)
        #expect(reply.object == nil)
    }

    @Test func perCallHeadersReplaceTheSerializers() async throws {
        let live = try LiveServer()
        let reply = try await manager(live).get("/anything", headers: ["user-agent": "per-call", "X-Extra": "1"])
        let raw = ClientEcho.headersRaw(reply.echo)
        #expect(raw.filter { $0.0.lowercased() == "user-agent" }.map(\.1) == ["per-call"])
        #expect(raw.contains { $0 == ("X-Extra", "1") })
    }

    @Test func jsonBody() async throws {
        let live = try LiveServer()
        let client = manager(live, requestSerializer: JSONRequestSerializer(base: HTTPRequestSerializer(languages: [], userAgent: nil)))
        let reply = try await client.post("/anything", parameters: ["name": "boomerang", "list": [1, 2.5, true, .null], "path": "a/b"])
        #expect(reply.echo?["json"]?["name"]?.stringValue == "boomerang")
        #expect(reply.echo?["json"]?["list"] == .array([.int(1), .double(2.5), .bool(true), .null]))
        #expect(reply.echo?["json"]?["path"]?.stringValue == "a/b")
        #expect(reply.echo?["body"]?["size"] == .int(Int64(#"{"list":[1,2.5,true,null],"name":"boomerang","path":"a\/b"}"#.utf8.count)))
        #expect(ClientEcho.headersRaw(reply.echo).contains { $0 == ("Content-Type", "application/json") })
    }

    @Test(arguments: [PropertyListRequestSerializer.Format.xml, .binary])
    func propertyListBody(format: PropertyListRequestSerializer.Format) async throws {
        let live = try LiveServer()
        let serializer = PropertyListRequestSerializer(base: HTTPRequestSerializer(languages: [], userAgent: nil), format: format)
        let reply = try await manager(live, requestSerializer: serializer).put("/anything", parameters: ["count": 3, "items": ["a", "b"]])
        #expect(reply.echo?["plist"]?["items"] == .array([.string("a"), .string("b")]))
        #expect(reply.echo?["plist"]?["count"] == .int(3))
    }

    @Test(arguments: [SessionManager.defaultMaxInMemoryMultipartBytes, 0])
    func multipartWithAFileReportsItsExactHashAndSize(threshold: Int64) async throws {
        let live = try LiveServer()
        let bytes = SplitMix64.bytes(300 * 1024 + 7, seed: 0xC11E_4700)
        let file = try ClientEcho.TemporaryFile(name: "blob.bin", bytes: bytes)
        let client = manager(live, threshold: threshold)
        let log = ProgressLog()
        let reply = try await client.post(
            "/anything",
            parameters: ["field": "value", "n": 7],
            constructingBody: { form in try form.appendPart(filePath: file.path, name: "file") },
            progress: log.handler
        )
        let parts = reply.echo?["multipart"]?["parts"]?.arrayValue ?? []
        #expect(parts.map { $0["name"]?.stringValue } == ["field", "n", "file"])
        #expect(reply.echo?["form"]?["field"]?.stringValue == "value")
        let filePart = parts.last
        #expect(filePart?["filename"]?.stringValue == "blob.bin")
        #expect(filePart?["contentType"]?.stringValue == "application/octet-stream")
        #expect(filePart?["size"] == .int(Int64(bytes.count)))
        #expect(filePart?["sha256"]?.stringValue == ClientEcho.sha256(bytes))
        #expect(reply.echo?["multipart"]?["complete"] == .bool(true))
        let raw = ClientEcho.headersRaw(reply.echo)
        let length = try #require(reply.request.headers["Content-Length"])
        #expect(raw.filter { $0.0.lowercased() == "content-length" }.map(\.1) == [length])
        #expect(!raw.contains { $0.0.lowercased() == "transfer-encoding" })
        #expect(reply.echo?["body"]?["size"] == .int(Int64(length)!))
        let uploads = log.reports(.upload)
        #expect(uploads.last == TransferProgress(direction: .upload, completedBytes: Int64(length)!, totalBytes: Int64(length)!))
        #expect(uploads.last?.fractionCompleted == 1)
    }

    @Test func temporaryUploadFilesAreRemoved() async throws {
        let live = try LiveServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("client-uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = SessionManager(baseURL: live.url(""), maxInMemoryMultipartBytes: 0, temporaryDirectory: directory)
        let reply = try await client.post("/anything", constructingBody: { form in
            form.appendPart(formData: Array("x".utf8), name: "x")
        })
        #expect(reply.echo?["multipart"]?["parts"]?.arrayValue?.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
        let failing = SessionManager(
            baseURL: URL(string: "http://127.0.0.1:\(LoopbackSocket.closedPort())")!,
            maxInMemoryMultipartBytes: 0,
            temporaryDirectory: directory
        )
        _ = try? await failing.post("/anything", constructingBody: { form in
            form.appendPart(formData: Array("x".utf8), name: "x")
        })
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }

    @Test func downloadProgressReachesTheWholeBody() async throws {
        let live = try LiveServer()
        let log = ProgressLog()
        let client = manager(live, responseSerializer: HTTPResponseSerializer())
        let reply = try await client.post("/anything", parameters: ["big": .string(String(repeating: "x", count: 200_000))], progress: log.handler)
        #expect(reply.data.count > 200_000)
        let downloads = log.reports(.download)
        #expect(downloads.last?.completedBytes == Int64(reply.data.count))
        #expect(downloads.count > 1)
        #expect(downloads.last?.fractionCompleted == 1)
        #expect(downloads.map(\.completedBytes) == downloads.map(\.completedBytes).sorted())
    }

    @Test func anUnacceptableStatusThrowsWithTheSerializerError() async throws {
        let live = try LiveServer()
        let error = await #expect(throws: ClientError.self) {
            try await manager(live).get("/get", parameters: ["x-set-response-status-code": "500"])
        }
        #expect(error?.code == .responseSerialization)
        #expect(error?.errorCode == -1011)
        #expect(error?.domain == "com.alamofire.error.serialization.response")
        #expect(error?.serializationError?.code == .unacceptableStatusCode)
        #expect(error?.response?.statusCode == 500)
        #expect(error?.data?.isEmpty == false)
        if case .json(let echo)? = error?.object {
            #expect(echo["args"]?["x-set-response-status-code"]?.stringValue == "500")
        } else {
            Issue.record("the JSON body should be decoded despite the status: \(String(describing: error?.object))")
        }
    }

    @Test func anUnacceptableContentTypeThrows() async throws {
        let live = try LiveServer()
        let error = await #expect(throws: ClientError.self) {
            try await manager(live).get("/anything", parameters: ["x-set-response-content-type": "text/plain"])
        }
        #expect(error?.code == .responseSerialization)
        #expect(error?.errorCode == -1016)
        #expect(error?.response?.statusCode == 200)
    }

    @Test func aRequestSerializationErrorFailsBeforeAnythingIsSent() async throws {
        let closed = URL(string: "http://127.0.0.1:\(LoopbackSocket.closedPort())")!
        let client = SessionManager(baseURL: closed, requestSerializer: JSONRequestSerializer())
        let refused = await #expect(throws: ClientError.self) {
            try await client.post("/post", parameters: ["x": 1.5])
        }
        #expect(refused?.code == .transport)
        #expect(refused?.transportErrorCode == URLError.Code.cannotConnectToHost.rawValue)
        let invalid = await #expect(throws: ClientError.self) {
            try await client.post("/post", parameters: ["x": .double(.nan)])
        }
        #expect(invalid?.code == .requestSerialization)
        #expect(invalid?.errorCode == -1016)
        #expect(invalid?.domain == "com.alamofire.error.serialization.request")
        #expect(invalid?.requestSerializationError?.code == .invalidJSONParameters)
        #expect(invalid?.response == nil)
    }

    @Test func aPartThatCannotBeAddedFailsBeforeAnythingIsSent() async throws {
        let closed = URL(string: "http://127.0.0.1:\(LoopbackSocket.closedPort())")!
        let error = await #expect(throws: ClientError.self) {
            try await SessionManager(baseURL: closed).post("/post", constructingBody: { form in
                try form.appendPart(filePath: "/nonexistent/boomerang-file", name: "f")
            })
        }
        #expect(error?.code == .multipartBody)
        #expect(error?.errorCode == -1000)
        #expect(error?.multipartError?.code == .fileNotReachable)
    }

    @Test func relativePathsResolveAgainstTheBaseURLsDirectory() async throws {
        let live = try LiveServer()
        let client = SessionManager(baseURL: live.url("/anything"))
        let nested = try await client.get("v1/x")
        #expect(nested.echo?["url"]?.stringValue == live.baseURL + "/anything/v1/x")
        let rooted = try await client.get("/get")
        #expect(rooted.echo?["url"]?.stringValue == live.baseURL + "/get")
    }
}
