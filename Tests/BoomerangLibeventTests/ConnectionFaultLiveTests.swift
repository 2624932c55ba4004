import BoomerangExchange
import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

/// Each transport fault over a real socket, observed by a raw client (and curl where it names the
/// failure), on the transport alone.
@Suite struct ConnectionFaultLiveTests {
    static let body = Array("hello world".utf8)

    /// `/fault` answers with `fault` on an 11-byte body; other paths get a plain `200`.
    static func server(_ fault: TransportFault, idleTimeout: Double = 15) throws -> TransportServer {
        try TransportServer(configure: { $0.idleTimeoutNanoseconds = UInt64(idleTimeout * 1e9) }) { context in
            guard context.head.path == "/fault" else { return Response(status: 200, body: Array("ok".utf8)) }
            var response = Response(status: 200, headers: ["Content-Type": "text/plain"], body: body)
            response.fault = fault
            return response
        }
    }

    static let request = "GET /fault HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test func resetResetsTheConnection() throws {
        let live = try Self.server(.reset)
        let client = try ByteClient(port: live.port)
        try client.send(Self.request)
        let result = client.readToEnd()
        #expect(result.ending == .reset)
        #expect(result.bytes.isEmpty)
        let curl = try ExternalTool.run("curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(live.port)/fault"])
        #expect(curl.status == 56, "curl: recv failure (connection reset)")
    }

    @Test func closeAfterHeadersEndsTheStreamAfterTheHead() throws {
        let live = try Self.server(.closeAfterHeaders)
        let client = try ByteClient(port: live.port)
        try client.send(Self.request)
        let result = client.readToEnd()
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(result.ending == .closed)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.hasSuffix("Content-Length: 11\r\nConnection: close\r\n\r\n"))
        let curl = try ExternalTool.run("curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(live.port)/fault"])
        #expect(curl.status == 18, "curl: partial file")
    }

    @Test func closeMidBodyEndsTheStreamAfterThatManyBytes() throws {
        let live = try Self.server(.closeMidBody(afterBytes: 5))
        let client = try ByteClient(port: live.port)
        try client.send(Self.request)
        let result = client.readToEnd()
        #expect(result.ending == .closed)
        #expect(String(decoding: result.bytes, as: UTF8.self).hasSuffix("Connection: close\r\n\r\nhello"))
        let curl = try ExternalTool.run("curl", ["-s", "http://127.0.0.1:\(live.port)/fault"])
        #expect(curl.status == 18, "curl: partial file")
        #expect(String(decoding: curl.stdout, as: UTF8.self) == "hello")
    }

    @Test func malformedChunkIsSentThenTheStreamEnds() throws {
        let live = try Self.server(.malformedChunk)
        let client = try ByteClient(port: live.port)
        try client.send(Self.request)
        let result = client.readToEnd()
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(result.ending == .closed)
        #expect(text.contains("Transfer-Encoding: chunked\r\n"))
        #expect(text.hasSuffix("\r\n\r\nZ\r\nthis chunk size is not hexadecimal\r\n"))
        let curl = try ExternalTool.run("curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(live.port)/fault"])
        #expect(curl.status == 56, "curl: malformed chunked encoding")
    }

    @Test func garbageIsSentInsteadOfAResponse() throws {
        let live = try Self.server(.garbage())
        let client = try ByteClient(port: live.port)
        try client.send(Self.request)
        let result = client.readToEnd()
        #expect(result.ending == .closed)
        #expect(result.bytes == TransportFault.defaultGarbage)
    }

    @Test func stallSendsNothingUntilTheIdleTimeoutCloses() throws {
        let live = try Self.server(.stall, idleTimeout: 0.6)
        let client = try ByteClient(port: live.port)
        let started = Date()
        try client.send(Self.request)
        let early = client.read(until: { !$0.isEmpty }, idleSeconds: 0.3)
        #expect(early.bytes.isEmpty && early.ending == .timedOut)
        let result = client.readToEnd()
        #expect(result.bytes.isEmpty)
        #expect(result.ending == .closed)
        #expect(Date().timeIntervalSince(started) >= 0.5)
        let curl = try ExternalTool.run("curl", ["-s", "-m", "0.3", "-o", "/dev/null", "http://127.0.0.1:\(live.port)/fault"])
        #expect(curl.status == 28, "curl: operation timed out")
    }

    @Test func theServerKeepsServingAfterEveryFault() throws {
        for fault in [TransportFault.reset, .closeAfterHeaders, .closeMidBody(afterBytes: 3), .malformedChunk, .garbage()] {
            let live = try Self.server(fault)
            let broken = try ByteClient(port: live.port)
            try broken.send(Self.request)
            _ = broken.readToEnd()
            let next = try RawConnection(port: live.port)
            try next.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try next.readResponse()?.status == 200, "after \(fault)")
        }
    }
}
