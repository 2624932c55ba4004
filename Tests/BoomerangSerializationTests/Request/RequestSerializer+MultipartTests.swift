import BoomerangSerialization
import Foundation
import Testing

@Suite struct RequestSerializerMultipartTests {
    private static let boundary = "Boundary+0123456789ABCDEF"
    private static let url = "http://localhost:8080/post"

    private func serializer() -> HTTPRequestSerializer {
        HTTPRequestSerializer(languages: [], userAgent: nil)
    }

    private func body(_ request: HTTPRequest) throws -> [UInt8] {
        switch request.body {
        case .none: return []
        case .bytes(let bytes): return bytes
        case .stream(let stream):
            var reader = try stream.makeReader()
            var output: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { return output }
                output += buffer[..<count]
            }
        }
    }

    private func field(_ name: String, _ value: String, first: Bool) -> String {
        (first ? "" : "\r\n") + "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)"
    }

    @Test(arguments: ["GET", "HEAD"])
    func getAndHeadAreRefused(method: String) {
        #expect(throws: RequestSerializationError.multipartMethodNotAllowed(method)) {
            try serializer().multipartFormRequest(method: HTTPMethod(method), url: Self.url, parameters: nil)
        }
    }

    @Test(arguments: ["get", "head", "Get", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
    func otherSpellingsAreAccepted(method: String) throws {
        let request = try serializer().multipartFormRequest(
            method: HTTPMethod(method), url: Self.url, parameters: ["a": "1"], boundary: Self.boundary
        )
        #expect(request.method.rawValue == method)
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=\(Self.boundary)")
    }

    @Test func noPartsLeavesTheURLEncodedRequest() throws {
        let request = try serializer().multipartFormRequest(method: .post, url: Self.url, parameters: nil)
        #expect(request.headers.fields == [HTTPHeaders.Field(name: "Content-Type", value: "application/x-www-form-urlencoded")])
        #expect(try body(request) == [])
        guard case .bytes(let bytes) = request.body else {
            Issue.record("expected an in-memory empty body, got \(request.body)")
            return
        }
        #expect(bytes.isEmpty)
    }

    @Test func emptyParametersGiveNoParts() throws {
        let request = try serializer().multipartFormRequest(method: .post, url: Self.url, parameters: [:])
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test func jsonSerializerWithNoPartsHasNoBodyAndNoContentType() throws {
        let json = JSONRequestSerializer(base: serializer())
        let request = try json.multipartFormRequest(method: .post, url: Self.url, parameters: nil)
        #expect(request.headers.isEmpty)
        #expect(request.body.knownLength == 0)
    }

    /// Parameters and their parts, in order, as (name, value) pairs.
    static let parameterTable: [(QueryValue, [(String, String)])] = [
        (["b": "2", "a": "1"], [("a", "1"), ("b", "2")]),
        (["k": ["sub": "v", "a b": "x&y"]], [("k[a b]", "x&y"), ("k[sub]", "v")]),
        (["list": ["x", "y"]], [("list[]", "x"), ("list[]", "y")]),
        (["s": .set(["b", "a"])], [("s", "a"), ("s", "b")]),
        (["n": .null, "t": true, "f": false], [("f", "0"), ("n", ""), ("t", "1")]),
        (["i": 42, "d": 1.5, "w": 2.0], [("d", "1.5"), ("i", "42"), ("w", "2")]),
        (["u": "ä \"q\"\r\n"], [("u", "ä \"q\"\r\n")]),
        (["empty": [:], "e2": []], []),
    ]

    @Test(arguments: parameterTable.indices)
    func parametersBecomePartsInPairOrder(index: Int) throws {
        let (parameters, parts) = Self.parameterTable[index]
        let request = try serializer().multipartFormRequest(
            method: .post, url: Self.url, parameters: parameters, boundary: Self.boundary
        )
        guard !parts.isEmpty else {
            #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
            return
        }
        var expected = ""
        for (offset, part) in parts.enumerated() {
            expected += field(part.0, part.1, first: offset == 0)
        }
        expected += "\r\n--\(Self.boundary)--\r\n"
        let bytes = try body(request)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(request.headers["Content-Length"] == String(Array(expected.utf8).count))
        #expect(request.body.knownLength == Int64(bytes.count))
    }

    @Test func dataValuesAreRawBytes() throws {
        let raw: [UInt8] = [0, 0xFF, 13, 10, 0x80]
        let request = try serializer().multipartFormRequest(
            method: .post, url: Self.url, parameters: ["blob": .data(raw)], boundary: Self.boundary
        )
        let prefix = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"blob\"\r\n\r\n".utf8)
        let suffix = Array("\r\n--\(Self.boundary)--\r\n".utf8)
        #expect(try body(request) == prefix + raw + suffix)
    }

    @Test func blockPartsFollowParametersAndMultipartHeadersOverride() throws {
        let base = serializer()
        base.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        base.setValue("yes", forHTTPHeaderField: "X-Default")
        let request = try base.multipartFormRequest(
            method: .put, url: Self.url, parameters: ["a": "1"], boundary: Self.boundary
        ) { form in
            form.appendPart(fileData: Array("hi".utf8), name: "f", filename: "f.txt", mimeType: "text/plain")
        }
        let expected = field("a", "1", first: true)
            + "\r\n--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nhi\r\n--\(Self.boundary)--\r\n"
        #expect(String(decoding: try body(request), as: UTF8.self) == expected)
        #expect(request.headers.fields == [
            HTTPHeaders.Field(name: "Content-Type", value: "multipart/form-data; boundary=\(Self.boundary)"),
            HTTPHeaders.Field(name: "X-Default", value: "yes"),
            HTTPHeaders.Field(name: "Content-Length", value: String(expected.utf8.count)),
        ])
    }

    @Test func aThrowingBlockAbortsTheRequest() {
        let failure = MultipartFormDataError(code: .fileNotReachable, value: "/nonexistent/boomerang", systemError: ENOENT)
        var blockRan = false
        #expect(throws: failure) {
            try serializer().multipartFormRequest(method: .post, url: Self.url, parameters: nil) { form in
                blockRan = true
                form.appendPart(formData: [1], name: "before")
                throw failure
            }
        }
        #expect(blockRan)
    }

    @Test func propertiesAreCopiedFromTheSerializer() throws {
        let base = serializer()
        base.properties.timeoutInterval = 7
        let request = try base.multipartFormRequest(method: .post, url: Self.url, parameters: ["a": "1"])
        #expect(request.properties.timeoutInterval == 7)
    }
}
