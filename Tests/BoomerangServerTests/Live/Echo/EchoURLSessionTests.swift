import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The echo reports exactly what URLSession sent; multipart bodies are built with the core's
/// multipart writer, as a client using Boomerang's serializers would.
@Suite struct EchoURLSessionTests {
    private func send(_ request: URLRequest) async throws -> [String: Any]? {
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    @Test func nestedQuery() async throws {
        let live = try LiveServer()
        let echo = try await send(URLRequest(url: live.url("/get?" + EchoFixtures.query)))
        #expect(EchoFixtures.checkQueryEcho(echo) == [])
    }

    @Test func urlencodedPost() async throws {
        let live = try LiveServer()
        var request = URLRequest(url: live.url("/post"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("greeting=hello%20world%20%26%20more&list%5B%5D=1&list%5B%5D=2".utf8)
        let echo = try await send(request)
        let form = echo?["form"] as? [String: Any]
        #expect(form?["greeting"] as? String == "hello world & more")
        #expect(form?["list[]"] as? [String] == ["1", "2"])
    }

    @Test func jsonPost() async throws {
        let live = try LiveServer()
        var request = URLRequest(url: live.url("/post"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(EchoFixtures.jsonBody)
        let echo = try await send(request)
        #expect((echo?["json"] as? [String: Any])?["nested"] as? [String: String] == ["k": "v"])
    }

    @Test func propertyListPost() async throws {
        let live = try LiveServer()
        var request = URLRequest(url: live.url("/post"))
        request.httpMethod = "POST"
        request.setValue("application/x-plist", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(EchoFixtures.plistBody)
        let echo = try await send(request)
        #expect((echo?["plist"] as? [String: Any])?["items"] as? [String] == ["a", "b"])
    }

    @Test func multipartWithABinaryFile() async throws {
        let live = try LiveServer { $0.maxInlinePartBytes = 1 << 20 }
        var form = MultipartFormData()
        form.appendPart(formData: Array("value".utf8), name: "field")
        form.appendPart(fileData: EchoFixtures.binaryFile, name: "file", filename: "blob.bin", mimeType: "application/octet-stream")
        var request = URLRequest(url: live.url("/post"))
        request.httpMethod = "POST"
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(try form.encodedBytes())
        let echo = try await send(request)
        #expect(EchoFixtures.checkMultipartEcho(echo) == [])
        #expect((echo?["multipart"] as? [String: Any])?["boundary"] as? String == form.boundary)
    }

    @Test func responseFormatsByAcceptHeader() async throws {
        let live = try LiveServer()
        for (accept, contentType) in [
            ("application/x-plist", "application/x-plist"), ("application/x-bplist", "application/x-bplist"),
            ("application/xml", "application/xml"), ("*/*", "application/json"), ("text/html;q=0.9, application/json;q=0.1", "application/json"),
        ] {
            var request = URLRequest(url: live.url("/get?x=1"))
            request.setValue(accept, forHTTPHeaderField: "Accept")
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == contentType, "Accept: \(accept)")
            if contentType.contains("plist") {
                let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
                #expect((plist?["args"] as? [String: String]) == ["x": "1"])
            }
        }
        var refused = URLRequest(url: live.url("/get"))
        refused.setValue("image/png", forHTTPHeaderField: "Accept")
        let (_, response) = try await URLSession.shared.data(for: refused)
        #expect((response as? HTTPURLResponse)?.statusCode == 406)
    }
}
