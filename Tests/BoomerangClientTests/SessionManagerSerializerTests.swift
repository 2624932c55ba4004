import BoomerangClient
import BoomerangSerialization
import BoomerangTesting
import BoomerangXML
import Foundation
import Testing

/// The response serializer decides success and failure; the request serializer can be swapped.
@Suite struct SessionManagerSerializerTests {
    @Test(arguments: ["plist", "binary-plist"])
    func propertyListResponses(format: String) async throws {
        let live = try LiveServer()
        let client = SessionManager(baseURL: live.url(""), responseSerializer: PropertyListResponseSerializer(
            base: HTTPResponseSerializer(acceptableContentTypes: ["application/x-plist", "application/x-bplist"])
        ))
        let reply = try await client.get("/anything", parameters: ["x-set-response-format": .string(format), "k": "v"])
        guard case .propertyList(let plist)? = reply.object else {
            Issue.record("expected a property list, got \(String(describing: reply.object))")
            return
        }
        #expect(plist["args"]?["k"]?.stringValue == "v")
    }

    @Test func xmlDocumentResponses() async throws {
        let live = try LiveServer()
        let client = SessionManager(baseURL: live.url(""), responseSerializer: XMLDocumentResponseSerializer())
        let reply = try await client.get("/anything", parameters: ["x-set-response-format": "xml"])
        guard case .xmlDocument(let bytes)? = reply.object else {
            Issue.record("expected an XML document, got \(String(describing: reply.object))")
            return
        }
        #expect(bytes == reply.data)
        #expect(reply.response.mimeType == "application/xml")
    }

    @Test func compoundTakesTheFirstSerializerThatSucceeds() async throws {
        let live = try LiveServer()
        let client = SessionManager(
            baseURL: live.url(""),
            responseSerializer: CompoundResponseSerializer([JSONResponseSerializer(), PropertyListResponseSerializer()])
        )
        let json = try await client.get("/anything")
        #expect(json.echo?["method"]?.stringValue == "GET")
        let plist = try await client.get("/anything", parameters: ["x-set-response-format": "plist"])
        guard case .propertyList(let value)? = plist.object else {
            Issue.record("expected a property list, got \(String(describing: plist.object))")
            return
        }
        #expect(value["method"]?.stringValue == "GET")
    }

    @Test func theHTTPSerializerAcceptsAnyContentTypeButChecksTheStatus() async throws {
        let live = try LiveServer()
        let client = SessionManager(baseURL: live.url(""), responseSerializer: HTTPResponseSerializer())
        let reply = try await client.get("/anything", parameters: ["x-set-response-content-type": "text/plain"])
        #expect(reply.object == .data(reply.data))
        let error = await #expect(throws: ClientError.self) {
            try await client.get("/anything", parameters: ["x-set-response-status-code": "404"])
        }
        #expect(error?.errorCode == -1011)
        #expect(error?.response?.statusCode == 404)
    }

    @Test func acceptableStatusCodesCanBeWidened() async throws {
        let live = try LiveServer()
        let client = SessionManager(
            baseURL: live.url(""),
            responseSerializer: HTTPResponseSerializer(acceptableStatusCodes: Set(200..<600))
        )
        let reply = try await client.get("/anything", parameters: ["x-set-response-status-code": "503"])
        #expect(reply.response.statusCode == 503)
    }

    @Test func theRequestSerializerCanBeSwapped() async throws {
        let live = try LiveServer()
        let client = SessionManager(baseURL: live.url(""))
        client.requestSerializer = JSONRequestSerializer()
        let reply = try await client.post("/anything", parameters: ["k": "v"])
        #expect(reply.echo?["json"]?["k"]?.stringValue == "v")
        #expect(reply.request.headers["Content-Type"] == "application/json")
    }

    @Test func aPostWithoutParametersSendsAnEmptyURLEncodedBody() async throws {
        let live = try LiveServer()
        let reply = try await SessionManager(baseURL: live.url("")).post("/anything")
        let raw = ClientEcho.headersRaw(reply.echo)
        #expect(raw.contains { $0 == ("Content-Type", "application/x-www-form-urlencoded") })
        #expect(raw.filter { $0.0.lowercased() == "content-length" }.map(\.1) == ["0"])
        #expect(reply.echo?["body"]?["size"] == .int(0))
    }

    @Test func aCallCancelledBeforeItStartsIsCancelled() async throws {
        let live = try LiveServer()
        let client = SessionManager(baseURL: live.url(""))
        let call = Task { try await client.get("/anything", parameters: ["x-set-response-delay-ms": "3000"]) }
        call.cancel()
        let result = await call.result
        guard case .failure(let error as ClientError) = result else {
            Issue.record("expected a ClientError, got \(result)")
            return
        }
        #expect(error.transportErrorCode == URLError.Code.cancelled.rawValue)
    }

    @Test func cancellingTheCallCancelsTheTask() async throws {
        let live = try LiveServer()
        let client = SessionManager(baseURL: live.url(""))
        let call = Task { try await client.get("/anything", parameters: ["x-set-response-delay-ms": "3000"]) }
        try await Task.sleep(for: .milliseconds(200))
        call.cancel()
        // Had the cancel not reached the task, the delayed echo would arrive as a success.
        let result = await call.result
        guard case .failure(let error as ClientError) = result else {
            Issue.record("expected a ClientError, got \(result)")
            return
        }
        #expect(error.code == .transport)
        #expect(error.transportErrorCode == URLError.Code.cancelled.rawValue)
    }
}
