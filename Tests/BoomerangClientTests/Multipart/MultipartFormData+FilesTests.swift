import BoomerangClient
import BoomerangSamples
import BoomerangSerialization
import BoomerangTesting
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The file adapter of the core's multipart form: file parts, writing a body to a file.
@Suite struct MultipartFormDataFilesTests {
    static let boundary = MultipartSamples.boundary
    static let url = "http://localhost:8080/post"
    private let url = Self.url
    private let boundary = Self.boundary

    @Test(arguments: [1, 7, 4096, 65536])
    func readsAFilePartThroughAnyBufferSize(bufferSize: Int) throws {
        let directory = try TemporaryDirectory()
        let fileBytes = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let path = try directory.file("data.bin", contents: fileBytes)
        var form = MultipartSamples.twoPartForm()
        try form.appendPart(filePath: path, name: "upload")
        var reader = form.makeReader()
        let bytes = try readAll(&reader, bufferSize: bufferSize)
        #expect(Int64(bytes.count) == form.contentLength)
        let parts = try MultipartParser.parts(of: bytes, boundary: form.boundary)
        #expect(parts.map(\.body) == [Array("bar".utf8), [0, 1, 2], fileBytes])
        #expect(parts[2].head.name == "upload")
        #expect(parts[2].head.filename == "data.bin")
        #expect(parts[2].head.contentType == "application/octet-stream")
    }

    @Test func aFailingFileAppendAbortsTheMultipartRequest() {
        let failure = MultipartFormDataError(code: .fileNotReachable, value: "/nonexistent/boomerang", systemError: ENOENT)
        #expect(throws: failure) {
            try HTTPRequestSerializer().multipartFormRequest(method: .post, url: url, parameters: nil) { form in
                try form.appendPart(filePath: "/nonexistent/boomerang", name: "f")
            }
        }
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

    @Test func writesTheBodyToAFile() throws {
        let directory = try TemporaryDirectory()
        let destination = directory.path + "/body"
        _ = try directory.file("body", contents: Array(repeating: 0x41, count: 10_000))
        let form = MultipartSamples.twoPartForm()
        let request = form.finalizing(HTTPRequest(method: .post, url: "http://x/"))
        let written = try MultipartFormData.writeBodyStream(of: request, toFile: destination)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: destination))) == Array(MultipartSamples.twoPartWire.utf8))
        #expect(written.headers == request.headers)
        #expect(written.headers["Content-Length"] == "\(MultipartSamples.twoPartWire.utf8.count)")
        guard case .none = written.body else {
            Issue.record("the returned request has no body")
            return
        }
        #expect(try form.writeBody(toFile: destination) == Int64(MultipartSamples.twoPartWire.utf8.count))
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

    @Test func writingTheStreamToAFileKeepsTheHeaders() throws {
        let request = try HTTPRequestSerializer().multipartFormRequest(
            method: .post, url: url, parameters: ["a": "1", "b": .data([1, 2, 3])], boundary: boundary
        )
        let expected = try bodyBytes(request)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try HTTPRequestSerializer().request(multipartFormRequest: request, writingStreamContentsToFile: path)
        #expect(written.body.knownLength == 0)
        #expect(written.headers == request.headers)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    @Test func writingARequestWithoutAStreamFails() throws {
        let request = try HTTPRequestSerializer().request(method: .post, url: url, parameters: ["a": "1"])
        #expect(throws: MultipartFormDataError(code: .noBodyStream, value: url)) {
            try HTTPRequestSerializer().request(multipartFormRequest: request, writingStreamContentsToFile: "/tmp/unused")
        }
    }

    private func bodyBytes(_ request: HTTPRequest) throws -> [UInt8] {
        guard case .stream(let stream) = request.body else { return [] }
        var reader = try stream.makeReader()
        return try readAll(&reader, bufferSize: 4096)
    }
}
