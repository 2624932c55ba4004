import BoomerangSamples
import BoomerangSerialization
import Testing

@Suite struct HTTPRequestWriterTests {
    let writer = HTTPRequestWriter()

    func text(_ request: HTTPRequest, writer: HTTPRequestWriter = HTTPRequestWriter()) throws -> String {
        String(decoding: try writer.message(for: request), as: UTF8.self)
    }

    @Test func writesAGetExactly() throws {
        let request = HTTPRequest(method: .get, url: "http://example.com/search?q=a%20b&n=1#top", headers: ["Accept": "*/*", "X-B": "2"])
        #expect(try text(request) == "GET /search?q=a%20b&n=1 HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\nX-B: 2\r\n\r\n")
        #expect(try writer.head(for: request) == Array(try text(request).utf8))
    }

    @Test(arguments: [
        ("http://example.com", "/", "example.com"),
        ("http://example.com?x=1", "/?x=1", "example.com"),
        ("http://example.com:8080/a/", "/a/", "example.com:8080"),
        ("http://example.com:80/a", "/a", "example.com"),
        ("https://example.com:443/a?b#frag", "/a?b", "example.com"),
        ("https://example.com:80/", "/", "example.com:80"),
        ("HTTPS://Example.COM:8443/A", "/A", "Example.COM:8443"),
        ("http://user:pw@host:81/p", "/p", "host:81"),
        ("http://[::1]:8080/", "/", "[::1]:8080"),
        ("http://[::1]/x", "/x", "[::1]"),
        ("http://h:/x", "/x", "h"),
        ("ws://h:80/socket", "/socket", "h"),
        ("http://h#only-fragment", "/", "h"),
    ])
    func derivesTargetAndHostFromTheURL(url: String, target: String, host: String) throws {
        #expect(try text(HTTPRequest(method: .get, url: url)) == "GET \(target) HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    }

    @Test func keepsAHostThatIsAlreadyThereInPlace() throws {
        let request = HTTPRequest(method: .get, url: "http://a/", headers: ["Accept": "x", "host": "b:1"])
        #expect(try text(request) == "GET / HTTP/1.1\r\nAccept: x\r\nhost: b:1\r\n\r\n")
    }

    @Test(arguments: [
        (HTTPMethod.get, ""), (.delete, ""), (.head, ""), (.options, ""),
        (.post, "Content-Length: 0\r\n"), (.put, "Content-Length: 0\r\n"), (.patch, "Content-Length: 0\r\n"),
    ])
    func noBody(method: HTTPMethod, framing: String) throws {
        let request = HTTPRequest(method: method, url: "http://h/")
        #expect(try text(request) == "\(method) / HTTP/1.1\r\nHost: h\r\n\(framing)\r\n")
    }

    @Test func bytesBodyGetsContentLength() throws {
        let request = HTTPRequest(method: .post, url: "http://h/", headers: ["Content-Type": "text/plain"], body: .bytes(Array("hi".utf8)))
        #expect(try text(request) == "POST / HTTP/1.1\r\nHost: h\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi")
        let empty = HTTPRequest(method: .get, url: "http://h/", body: .bytes([]))
        #expect(try text(empty) == "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func streamOfKnownLengthGetsContentLength() throws {
        let request = HTTPRequest(method: .put, url: "http://h/f", body: .stream(.memory(Array("abcdef".utf8), declaring: 6, maxPiece: 4)))
        #expect(try text(request) == "PUT /f HTTP/1.1\r\nHost: h\r\nContent-Length: 6\r\n\r\nabcdef")
    }

    @Test func streamOfUnknownLengthIsChunkedInBoundedPieces() throws {
        let body = Array("0123456789ABCDEFGHIJ".utf8)
        let request = HTTPRequest(method: .post, url: "http://h/u", body: .stream(.memory(body, declaring: nil)))
        let expected = "POST /u HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "8\r\n01234567\r\n8\r\n89ABCDEF\r\n4\r\nGHIJ\r\n0\r\n\r\n"
        #expect(try text(request, writer: HTTPRequestWriter(bodyChunkSize: 8)) == expected)
    }

    @Test func chunkSizesAreHexadecimal() throws {
        let body = [UInt8](repeating: 0x61, count: 300)
        let request = HTTPRequest(method: .post, url: "http://h/", body: .stream(.memory(body, declaring: nil)))
        let bytes = try HTTPRequestWriter(bodyChunkSize: 1000).message(for: request)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n12C\r\naaa"))
    }

    @Test func explicitFramingHeadersAreKept() throws {
        let withLength = HTTPRequest(method: .post, url: "http://h/", headers: ["Content-Length": "2"], body: .bytes(Array("hi".utf8)))
        #expect(try text(withLength) == "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi")
        let chunked = HTTPRequest(method: .post, url: "http://h/", headers: ["Transfer-Encoding": "chunked"], body: .bytes(Array("hi".utf8)))
        #expect(try text(chunked) == "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n")
        let chunkedEmpty = HTTPRequest(method: .post, url: "http://h/", headers: ["Transfer-Encoding": "chunked"])
        #expect(try text(chunkedEmpty) == "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
    }

    @Test func aGigabyteStreamIsWrittenWithBoundedMemory() throws {
        struct Zeros: BodyReader {
            var remaining: Int64
            mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                let count = Int(min(Int64(buffer.count), remaining))
                remaining -= Int64(count)
                return count
            }
        }
        let size: Int64 = 1 << 30
        let request = HTTPRequest(method: .post, url: "http://h/big", body: .stream(BodyStream(length: nil) { Zeros(remaining: size) }))
        var total: Int64 = 0
        var largest = 0
        try HTTPRequestWriter(bodyChunkSize: 1 << 20).write(request) { bytes in
            total += Int64(bytes.count)
            largest = max(largest, bytes.count)
        }
        #expect(largest == 1 << 20)
        let head = "POST /big HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n".utf8.count
        #expect(total == Int64(head) + size + 1024 * Int64("100000\r\n\r\n".utf8.count) + 5)
    }

