import BoomerangSerialization
import Foundation
import Synchronization
import Testing

@Suite struct MultipartFormDataTests {
    static let boundary = "Boundary+0123456789ABCDEF"

    static func twoPartForm() -> MultipartFormData {
        var form = MultipartFormData(boundary: boundary)
        form.appendPart(formData: Array("bar".utf8), name: "foo")
        form.appendPart(fileData: [0, 1, 2], name: "file", filename: "a.bin", mimeType: "application/octet-stream")
        return form
    }

    static let twoPartWire = """
        --Boundary+0123456789ABCDEF\r
        Content-Disposition: form-data; name="foo"\r
        \r
        bar\r
        --Boundary+0123456789ABCDEF\r
        Content-Disposition: form-data; name="file"; filename="a.bin"\r
        Content-Type: application/octet-stream\r
        \r
        \u{0}\u{1}\u{2}\r
        --Boundary+0123456789ABCDEF--\r

        """

    @Test func writesGoldenBytes() throws {
        let form = Self.twoPartForm()
        #expect(try form.encodedBytes() == Array(wire: Self.twoPartWire))
        #expect(form.contentLength == Int64(Self.twoPartWire.utf8.count))
        #expect(form.contentType == "multipart/form-data; boundary=Boundary+0123456789ABCDEF")
    }

    /// Serialization spec §1.6.4: 29 (initial) + 46 (header block) + 3 (body) + 33 (final).
    @Test func computesTheLengthBeforeWriting() {
        var form = MultipartFormData(boundary: Self.boundary)
        #expect(form.contentLength == 0)
        form.appendPart(formData: Array("bar".utf8), name: "foo")
        #expect(form.contentLength == 111)
        form.appendPart(formData: [], name: "n")
        // + 31 (encapsulation) + 44 (header block) + 0
        #expect(form.contentLength == 186)
    }

    @Test func writesHeadersOfEveryAppendForm() throws {
        var form = MultipartFormData(boundary: "B")
        form.appendPart(headers: ["X-B": "2", "X-A": "1"], body: Array("x".utf8))
        form.appendPart(headers: [:], body: [])
        form.appendPart(
            stream: BodyStream(length: 2) { BytesReader(bytes: Array("st".utf8)) },
            name: "s",
            filename: "s.bin",
            length: 2,
            mimeType: "text/plain"
        )
        form.appendPart(formData: [], name: "q\"uote\r\nX")
        let expected = """
            --B\r
            X-B: 2\r
            X-A: 1\r
            \r
            x\r
            --B\r
            \r
            \r
            --B\r
            Content-Disposition: form-data; name="s"; filename="s.bin"\r
            Content-Type: text/plain\r
            \r
            st\r
            --B\r
            Content-Disposition: form-data; name="q"uote\r
            X"\r
            \r
            \r
            --B--\r

            """
        #expect(try form.encodedBytes() == Array(wire: expected))
        #expect(form.contentLength == Int64(expected.utf8.count))
    }

    @Test(arguments: [1, 2, 7, 64, 4096, 65536])
    func readsIdenticallyThroughAnyBufferSize(bufferSize: Int) throws {
        let directory = try TemporaryDirectory()
        var generator = SplitMix64(seed: 42)
        let fileBytes = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = try directory.file("data.bin", contents: fileBytes)
        var form = Self.twoPartForm()
        try form.appendPart(filePath: path, name: "upload")
        form.appendPart(
            stream: BodyStream(length: 5) { BytesReader(bytes: Array("12345".utf8)) },
            name: "s",
            filename: "f",
            length: 5,
            mimeType: "text/plain"
        )
        var reader = form.makeReader()
        let bytes = try readAll(&reader, bufferSize: bufferSize)
        var reference = form.makeReader()
        #expect(bytes == (try readAll(&reference, bufferSize: 100_000)))
        #expect(Int64(bytes.count) == form.contentLength)
        #expect(reader.bytesRead == form.contentLength)
        let parts = try MultipartParser.parts(of: bytes, boundary: form.boundary)
        #expect(parts.map(\.body) == [Array("bar".utf8), [0, 1, 2], fileBytes, Array("12345".utf8)])
        #expect(parts[2].head.name == "upload")
        #expect(parts[2].head.filename == "data.bin")
        #expect(parts[2].head.contentType == "application/octet-stream")
    }

    @Test func bodyStreamsAreFreshEachTime() throws {
        let stream = Self.twoPartForm().makeBodyStream()
        #expect(stream.length == Int64(Self.twoPartWire.utf8.count))
        var first = try stream.makeReader()
        var second = try stream.makeReader()
        #expect(try readAll(&first, bufferSize: 10) == Array(wire: Self.twoPartWire))
        #expect(try readAll(&second, bufferSize: 3) == Array(wire: Self.twoPartWire))
    }

