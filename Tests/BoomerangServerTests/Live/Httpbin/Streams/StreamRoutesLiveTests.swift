import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangEcho
@testable import BoomerangServer

/// The streamed routes read by a real client (curl) over real sockets, and an endless stream left
/// by a client that resets.
@Suite struct StreamRoutesLiveTests {
    @Test func streamSendsEachLineAsAChunkReadByCurl() throws {
        let live = try LiveServer()
        let curl = try ExternalTool.run("curl", ["-s", "--raw", "-D", "/dev/stderr", live.baseURL + "/stream/3?a=1"])
        #expect(curl.status == 0)
        #expect(curl.stderr.lowercased().contains("transfer-encoding: chunked"))
        let wire = ChunkedWire(Array("HTTP/1.1 200 OK\r\n\r\n".utf8) + Array(curl.stdout))
        #expect(wire.complete)
        #expect(wire.chunks.count == 3)
        for (index, chunk) in wire.chunks.enumerated() {
            #expect(chunk.last == 0x0A)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(chunk)) as? [String: Any])
            #expect((object["id"] as? NSNumber)?.intValue == index)
            #expect((object["args"] as? [String: Any])?["a"] as? String == "1")
        }
    }

    @Test func dripSendsItsBytesWithContentLengthAndTheStatusAsked() throws {
        let live = try LiveServer()
        let curl = try ExternalTool.run(
            "curl", ["-s", "-D", "/dev/stderr", live.baseURL + "/drip?numbytes=5&duration=0.2&delay=0&code=201"])
        #expect(curl.status == 0)
        #expect(String(decoding: curl.stdout, as: UTF8.self) == "*****")
        #expect(curl.stderr.hasPrefix("HTTP/1.1 201"))
        #expect(curl.stderr.lowercased().contains("content-length: 5"))
        let head = try live.fetch("HEAD", "/drip?numbytes=3&duration=0&delay=0")
        #expect(head.header("Content-Length") == "3")
        #expect(head.body.isEmpty)
    }

    @Test func serverSentEventsArriveOneChunkPerEvent() throws {
        let live = try LiveServer()
        let wire = try ChunkedWire.get(port: live.port, "/sse?count=3&duration=200ms")
        #expect(wire.header("Content-Type") == "text/event-stream")
        #expect(wire.chunks.count == 3)
        for (index, chunk) in wire.chunks.enumerated() {
            let text = String(decoding: chunk, as: UTF8.self)
            #expect(text.hasPrefix("event: ping\ndata: {\"id\":\(index),\"timestamp\":"))
            #expect(text.hasSuffix("}\n\n"))
        }
        let curl = try ExternalTool.run("curl", ["-s", "-N", live.baseURL + "/sse?count=2&duration=0.1"])
        #expect(String(decoding: curl.stdout, as: UTF8.self).components(separatedBy: "event: ping\n").count == 3)
    }

    @Test func infiniteStreamsUntilTheClientLeaves() throws {
        let live = try LiveServer()
        let client = try ByteClient(port: live.port)
        try client.send("GET /infinite HTTP/1.1\r\nHost: x\r\n\r\n")
        let result = client.read(until: { $0.count > 2_000_000 })
        #expect(result.bytes.count > 2_000_000)
        let wire = ChunkedWire(result.bytes)
        #expect(wire.header("Transfer-Encoding") == "chunked")
        #expect(wire.chunks.dropFirst().allSatisfy { $0.allSatisfy { $0 == 1 } })
        client.resetNow()
        #expect(try live.fetch("/get").status == 200)
    }

    @Test func downloadServesRangesAndDropsTheConnectionWhenAsked() throws {
        let live = try LiveServer()
        let whole = try live.fetch("/download/1000")
        #expect(whole.status == 200)
        #expect(whole.body.count == 1000)
        #expect(whole.header("Accept-Ranges") == "bytes")
        #expect(whole.header("Last-Modified") == StreamRoutes.downloadLastModified)
        let tail = try live.fetch("/download/1000", headers: [("Range", "bytes=600-")])
        #expect(tail.status == 206)
        #expect(tail.header("Content-Range") == "bytes 600-999/1000")
        #expect(tail.body == Array(whole.body[600...]))
        let curl = try ExternalTool.run("curl", ["-s", live.baseURL + "/download/1000?shouldProduceError=true"])
        #expect(curl.status == 18, "curl: transfer closed with outstanding read data remaining")
        #expect(Array(curl.stdout) == Array(whole.body.prefix(600)))
    }

    @Test func downloadAnswersSeveralRangesWithMultipartByteranges() throws {
        let live = try LiveServer()
        let whole = try live.fetch("/download/1000").body
        let curl = try ExternalTool.run("curl", ["-s", "-i", "-r", "0-9,100-109,990-", live.baseURL + "/download/1000"])
        let output = Array(curl.stdout)
        let split = try #require(output.firstRange(of: Array("\r\n\r\n".utf8)))
        let head = String(decoding: output[..<split.lowerBound], as: UTF8.self)
        let body = Array(output[split.upperBound...])
        #expect(head.hasPrefix("HTTP/1.1 206 "), "\(head)")
        let contentType = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-type:") }
        let boundary = try #require(contentType?.split(separator: "boundary=").last.map(String.init))
        #expect(contentType?.contains("multipart/byteranges") == true)
        #expect(!head.lowercased().contains("content-range:"), "the ranges are in the parts")
        var expected: [UInt8] = []
        for (range, text) in [(0...9, "0-9"), (100...109, "100-109"), (990...999, "990-999")] {
            expected += Array("--\(boundary)\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes \(text)/1000\r\n\r\n".utf8)
            expected += whole[range] + [13, 10]
        }
        expected += Array("--\(boundary)--\r\n".utf8)
        #expect(body == expected)

        let none = try ExternalTool.run("curl", ["-s", "-i", "-r", "2000-3000,5000-", live.baseURL + "/download/1000"])
        let noneText = String(decoding: none.stdout, as: UTF8.self)
        #expect(noneText.hasPrefix("HTTP/1.1 416 "), "\(noneText.prefix(200))")
        #expect(noneText.contains("Content-Range: bytes */1000"))
        let oneOfTwo = try ExternalTool.run("curl", ["-s", "-i", "-r", "10-19,5000-", live.baseURL + "/download/1000"])
        let oneText = String(decoding: oneOfTwo.stdout, as: UTF8.self)
        #expect(oneText.hasPrefix("HTTP/1.1 206 "))
        #expect(oneText.contains("Content-Range: bytes 10-19/1000"))
    }
}
