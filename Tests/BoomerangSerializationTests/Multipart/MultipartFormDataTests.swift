import BoomerangRuntime
import BoomerangSamples
import BoomerangSerialization
import Foundation
import Testing

@Suite struct MultipartFormDataTests {
    static let boundary = MultipartSamples.boundary

    @Test func writesGoldenBytes() throws {
        let form = MultipartSamples.twoPartForm()
        #expect(try form.encodedBytes() == Array(wire: MultipartSamples.twoPartWire))
        #expect(form.contentLength == Int64(MultipartSamples.twoPartWire.utf8.count))
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
        var generator = SplitMix64(seed: 42)
        let fileBytes = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var form = MultipartSamples.twoPartForm()
        form.appendPart(
            stream: BodyStream(length: 20_000) { BytesReader(bytes: fileBytes, maxPiece: 4093) },
            name: "upload",
            filename: "data.bin",
            length: 20_000,
            mimeType: "application/octet-stream"
        )
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
        let stream = MultipartSamples.twoPartForm().makeBodyStream()
        #expect(stream.length == Int64(MultipartSamples.twoPartWire.utf8.count))
        var first = try stream.makeReader()
        var second = try stream.makeReader()
        #expect(try readAll(&first, bufferSize: 10) == Array(wire: MultipartSamples.twoPartWire))
        #expect(try readAll(&second, bufferSize: 3) == Array(wire: MultipartSamples.twoPartWire))
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
        let request = MultipartSamples.twoPartForm().finalizing(original)
        #expect(
            request.headers.fields == [
                .init(name: "Content-Type", value: "multipart/form-data; boundary=Boundary+0123456789ABCDEF"),
                .init(name: "Accept", value: "*/*"),
                .init(name: "Content-Length", value: "\(MultipartSamples.twoPartWire.utf8.count)"),
            ]
        )
        guard case .stream(let stream) = request.body else {
            Issue.record("the body is a stream")
            return
        }
        var reader = try stream.makeReader()
        #expect(try readAll(&reader, bufferSize: 64) == Array(wire: MultipartSamples.twoPartWire))
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

    @Test func throttlingLimitsReadsAndPausesAfterEachChunkOfAPart() throws {
        let pauses = Locked<[Double]>([])
        var form = MultipartFormData(boundary: Self.boundary)
        form.appendPart(formData: Array("bar".utf8), name: "foo")
        let record: @Sendable (Double) -> Void = { seconds in pauses.withLock { $0.append(seconds) } }
        form.throttleBandwidth(packetSize: 10, delay: 0.5, pause: record)
        var reader = form.makeReader()
        var sizes: [Int] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            sizes.append(count)
        }
        #expect(sizes == Array(repeating: 10, count: 11) + [1])
        #expect(pauses.withLock { $0 } == Array(repeating: 0.5, count: 12))

        var two = MultipartSamples.twoPartForm()
        two.throttleBandwidth(packetSize: 1000, delay: 0.25, pause: record)
        pauses.withLock { $0 = [] }
        var twoReader = two.makeReader()
        #expect(try readAll(&twoReader, bufferSize: 4096) == Array(wire: MultipartSamples.twoPartWire))
        // One read crossing both parts: a pause after each part.
        #expect(pauses.withLock { $0 } == [0.25, 0.25])
        // A read that starts at the end of an empty body reads nothing from that part: no pause for it.
        var empty = MultipartFormData(boundary: "B")
        empty.appendPart(formData: [], name: "a")
        empty.appendPart(formData: Array("x".utf8), name: "b")
        empty.throttleBandwidth(packetSize: 49, delay: 1, pause: record)
        pauses.withLock { $0 = [] }
        var emptyReader = empty.makeReader()
        var emptySizes: [Int] = []
        while true {
            let count = try buffer.withUnsafeMutableBytes { try emptyReader.read(into: $0) }
            if count == 0 { break }
            emptySizes.append(count)
        }
        #expect(emptySizes == [49, 49, 12])
        #expect(pauses.withLock { $0 } == [1, 1, 1])
        #expect(MultipartFormData.suggestedPacketSize3G == 16384)
        #expect(MultipartFormData.suggestedDelay3G == 0.2)
        // Unthrottled, nothing is called and a read crosses parts.
        var plain = MultipartSamples.twoPartForm().makeReader()
        #expect(try readAll(&plain, bufferSize: 4096) == Array(wire: MultipartSamples.twoPartWire))
        #expect(MultipartSamples.twoPartForm().pause == nil)
    }

    /// A stream's own `MultipartFormDataError` (what the client's file reader throws) keeps its
    /// code, value and errno and gains the offset; other errors become `streamReadFailed`.
    @Test func streamErrorsKeepTheirCodeAndGainTheOffset() {
        let disposition = "form-data; name=\"s\"; filename=\"f\""
        let headerEnd: Int64 = 5 + 77
        let opening = MultipartFormDataError(code: .fileOpenFailed, value: "/p", systemError: 2)
        let reading = MultipartFormDataError(code: .fileReadFailed, value: "/p", systemError: 21)
        let cases: [(BodyStream, MultipartFormDataError)] = [
            (
                BodyStream(length: 3) { () throws(MultipartFormDataError) -> any BodyReader in throw opening },
                MultipartFormDataError(code: .fileOpenFailed, value: "/p", offset: headerEnd, systemError: 2)
            ),
            (
                BodyStream(length: 3) { FailingReader(error: reading) },
                MultipartFormDataError(code: .fileReadFailed, value: "/p", offset: headerEnd, systemError: 21)
            ),
            (
                BodyStream(length: 3) { FailingReader(error: BrokenSource()) },
                MultipartFormDataError(code: .streamReadFailed, value: disposition, offset: headerEnd, underlying: "broken")
            ),
        ]
        for (stream, expected) in cases {
            var form = MultipartFormData(boundary: "B")
            form.appendPart(stream: stream, name: "s", filename: "f", length: 3, mimeType: "t/p")
            #expect(throws: expected) { try form.encodedBytes() }
        }
    }

    /// A stream with an origin (a file's path) is named by it in length errors.
    @Test func aStreamOriginNamesLengthErrors() {
        var form = MultipartFormData(boundary: "B")
        form.appendPart(
            stream: BodyStream(length: 3, origin: "/data/f.txt") { BytesReader(bytes: Array("ab".utf8)) },
            name: "s",
            filename: "f",
            length: 3,
            mimeType: "t/p"
        )
        let expected = MultipartFormDataError(code: .bodyShorterThanDeclared, value: "/data/f.txt", offset: 5 + 77 + 2)
        #expect(throws: expected) { try form.encodedBytes() }
    }
}

/// An error that is not the form's own.
private struct BrokenSource: Error, CustomStringConvertible {
    var description: String { "broken" }
}

/// A body reader that fails on its first read.
private struct FailingReader: BodyReader {
    var error: any Error

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        throw error
    }
}
