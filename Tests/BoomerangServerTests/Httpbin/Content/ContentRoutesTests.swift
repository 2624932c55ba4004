import BoomerangSerialization
import BoomerangTesting
import BoomerangXML
import Foundation
import Testing

@Suite struct ContentRoutesTests {
    @Test(arguments: [
        ("/html", "text/html; charset=utf-8"), ("/xml", "application/xml"), ("/json", "application/json"),
        ("/robots.txt", "text/plain; charset=utf-8"), ("/deny", "text/plain; charset=utf-8"),
        ("/encoding/utf8", "text/html; charset=utf-8"), ("/forms/post", "text/html; charset=utf-8"), ("/uuid", "application/json"),
    ])
    func documents(path: String, contentType: String) throws {
        let server = InProcessServer()
        let response = try server.fetch(path)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == contentType)
        #expect(!response.body.isEmpty)
    }

    @Test func documentsParse() throws {
        let server = InProcessServer()
        let json = try server.fetch("/json").json
        #expect((json?["slideshow"] as? [String: Any])?["slides"] is [Any])
        let xml = try server.fetch("/xml").body
        #expect(throws: Never.self) { try XMLWellFormedness().check(xml) }
        let uuid = try #require(try server.fetch("/uuid").json?["uuid"] as? String)
        #expect(UUID(uuidString: uuid) != nil)
        #expect(uuid.dropFirst(14).first == "4")
    }

    @Test func base64() throws {
        let server = InProcessServer()
        let connection = server.connect()
        #expect(try connection.request("/base64/aGVsbG8gd29ybGQ=").text == "hello world")
        #expect(try connection.request("/base64/P_8-").body == [0x3F, 0xFF, 0x3E])
        #expect(try connection.request("/base64/decode/aGk").text == "hi")
        #expect(try connection.request("/base64/encode/%3F%3F%3E").text == "Pz8-")
        #expect(try connection.request("/base64/not%20base64!").status == 400)
        #expect(try connection.request("/base64/upside/abc").status == 400)
        #expect(try connection.request("/get").status == 200)
    }

    @Test(arguments: [
        ("image/webp", "image/webp"), ("image/svg+xml", "image/svg+xml"), ("image/jpeg", "image/jpeg"), ("image/png", "image/png"),
        ("image/*", "image/png"), (nil, "image/png"),
    ])
    func imageByAccept(accept: String?, type: String) throws {
        let server = InProcessServer()
        let response = try server.fetch("/image", headers: accept.map { [("Accept", $0)] } ?? [])
        #expect(response.header("Content-Type") == type)
    }

    @Test func imageKinds() throws {
        let server = InProcessServer()
        let connection = server.connect()
        let png = try connection.request("/image/png").body
        #expect(try ImageHeaderReader.read(png).format == .png)
        let jpeg = try connection.request("/image/jpeg").body
        let info = try ImageHeaderReader.read(jpeg)
        #expect(info.format == .jpeg && info.width == 1 && info.height == 1)
        #expect(try ImageHeaderReader.read(try connection.request("/image/webp").body).format == .webp)
        #expect(try connection.request("/image/svg").text.contains("<svg"))
        #expect(try connection.request("/image/gif").status == 404)
        let refused = try connection.request("/image", headers: [("Accept", "text/plain")])
        #expect(refused.status == 406)
        #expect(refused.json?["accept"] is [String])
    }
}