    @Test func finalizingSetsTypeLengthAndStream() throws {
        let original = HTTPRequest(
            method: .post,
            url: "http://localhost/post",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "*/*"]
        )
        let empty = MultipartFormData(boundary: Self.boundary).finalizing(original)
        #expect(empty.headers == original.headers)
        guard case .none = empty.body else {
            Issue.record("an empty form leaves the body alone")
            return
        }
        let request = Self.twoPartForm().finalizing(original)
        #expect(
            request.headers.fields == [
                .init(name: "Content-Type", value: "multipart/form-data; boundary=Boundary+0123456789ABCDEF"),
                .init(name: "Accept", value: "*/*"),
                .init(name: "Content-Length", value: "\(Self.twoPartWire.utf8.count)"),
            ]
        )
        guard case .stream(let stream) = request.body else {
            Issue.record("the body is a stream")
            return
        }
        var reader = try stream.makeReader()
        #expect(try readAll(&reader, bufferSize: 64) == Array(wire: Self.twoPartWire))
    }

    @Test func fileURLPartsTakeNameAndTypeFromThePath() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("cert.cer", contents: Array("CERT".utf8))
        var form = MultipartFormData(boundary: "B")
        try form.appendPart(fileURL: URL(fileURLWithPath: path), name: "c")
        try form.appendPart(fileURL: URL(fileURLWithPath: path), name: "d", filename: "x.y", mimeType: "a/b")
        #expect(
            form.parts.map(\.headers) == [
                [
                    "Content-Disposition": "form-data; name=\"c\"; filename=\"cert.cer\"",
                    "Content-Type": "application/x-x509-ca-cert",
                ],
                ["Content-Disposition": "form-data; name=\"d\"; filename=\"x.y\"", "Content-Type": "a/b"],
            ]
        )
        #expect(form.parts.map(\.bodyLength) == [4, 4])
        let parts = try MultipartParser.parts(of: try form.encodedBytes(), boundary: "B")
        #expect(parts.map(\.body) == [Array("CERT".utf8), Array("CERT".utf8)])
    }

    @Test func badFileURLsAreAFNetworkingErrors() throws {
        var form = MultipartFormData(boundary: "B")
        let http = try #require(URL(string: "http://example.com/a.txt"))
        let notFile = #expect(throws: MultipartFormDataError(code: .notAFileURL, value: "http://example.com/a.txt")) {
            try form.appendPart(fileURL: http, name: "f")
        }
        #expect(notFile?.domain == "com.alamofire.error.serialization.request")
        #expect(notFile?.errorCode == -1000)
        #expect(notFile?.failureReason == "Expected URL to be a file URL")
        let missing = "/nonexistent-boomerang/file.txt"
        let unreachable = #expect(
            throws: MultipartFormDataError(code: .fileNotReachable, value: missing, systemError: ENOENT)
        ) {
            try form.appendPart(fileURL: URL(fileURLWithPath: missing), name: "f")
        }
        #expect(unreachable?.errorCode == -1000)
        #expect(unreachable?.failureReason == "File URL not reachable.")
        #expect(form.parts.isEmpty)
    }

    @Test func theFileSizeIsTakenWhenThePartIsAppended() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("f.txt", contents: Array("abc".utf8))
        var form = MultipartFormData(boundary: "B")
        try form.appendPart(filePath: path, name: "f")
        #expect(form.parts[0].bodyLength == 3)
        let headerEnd: Int64 = 5 + 88
        _ = try directory.file("f.txt", contents: Array("abcdef".utf8))
        #expect(throws: MultipartFormDataError(code: .bodyLongerThanDeclared, value: path, offset: headerEnd + 3)) {
            try form.encodedBytes()
        }
        _ = try directory.file("f.txt", contents: Array("a".utf8))
        #expect(throws: MultipartFormDataError(code: .bodyShorterThanDeclared, value: path, offset: headerEnd + 1)) {
            try form.encodedBytes()
        }
        try FileManager.default.removeItem(atPath: path)
        #expect(
            throws: MultipartFormDataError(code: .fileOpenFailed, value: path, offset: headerEnd, systemError: ENOENT)
        ) {
            try form.encodedBytes()
        }
    }

    @Test func aDirectoryFailsWhenRead() throws {
        let directory = try TemporaryDirectory()
        var form = MultipartFormData(boundary: "B")
        try form.appendPart(filePath: directory.path, name: "d", filename: "d", mimeType: "x/y")
        #expect(form.parts[0].bodyLength > 0)
        let error = #expect(throws: MultipartFormDataError.self) { try form.encodedBytes() }
        #expect(error?.code == .fileReadFailed)
        #expect(error?.systemError == EISDIR)
    }

    @Test func streamsMustMatchTheirDeclaredLength() {
        for (bytes, code) in [
            ("ab", MultipartFormDataError.Code.bodyShorterThanDeclared), ("abcd", .bodyLongerThanDeclared),
        ] {
            var form = MultipartFormData(boundary: "B")
            form.appendPart(
                stream: BodyStream(length: 3) { BytesReader(bytes: Array(bytes.utf8)) },
                name: "s",
                filename: "f",
                length: 3,
                mimeType: "t/p"
            )
            let disposition = "form-data; name=\"s\"; filename=\"f\""
            let offset: Int64 = 5 + 77 + Int64(min(bytes.count, 3))
            #expect(throws: MultipartFormDataError(code: code, value: disposition, offset: offset)) {
                try form.encodedBytes()
            }
        }
    }

    @Test func throttlingLimitsReadsAndSleepsAfterEachChunkOfAPart() throws {
        let sleeps = Mutex<[Double]>([])
        var form = MultipartFormData(boundary: Self.boundary)
        form.appendPart(formData: Array("bar".utf8), name: "foo")
        form.throttleBandwidth(packetSize: 10, delay: 0.5)
        form.sleep = { seconds in sleeps.withLock { $0.append(seconds) } }
        var reader = form.makeReader()
        var sizes: [Int] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            sizes.append(count)
        }
        #expect(sizes == Array(repeating: 10, count: 11) + [1])
        #expect(sleeps.withLock { $0 } == Array(repeating: 0.5, count: 12))

        var two = Self.twoPartForm()
        two.throttleBandwidth(packetSize: 1000, delay: 0.25)
        sleeps.withLock { $0 = [] }
        two.sleep = { seconds in sleeps.withLock { $0.append(seconds) } }
        var twoReader = two.makeReader()
        #expect(try readAll(&twoReader, bufferSize: 4096) == Array(wire: Self.twoPartWire))
        // One read crossing both parts: a sleep after each part.
        #expect(sleeps.withLock { $0 } == [0.25, 0.25])
        // A read that starts at the end of an empty body reads nothing from that part: no sleep for it.
        var empty = MultipartFormData(boundary: "B")
        empty.appendPart(formData: [], name: "a")
        empty.appendPart(formData: Array("x".utf8), name: "b")
        empty.throttleBandwidth(packetSize: 49, delay: 1)
        sleeps.withLock { $0 = [] }
        empty.sleep = { seconds in sleeps.withLock { $0.append(seconds) } }
        var emptyReader = empty.makeReader()
        var emptySizes: [Int] = []
        while true {
            let count = try buffer.withUnsafeMutableBytes { try emptyReader.read(into: $0) }
            if count == 0 { break }
            emptySizes.append(count)
        }
        #expect(emptySizes == [49, 49, 12])
        #expect(sleeps.withLock { $0 } == [1, 1, 1])
        #expect(MultipartFormData.suggestedPacketSize3G == 16384)
        #expect(MultipartFormData.suggestedDelay3G == 0.2)
    }

    @Test func writesTheBodyToAFile() throws {
        let directory = try TemporaryDirectory()
        let destination = directory.path + "/body"
        _ = try directory.file("body", contents: Array(repeating: 0x41, count: 10_000))
        let form = Self.twoPartForm()
        let request = form.finalizing(HTTPRequest(method: .post, url: "http://x/"))
        let written = try MultipartFormData.writeBodyStream(of: request, toFile: destination)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: destination))) == Array(wire: Self.twoPartWire))
        #expect(written.headers == request.headers)
        #expect(written.headers["Content-Length"] == "\(Self.twoPartWire.utf8.count)")
        guard case .none = written.body else {
            Issue.record("the returned request has no body")
            return
        }
        #expect(try form.writeBody(toFile: destination) == Int64(Self.twoPartWire.utf8.count))
        #expect(throws: MultipartFormDataError(code: .noBodyStream, value: "http://x/")) {
            try MultipartFormData.writeBodyStream(of: HTTPRequest(method: .post, url: "http://x/"), toFile: destination)
        }
        let nowhere = directory.path + "/missing/dir/body"
        #expect(throws: MultipartFormDataError(code: .destinationOpenFailed, value: nowhere, systemError: ENOENT)) {
            try form.writeBody(toFile: nowhere)
        }
    }

    /// A sparse file of a few MiB streams from disk and comes back intact; the 1 GiB case is in
    /// the benchmark (`swift run -c release BoomerangBenchmarks multipart-write-memory`).
    @Test func streamsASparseFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/sparse.bin"
        let size = 4 << 20
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, off_t(size - 4)) == 0)
        #expect(pwrite(descriptor, "TAIL", 4, off_t(size - 4)) == 4)
        close(descriptor)
        var form = MultipartFormData(boundary: Self.boundary)
        try form.appendPart(filePath: path, name: "big")
        for bufferSize in [65536, 4093] {
            var reader = form.makeReader()
            var parser = try MultipartParser(boundary: Self.boundary)
            var bodyCount = 0
            var nonZero: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: bufferSize)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { break }
                try parser.parse(Array(buffer[..<count])) { event in
                    if case .body(let bytes) = event {
                        bodyCount += bytes.count
                        nonZero += bytes.filter { $0 != 0 }
                    }
                }
            }
            try parser.finish { _ in }
            #expect(bodyCount == size)
            #expect(nonZero == Array("TAIL".utf8))
            #expect(reader.bytesRead == form.contentLength)
        }
    }

    @Test func pathComponents() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(".hidden", contents: [1])
        var form = MultipartFormData(boundary: "B")
        try form.appendPart(filePath: path, name: "h")
        #expect(form.parts[0].headers["Content-Type"] == "application/octet-stream")
        #expect(form.parts[0].headers["Content-Disposition"] == "form-data; name=\"h\"; filename=\".hidden\"")
    }
}
