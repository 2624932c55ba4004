import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangEcho
@testable import BoomerangServer

@Suite struct BytesRoutesTests {
    @Test func bytesAreRepeatableWithASeed() throws {
        let server = InProcessServer()
        let connection = server.connect()
        let first = try connection.request("/bytes/1000?seed=7")
        #expect(first.body.count == 1000)
        #expect(first.header("Content-Type") == "application/octet-stream")
        #expect(try connection.request("/bytes/1000?seed=7").body == first.body)
        #expect(try connection.request("/bytes/1000?seed=8").body != first.body)
        #expect(try connection.request("/bytes/0").body.isEmpty)
    }

    /// Above 64 KiB the bytes are made while they are sent: the same bytes, under Content-Length.
    @Test func largeBytesAreStreamedWithTheSameBytesAndLength() throws {
        let server = InProcessServer()
        let connection = server.connect()
        var generator = SeededGenerator(seed: 7)
        let expected = generator.bytes(200_003)
        let large = try connection.request("/bytes/200003?seed=7")
        #expect(large.status == 200)
        #expect(large.header("Content-Length") == "200003")
        #expect(large.header("Transfer-Encoding") == nil)
        #expect(large.header("Content-Type") == "application/octet-stream")
        #expect(large.body == expected)
        let whole = try connection.request("/bytes/65536?seed=7")
        let streamed = try connection.request("/bytes/65537?seed=7")
        #expect(whole.body == Array(expected.prefix(65536)))
        #expect(streamed.body == Array(expected.prefix(65537)))
    }

    @Test func rangeHonoursRangeHeaders() throws {
        let server = InProcessServer()
        let connection = server.connect()
        let whole = try connection.request("/range/30")
        #expect(whole.status == 200)
        #expect(whole.text == "abcdefghijklmnopqrstuvwxyzabcd")
        #expect(whole.header("ETag") == "range30")
        #expect(whole.header("Accept-Ranges") == "bytes")
        let part = try connection.request("/range/30", headers: [("Range", "bytes=26-")])
        #expect(part.status == 206)
        #expect(part.text == "abcd")
        #expect(part.header("Content-Range") == "bytes 26-29/30")
        let none = try connection.request("/range/30", headers: [("Range", "bytes=40-50")])
        #expect(none.status == 416)
        #expect(none.header("Content-Range") == "bytes */30")
        let many = try connection.request("/range/30", headers: [("Range", "bytes=0-1, 3-4")])
        #expect(many.status == 206)
        let type = try #require(many.header("Content-Type"))
        #expect(type.hasPrefix("multipart/byteranges; boundary="))
        #expect(many.text.contains("Content-Range: bytes 0-1/30\r\n\r\nab\r\n"))
        #expect(many.text.contains("Content-Range: bytes 3-4/30\r\n\r\nde\r\n"))
    }

    @Test func linksPage() throws {
        let server = InProcessServer()
        let page = try server.fetch("/links/3/1")
        #expect(page.text == "<html><head><title>Links</title></head><body><a href='/links/3/0'>0</a> 1 <a href='/links/3/2'>2</a> </body></html>")
    }

    @Test(arguments: [
        ("/bytes/10000000000", nil), ("/bytes/10485761", nil), ("/bytes/-1", nil), ("/bytes/1e9", nil), ("/bytes/10?seed=abc", nil),
        ("/range/0", nil), ("/range/10485761", nil), ("/range/10?duration=x", nil), ("/range/10?chunk_size=0", nil),
        ("/range/100", String(repeating: "0-0,", count: 999) + "0-0"), ("/links/100000/0", nil), ("/links/257", nil),
        ("/links/5/-1", nil), ("/delay/abc", nil), ("/delay/-1", nil), ("/delay/inf", nil),
    ])
    func limitsAre400NamingTheParameter(target: String, range: String?) throws {
        let server = InProcessServer()
        let connection = server.connect()
        let response = try connection.request(target, headers: range.map { [("Range", "bytes=" + $0)] } ?? [])
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidParameter")
        let message = (response.json?["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(["n ", "seed", "duration", "chunk_size", "Range", "offset"].contains { message.hasPrefix($0) }, "\(message)")
        #expect(try connection.request("/get").status == 200)
    }
}
