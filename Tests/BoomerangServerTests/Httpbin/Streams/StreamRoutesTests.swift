import BoomerangExchange
import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangEcho
@testable import BoomerangServer

@Suite struct StreamRoutesTests {
    @Test func streamSendsJSONLines() throws {
        let server = InProcessServer()
        let body = try ChunkedWire.get(server, "/stream/3?a=1").body
        let lines = String(decoding: body, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 3)
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((object["id"] as? NSNumber)?.intValue == index)
            #expect(Set(object.keys) == ["url", "args", "headers", "origin", "id"])
        }
        #expect(try ChunkedWire.get(server, "/stream/500").chunks.count == 100)
        let connection = server.connect()
        #expect(try connection.request("/stream/1e9").status == 400)
        #expect(try connection.request("/stream/-1").status == 400)
        #expect(try connection.request("/get").status == 200)
    }

    @Test func streamBytesMatchBytesForASeed() throws {
        let server = InProcessServer()
        let connection = server.connect()
        let whole = try connection.request("/bytes/1000?seed=9").body
        #expect(try ChunkedWire.get(server, "/stream-bytes/1000?seed=9&chunk_size=7").body == whole)
        #expect(try ChunkedWire.get(server, "/stream-bytes/1000?seed=9").body == whole)
        #expect(try connection.request("/stream-bytes/10?chunk_size=0").status == 400)
        #expect(try connection.request("/stream-bytes/10485761").status == 400)
    }

    @Test func pacedProducerSendsWhatIsDueAndWaitsForTheRest() {
        var producer = PacedBodyProducer(count: 3, delayNanoseconds: 100, pauseNanoseconds: 10) { index, _ in [UInt8(index)] }
        #expect(producer.next(now: 1000) == .wait(until: 1100))
        #expect(producer.next(now: 1100) == .bytes([0]))
        #expect(producer.next(now: 1105) == .wait(until: 1110))
        #expect(producer.next(now: 1500) == .bytes([1]))
        #expect(producer.next(now: 1500) == .bytes([2]))
        #expect(producer.next(now: 1500) == .end())
        var merging = PacedBodyProducer(count: 3, pauseNanoseconds: 10, mergesDuePieces: true) { index, _ in [UInt8(index)] }
        #expect(merging.next(now: 0) == .bytes([0]))
        #expect(merging.next(now: 500) == .bytes([1, 2]))
    }

    /// The times a producer asks to be woken at, pulled at each of them from time 0 until it ends.
    private func schedule(_ producer: PacedBodyProducer) -> [UInt64] {
        var producer = producer
        var now: UInt64 = 0
        var wakes: [UInt64] = []
        var pieces = 0
        while pieces <= producer.count {
            switch producer.next(now: now) {
            case .wait(let until?):
                wakes.append(until)
                now = until
            case .bytes:
                pieces += 1
            default:
                return wakes
            }
        }
        return wakes
    }

    @Test func jitterVariesEachPauseWithinItsFractionAndTheSeedFixesIt() {
        let plain = PacedBodyProducer(count: 5, delayNanoseconds: 7, pauseNanoseconds: 1000) { _, _ in [1] }
        #expect(schedule(plain) == [7, 1007, 2007, 3007, 4007])
        let jittered = PacedBodyProducer(count: 5, delayNanoseconds: 7, pauseNanoseconds: 1000, jitter: 0.5, seed: 42) { _, _ in [1] }
        let wakes = schedule(jittered)
        #expect(wakes.count == 5)
        #expect(wakes.first == 7)
        let pauses = zip(wakes.dropFirst(), wakes).map { $0 - $1 }
        #expect(pauses.allSatisfy { (500...1500).contains($0) })
        #expect(Set(pauses).count > 1)
        #expect(schedule(PacedBodyProducer(count: 5, delayNanoseconds: 7, pauseNanoseconds: 1000, jitter: 0.5, seed: 42) { _, _ in [1] }) == wakes)
        #expect(schedule(PacedBodyProducer(count: 5, delayNanoseconds: 7, pauseNanoseconds: 1000, jitter: 0.5, seed: 43) { _, _ in [1] }) != wakes)
    }

    @Test func sseAndJSONLinesTakeJitterAndSeed() throws {
        let first = try StreamProducers.serverSentEvents(
            request("/sse?count=4&duration=3s&jitter=0.25&seed=5"), maxMilliseconds: 10_000, wallClockMilliseconds: 0)
        let again = try StreamProducers.serverSentEvents(
            request("/sse?count=4&duration=3s&jitter=0.25&seed=5"), maxMilliseconds: 10_000, wallClockMilliseconds: 0)
        #expect(first.producer.jitter == 0.25)
        #expect(schedule(first.producer) == schedule(again.producer))
        let pauses = schedule(first.producer).reduce(into: (last: UInt64(0), pauses: [UInt64]())) { state, wake in
            state.pauses.append(wake - state.last)
            state.last = wake
        }.pauses
        #expect(pauses.count == 3)
        #expect(pauses.allSatisfy { (750_000_000...1_250_000_000).contains($0) })
        let lines = try StreamProducers.jsonLines(request("/jsonl?count=3&duration=1s&jitter=1&seed=5"), maxMilliseconds: 10_000)
        #expect(lines.producer.jitter == 1)
        #expect(schedule(lines.producer).count == 2)
        #expect(try StreamProducers.jsonLines(request("/jsonl?count=3"), maxMilliseconds: 10_000).producer.jitter == 0)
    }

    @Test(arguments: ["jitter=1.5", "jitter=-0.1", "jitter=abc", "jitter=nan", "jitter=inf", "jitter=", "jitter=0.5&seed=x"])
    func badJitterIsRefusedNamingIt(query: String) {
        #expect(throws: ServerError.self) {
            try StreamProducers.serverSentEvents(self.request("/sse?" + query), maxMilliseconds: 10_000, wallClockMilliseconds: 0)
        }
        #expect(throws: ServerError.self) {
            try StreamProducers.jsonLines(self.request("/jsonl?" + query), maxMilliseconds: 10_000)
        }
    }

    private func request(_ target: String) -> RouteRequest {
        let head = HTTPRequestHead(method: .get, target: target, headers: ["Host": "localhost"])
        let context = RequestContext(head: head, remoteHost: "127.0.0.1", requestID: "id", loopIndex: 0, receivedAt: 0)
        return RouteRequest(context: context, parameters: RouteParameters())
    }

    @Test func dripSpreadsItsBytesOverTheDuration() throws {
        var plan = try StreamProducers.drip(request("/drip?numbytes=4&duration=2&delay=1&code=201"), maxBytes: 100, maxMilliseconds: 10_000)
        #expect(plan.status == 201)
        #expect(plan.producer.contentLength == 4)
        // After the delay, a pause before each byte: the last is due when the duration is over.
        #expect(plan.producer.next(now: 0) == .wait(until: 1_500_000_000))
        #expect(plan.producer.next(now: 1_500_000_000) == .bytes(Array("*".utf8)))
        #expect(plan.producer.next(now: 1_500_000_000) == .wait(until: 2_000_000_000))
        #expect(plan.producer.next(now: 2_999_999_999) == .bytes(Array("**".utf8)))
        #expect(plan.producer.next(now: 2_999_999_999) == .wait(until: 3_000_000_000))
        #expect(plan.producer.next(now: 3_000_000_000) == .bytes(Array("*".utf8)))
        #expect(plan.producer.next(now: 9_000_000_000) == .end())
    }

    @Test(arguments: [
        "/drip?duration=1e9", "/drip?delay=11", "/drip?duration=6&delay=5", "/drip?numbytes=-1", "/drip?numbytes=101", "/drip?code=99",
        "/drip?duration=abc",
    ])
    func dripLimits(target: String) {
        #expect(throws: ServerError.self) {
            try StreamProducers.drip(self.request(target), maxBytes: 100, maxMilliseconds: 10_000)
        }
    }

    @Test func serverSentEvents() throws {
        var plan = try StreamProducers.serverSentEvents(
            request("/sse?count=3&duration=2s&delay=0"), maxMilliseconds: 10_000, wallClockMilliseconds: 1_700_000_000_000)
        #expect(plan.headers["Content-Type"] == "text/event-stream")
        #expect(plan.producer.next(now: 50) == .bytes(Array("event: ping\ndata: {\"id\":0,\"timestamp\":1700000000000}\n\n".utf8)))
        #expect(plan.producer.next(now: 60) == .wait(until: 1_000_000_050))
        // A late pull gives the events that are due one by one, each a chunk of its own.
        #expect(plan.producer.next(now: 2_000_000_050) == .bytes(Array(
            "event: ping\ndata: {\"id\":1,\"timestamp\":1700000002000}\n\n".utf8)))
        #expect(plan.producer.next(now: 2_000_000_050) == .bytes(Array(
            "event: ping\ndata: {\"id\":2,\"timestamp\":1700000002000}\n\n".utf8)))
        #expect(throws: ServerError.self) {
            try StreamProducers.serverSentEvents(self.request("/sse?count=0"), maxMilliseconds: 10_000, wallClockMilliseconds: 0)
        }
    }

    @Test func jsonLines() throws {
        var plan = try StreamProducers.jsonLines(request("/jsonl?count=2&duration=500ms"), maxMilliseconds: 10_000)
        guard case .bytes(let first) = plan.producer.next(now: 0) else {
            Issue.record("no first line")
            return
        }
        let object = try JSONSerialization.jsonObject(with: Data(first.dropLast())) as? [String: Any]
        #expect(first.last == 0x0A)
        #expect((object?["id"] as? NSNumber)?.intValue == 0)
        #expect(plan.producer.next(now: 1) == .wait(until: 500_000_000))
        #expect(throws: ServerError.self) { try StreamProducers.jsonLines(self.request("/jsonl?count=10001"), maxMilliseconds: 10_000) }
    }
}