    @Test func declaredLengthMustMatchTheStream() {
        let request = HTTPRequest(method: .post, url: "http://h/", body: .stream(.memory(Array("abc".utf8), declaring: 5)))
        #expect(throws: HTTPWriteError(code: .bodyLengthMismatch, value: "declared 5, read 3")) {
            try writer.message(for: request)
        }
    }

    @Test(arguments: [
        (HTTPRequest(method: .get, url: "/relative"), HTTPWriteError(code: .invalidURL, value: "/relative")),
        (HTTPRequest(method: .get, url: "http://"), HTTPWriteError(code: .invalidURL, value: "http://")),
        (HTTPRequest(method: .get, url: "http://a b/"), HTTPWriteError(code: .invalidURL, value: "http://a b/")),
        (HTTPRequest(method: .get, url: "http://h/a b"), HTTPWriteError(code: .invalidURL, value: "http://h/a b")),
        (HTTPRequest(method: .get, url: "http://h/caf\u{E9}"), HTTPWriteError(code: .invalidURL, value: "http://h/caf\\xc3\\xa9")),
        (HTTPRequest(method: .get, url: "http://h:8x/"), HTTPWriteError(code: .invalidURL, value: "http://h:8x/")),
        (HTTPRequest(method: .get, url: "1http://h/"), HTTPWriteError(code: .invalidURL, value: "1http://h/")),
        (HTTPRequest(method: HTTPMethod("GE T"), url: "http://h/"), HTTPWriteError(code: .invalidMethod, value: "GE T")),
        (HTTPRequest(method: HTTPMethod(""), url: "http://h/"), HTTPWriteError(code: .invalidMethod, value: "")),
        (HTTPRequest(method: .get, url: "http://h/", headers: ["Bad Name": "v"]), HTTPWriteError(code: .invalidHeaderName, value: "Bad Name")),
        (HTTPRequest(method: .get, url: "http://h/", headers: ["X": "a\r\nEvil: 1"]), HTTPWriteError(code: .invalidHeaderValue, value: "a\\r\\nEvil: 1")),
        (HTTPRequest(method: .get, url: "http://h/", headers: ["X": "a\u{0}"]), HTTPWriteError(code: .invalidHeaderValue, value: "a\\x00")),
    ] as [(HTTPRequest, HTTPWriteError)])
    func refusesWhatCannotBeWritten(request: HTTPRequest, expected: HTTPWriteError) {
        #expect(throws: expected) { try writer.head(for: request) }
    }
}
