import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// The streamed routes over real sockets: each body arrives as chunks in the expected order and
/// structure (never asserted on timings), bad parameters are 4xx, and the server keeps serving.
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

    @Test func streamBytesArriveInChunkSizePieces() throws {
        let live = try LiveServer()
        let whole = try live.fetch("/bytes/1000?seed=9").body
        let wire = try ChunkedWire.get(port: live.port, "/stream-bytes/1000?seed=9&chunk_size=300")
        #expect(wire.header("Transfer-Encoding") == "chunked")
        #expect(wire.chunks.map(\.count) == [300, 300, 300, 100])
        #expect(wire.body == whole)
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

    @Test func jsonLinesArriveOneChunkPerLine() throws {
        let live = try LiveServer()
        let wire = try ChunkedWire.get(port: live.port, "/jsonl?count=3&duration=0.2&q=x")
        #expect(wire.header("Content-Type") == "application/jsonl; charset=utf-8")
        #expect(wire.chunks.count == 3)
        for (index, chunk) in wire.chunks.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(chunk)) as? [String: Any])
            #expect((object["id"] as? NSNumber)?.intValue == index)
        }
    }

    @Test func jitteredEventsAndLinesStillArriveCompleteAndInOrder() throws {
        let live = try LiveServer()
        let events = try ChunkedWire.get(port: live.port, "/sse?count=5&duration=200ms&jitter=1")
        #expect(events.status == 200)
        #expect(events.chunks.count == 5)
        for (index, chunk) in events.chunks.enumerated() {
            #expect(String(decoding: chunk, as: UTF8.self).hasPrefix("event: ping\ndata: {\"id\":\(index),\"timestamp\":"))
        }
        let lines = try ChunkedWire.get(port: live.port, "/jsonl?count=4&duration=0.2&jitter=0.5&seed=7")
        #expect(lines.chunks.count == 4)
        for (index, chunk) in lines.chunks.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(chunk)) as? [String: Any])
            #expect((object["id"] as? NSNumber)?.intValue == index)
        }
    }

    @Test func trailersAreSentAfterTheChunkedEcho() throws {
        let live = try LiveServer()
        let wire = try ChunkedWire.get(port: live.port, "/trailers?X-Test=1&Other-Field=two%20words")
        #expect(wire.status == 200)
        #expect(wire.header("Transfer-Encoding") == "chunked")
        #expect(wire.header("Trailer") == "X-Test, Other-Field")
        #expect(wire.trailers.map(\.name) == ["X-Test", "Other-Field"])
        #expect(wire.trailers.map(\.value) == ["1", "two words"])
        let echo = try #require(try JSONSerialization.jsonObject(with: Data(wire.body)) as? [String: Any])
        #expect(echo["method"] as? String == "GET")
        let connection = try RawConnection(port: live.port)
        #expect(try connection.request("/trailers?Content-Length=1").status == 400)
        #expect(try connection.request("/trailers?X-Bad=a%0Db").status == 400)
        #expect(try connection.request("/get").status == 200)
    }

    @Test func chunkedSendsOneByteChunksCountingDown() throws {
        let live = try LiveServer()
        let withDelay = try ChunkedWire.get(port: live.port, "/chunked/3/30")
        #expect(withDelay.chunks == [[3], [2], [1]])
        #expect(withDelay.header("Content-Type") == "application/octet-stream")
        #expect(try ChunkedWire.get(port: live.port, "/chunked/2").chunks == [[2], [1]])
    }

    @Test func payloadsAreFirewalkRepliesOnePerChunk() throws {
        let live = try LiveServer()
        let wire = try ChunkedWire.get(port: live.port, "/payloads/2/10?k=v", headers: ["X-Custom: yes"])
        #expect(wire.chunks.count == 2)
        for chunk in wire.chunks {
            let reply = try #require(try JSONSerialization.jsonObject(with: Data(chunk)) as? [String: Any])
            #expect(Set(reply.keys) == ["url", "origin", "headers", "args"])
            let headers = try #require(reply["headers"] as? [[String: String]])
            #expect(headers.contains { $0["name"] == "X-Custom" && $0["value"] == "yes" })
            #expect(reply["args"] as? [String: String] == ["k": "v"])
        }
    }

    @Test func manyBytesRepeatsOneByte() throws {
        let live = try LiveServer()
        let body = try live.fetch("/manyBytes/100000").body
        #expect(body.count == 100_000)
        #expect(Set(body).count == 1)
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

    @Test func headOfAStreamedRouteHasNoBody() throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        let head = try connection.request("HEAD", "/stream/3")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(try connection.request("/get").status == 200)
    }

    @Test(arguments: [
        "/stream/1e9", "/stream-bytes/1e9", "/stream-bytes/10485761", "/drip?duration=1e9", "/drip?numbytes=99999999",
        "/sse?count=0", "/sse?count=100000", "/jsonl?duration=1e9", "/chunked/0", "/chunked/101", "/chunked/3/99999999",
        "/payloads/0", "/payloads/100/1000", "/manyBytes/10000001", "/manyBytes/-1", "/download/15", "/download/10000010",
        "/download/10?shouldProduceError=maybe", "/sse?jitter=1.5", "/sse?jitter=-0.5", "/jsonl?jitter=abc", "/jsonl?jitter=nan",
    ])
    func badParametersAre400AndTheServerKeepsServing(target: String) throws {
        let live = try LiveServer()
        let connection = try RawConnection(port: live.port)
        let response = try connection.request(target)
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidParameter")
        #expect(try connection.request("/get").status == 200)
    }
}