/// The streamed routes' bodies as chunks, in order and structure (the manual clock passes their
/// pauses), and bad parameters.
extension StreamRoutesTests {
    @Test func streamBytesArriveInChunkSizePieces() throws {
        let server = InProcessServer()
        let whole = try server.fetch("/bytes/1000?seed=9").body
        let wire = try ChunkedWire.get(server, "/stream-bytes/1000?seed=9&chunk_size=300")
        #expect(wire.header("Transfer-Encoding") == "chunked")
        #expect(wire.chunks.map(\.count) == [300, 300, 300, 100])
        #expect(wire.body == whole)
    }

    @Test func jsonLinesArriveOneChunkPerLine() throws {
        let server = InProcessServer()
        let wire = try ChunkedWire.get(server, "/jsonl?count=3&duration=0.2&q=x")
        #expect(wire.header("Content-Type") == "application/jsonl; charset=utf-8")
        #expect(wire.chunks.count == 3)
        for (index, chunk) in wire.chunks.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(chunk)) as? [String: Any])
            #expect((object["id"] as? NSNumber)?.intValue == index)
        }
    }

    @Test func jitteredEventsAndLinesStillArriveCompleteAndInOrder() throws {
        let server = InProcessServer()
        let events = try ChunkedWire.get(server, "/sse?count=5&duration=200ms&jitter=1")
        #expect(events.status == 200)
        #expect(events.chunks.count == 5)
        for (index, chunk) in events.chunks.enumerated() {
            #expect(String(decoding: chunk, as: UTF8.self).hasPrefix("event: ping\ndata: {\"id\":\(index),\"timestamp\":"))
        }
        let lines = try ChunkedWire.get(server, "/jsonl?count=4&duration=0.2&jitter=0.5&seed=7")
        #expect(lines.chunks.count == 4)
        for (index, chunk) in lines.chunks.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(chunk)) as? [String: Any])
            #expect((object["id"] as? NSNumber)?.intValue == index)
        }
    }

    @Test func trailersAreSentAfterTheChunkedEcho() throws {
        let server = InProcessServer()
        let wire = try ChunkedWire.get(server, "/trailers?X-Test=1&Other-Field=two%20words")
        #expect(wire.status == 200)
        #expect(wire.header("Transfer-Encoding") == "chunked")
        #expect(wire.header("Trailer") == "X-Test, Other-Field")
        #expect(wire.trailers.map(\.name) == ["X-Test", "Other-Field"])
        #expect(wire.trailers.map(\.value) == ["1", "two words"])
        let echo = try #require(try JSONSerialization.jsonObject(with: Data(wire.body)) as? [String: Any])
        #expect(echo["method"] as? String == "GET")
        let connection = server.connect()
        #expect(try connection.request("/trailers?Content-Length=1").status == 400)
        #expect(try connection.request("/trailers?X-Bad=a%0Db").status == 400)
        #expect(try connection.request("/get").status == 200)
    }

    @Test func chunkedSendsOneByteChunksCountingDown() throws {
        let server = InProcessServer()
        let withDelay = try ChunkedWire.get(server, "/chunked/3/30")
        #expect(withDelay.chunks == [[3], [2], [1]])
        #expect(withDelay.header("Content-Type") == "application/octet-stream")
        #expect(try ChunkedWire.get(server, "/chunked/2").chunks == [[2], [1]])
    }

    @Test func payloadsAreFirewalkRepliesOnePerChunk() throws {
        let server = InProcessServer()
        let wire = try ChunkedWire.get(server, "/payloads/2/10?k=v", headers: ["X-Custom: yes"])
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
        let server = InProcessServer()
        let body = try server.fetch("/manyBytes/100000").body
        #expect(body.count == 100_000)
        #expect(Set(body).count == 1)
    }

    @Test func headOfAStreamedRouteHasNoBody() throws {
        let server = InProcessServer()
        let connection = server.connect()
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
        let server = InProcessServer()
        let connection = server.connect()
        let response = try connection.request(target)
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidParameter")
        #expect(try connection.request("/get").status == 200)
    }
}
