import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

/// HTTP/2 on both ports with real clients: curl (`--http2-prior-knowledge` on the plain port,
/// ALPN on the HTTPS port), nghttp, and Python's h2 (PyPI, in `.build/http2-venv`, installed by
/// `make test`) for the frames: which stream was reset with which code, GOAWAY, the windows.
@Suite struct HTTP2Tests {
    /// Runs one scenario of `h2_client.py` against the plain port of `live`.
    static func client(_ live: LiveServer, _ scenario: String, _ argument: String, _ more: [String] = []) throws -> [String: Any] {
        try client(port: live.port, tlsRoot: nil, scenario, argument, more)
    }

    /// Runs one scenario of `h2_client.py` against `port`, over TLS when `tlsRoot` (the root
    /// certificate's file) is given.
    static func client(port: Int, tlsRoot: String?, _ scenario: String, _ argument: String, _ more: [String] = []) throws -> [String: Any] {
        let python = PageBrowserTests.repository.appendingPathComponent(".build/http2-venv/bin/python").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("h2_client.py").path
        let output = try ExternalTool.run(
            python, [script, scenario, String(port), argument] + more, environment: tlsRoot.map { ["H2_TLS_CA": $0] } ?? [:])
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(output.json, "\(output.stderr)")
    }

    static func curl(_ live: LiveServer, _ path: String, _ extra: [String] = []) throws -> ExternalTool.Output {
        try ExternalTool.run("curl", ["-sS", "--max-time", "10", "--http2-prior-knowledge"] + extra + [live.baseURL + path])
    }

    @Test func curlWithPriorKnowledgeGetsTheEchoWithItsStreamAndPseudoHeaders() throws {
        let live = try LiveServer()
        let output = try Self.curl(live, "/get?a=1", ["-H", "X-Mixed-Case: v"])
        #expect(output.status == 0, "\(output.stderr)")
        let echo = try #require(output.json)
        #expect(echo["httpVersion"] as? String == "2")
        #expect(echo["url"] as? String == "http://\(live.authority)/get?a=1", "the URL's host is :authority")
        #expect((echo["args"] as? [String: String])?["a"] == "1")
        // HTTP/2 lowercases field names on the wire: the echo shows them as they came.
        let raw = try #require(echo["headersRaw"] as? [[String]])
        #expect(raw.contains(["x-mixed-case", "v"]))
        let http2 = try #require(echo["http2"] as? [String: Any])
        #expect(http2["stream"] as? Int == 1)
        #expect((http2["connection"] as? String)?.contains(".") == true)
        let pseudo = try #require(http2["pseudoHeaders"] as? [[String]])
        #expect(pseudo == [[":method", "GET"], [":path", "/get?a=1"], [":scheme", "http"], [":authority", live.authority]])
    }

    @Test func streamsOnOneConnectionShareItsIDAndRunAtOnce() throws {
        let live = try LiveServer()
        let started = Date()
        let result = try Self.client(live, "multiplex", "/delay/1?n=1,/delay/1?n=2,/get?n=3")
        let elapsed = Date().timeIntervalSince(started)
        let streams = try #require(result["streams"] as? [String: [String: Any]])
        #expect(streams.keys.sorted() == ["1", "3", "5"])
        var connections: Set<String> = []
        for (id, stream) in streams {
            #expect(stream["status"] as? Int == 200)
            let echo = try #require(stream["json"] as? [String: Any])
            let http2 = try #require(echo["http2"] as? [String: Any])
            #expect(http2["stream"] as? Int == Int(id))
            connections.insert(try #require(http2["connection"] as? String))
        }
        #expect(connections.count == 1, "\(connections)")
        // Two one-second delays side by side, not one after the other (printed, not asserted:
        // the machine is shared).
        print("two /delay/1 streams on one connection took \(elapsed) s")
    }

    @Test func aLargeUploadStreamsThroughTheWindowsAsTheResponderTakesIt() throws {
        let live = try LiveServer()
        let size = 24 << 20
        let result = try Self.client(live, "upload", String(size))
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == 200)
        let echo = try #require(stream["json"] as? [String: Any])
        #expect(echo["bytes_received"] as? Int == size)
        // Far more than the 64 KiB initial window: the server reopened it as /upload consumed.
        #expect(result["sent"] as? Int == size)
    }

    @Test func aBodyOverTheLimitIsAnswered413AndItsStreamEnds() throws {
        let live = try LiveServer { $0.maxBodyBytes = 1 << 20 }
        let result = try Self.client(live, "upload", String(4 << 20))
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == 413)
        let echo = try #require(stream["json"] as? [String: Any])
        #expect((echo["error"] as? [String: Any])?["code"] as? String == "bodyTooLarge")
        #expect(stream["reset"] as? Int == 0, "RST_STREAM (NO_ERROR) after the answer: the rest of the body is not wanted")
        #expect(try live.fetch("/get").status == 200)
    }

    @Test func aHeaderListOverTheLimitIsAnswered431AndTheConnectionServesOn() throws {
        let live = try LiveServer { $0.maxHeaderBytes = 4096 }
        let result = try Self.client(live, "headers", "8000")
        let refused = try #require(result["stream"] as? [String: Any])
        #expect(refused["status"] as? Int == 431)
        let after = try #require(result["after"] as? [String: Any])
        #expect(after["status"] as? Int == 200, "the next stream on the same connection is served")
        #expect(result["goaway"] is NSNull)
    }

    @Test func trailersAreRealHTTP2Trailers() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "get", "/trailers?x-checksum=abc&x-count=2")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == 200)
        #expect(stream["trailers"] as? [[String]] == [["x-checksum", "abc"], ["x-count", "2"]])
        #expect(stream["ended"] as? Bool == true)
    }

    /// Each transport fault in its HTTP/2 meaning: the stream breaks, with RST_STREAM, and the
    /// connection lives on.
    @Test(arguments: [
        ("reset", nil, 0, 0x2), ("close-after-headers", 200, 0, 0x2), ("close-mid-body:10", 200, 10, 0x2),
        ("malformed-chunk", 200, 0, 0x1), ("garbage", 200, 0, 0x1),
    ] as [(String, Int?, Int, Int)])
    func faultsResetTheStreamWithTheirCode(_ fault: String, _ status: Int?, _ bytes: Int, _ code: Int) throws {
        let live = try LiveServer()
        let result = try Self.client(live, "get", "/get?x-set-response-fault=\(fault)")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == status, "\(fault): \(stream)")
        #expect(stream["bytes"] as? Int == bytes, "\(fault)")
        #expect(stream["reset"] as? Int == code, "\(fault)")
        #expect(result["goaway"] is NSNull, "\(fault): only the stream breaks")
        // curl reports a stream that was not closed cleanly (92).
        #expect(try Self.curl(live, "/get?x-set-response-fault=\(fault)").status == 92)
    }

    /// The HTTP/2 faults, by `x-set-response-fault`: a reset with its code before the head, after
    /// it, or after some body bytes; a GOAWAY after the answer; a PING storm before it.
    @Test(arguments: [
        ("h2-reset:REFUSED_STREAM", nil, 0, 0x7), ("h2-reset-after-headers:cancel", 200, 0, 0x8),
        ("h2-reset-after:100:0x8", 200, 100, 0x8), ("h2-reset-after:10", 200, 10, 0x2),
    ] as [(String, Int?, Int, Int)])
    func http2FaultsResetTheStreamWithTheChosenCode(_ fault: String, _ status: Int?, _ bytes: Int, _ code: Int) throws {
        let live = try LiveServer()
        let result = try Self.client(live, "get", "/get?x-set-response-fault=\(fault)")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == status, "\(fault): \(stream)")
        #expect(stream["bytes"] as? Int == bytes, "\(fault)")
        #expect(stream["reset"] as? Int == code, "\(fault)")
        #expect(result["goaway"] is NSNull, "\(fault)")
    }

    @Test func aGOAWAYFaultFollowsTheAnswerOrRefusesTheStreamAboveItsLast() throws {
        let live = try LiveServer()
        let after = try Self.client(live, "get", "/get?x-set-response-fault=h2-goaway:ENHANCE_YOUR_CALM")
        #expect((after["stream"] as? [String: Any])?["status"] as? Int == 200)
        #expect((after["goaway"] as? [String: Any])?["code"] as? Int == 0xB)
        #expect((after["goaway"] as? [String: Any])?["lastStream"] as? Int == 1)
        let refused = try Self.client(live, "get", "/get?x-set-response-fault=h2-goaway:NO_ERROR:0")
        #expect((refused["stream"] as? [String: Any])?["reset"] as? Int == 0x7, "REFUSED_STREAM: not processed")
        #expect((refused["goaway"] as? [String: Any])?["lastStream"] as? Int == 0)
        // Over HTTP/1.1 the same control closes the connection after the answer.
        let http1 = try ExternalTool.run("curl", ["-sS", "-i", live.baseURL + "/get?x-set-response-fault=h2-goaway"])
        #expect(String(decoding: http1.stdout, as: UTF8.self).contains("Connection: close"))
    }

    /// curl retries a request whose stream a GOAWAY left above its last stream, on a new
    /// connection, where it is stream 1 and answered.
    @Test func curlRetriesTheStreamAGOAWAYLeftUnprocessed() throws {
        let server = try HTTPSTests.SecureServer()
        let base = "https://localhost:\(server.httpsPort)"
        let output = try ExternalTool.run(
            "curl", [
                "-sS", "--max-time", "10", "--cacert", server.root, "--parallel", "--parallel-immediate", "-o", "/dev/null", "-o", "/dev/null",
                "-w", "%{http_code} %{http_version}\n", base + "/delay/1", base + "/get?x-set-response-fault=h2-goaway:NO_ERROR:1",
            ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").sorted() == ["200 2", "200 2"])
    }

    @Test func aPingStormIsAcknowledgedAndTheAnswerFollows() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "get", "/get?x-set-response-fault=h2-ping-storm:200")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == 200)
        #expect(stream["ended"] as? Bool == true)
        #expect(result["goaway"] is NSNull, "the client kept up with the PINGs")
    }

    @Test func aMappingCarriesAnHTTP2Fault() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "boomerang-h2-mappings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "mappings:\n  - { request: { urlPath: /flaky }, response: { status: 200, body: hello, fault: 'h2-reset-after-headers:CANCEL' } }\n"
            .write(to: folder.appending(path: "flaky.yaml"), atomically: true, encoding: .utf8)
        let live = try LiveServer { $0.mappingsDirectory = folder.path }
        let result = try Self.client(live, "get", "/flaky")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == 200)
        #expect(stream["reset"] as? Int == 0x8)
    }

    @Test func aMappingCarriesAWindowStall() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "boomerang-h2-mappings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "mappings:\n  - { request: { urlPath: /slow-upload }, response: { status: 200, body: hello, fault: h2-window-stall } }\n"
            .write(to: folder.appending(path: "stall.yaml"), atomically: true, encoding: .utf8)
        let body = folder.appending(path: "body.bin")
        try Data(repeating: 0x61, count: 200_000).write(to: body)
        let live = try LiveServer {
            $0.mappingsDirectory = folder.path
            $0.idleTimeout = 1
        }
        let output = try Self.curl(live, "/slow-upload", ["--data-binary", "@" + body.path, "-w", "\n%{size_upload}"])
        let text = String(decoding: output.stdout, as: UTF8.self)
        #expect(text.hasSuffix("\n65535"), "curl sent the initial window and no more: \(text) \(output.stderr)")
        // curl 7.88 reports the answer's RST_STREAM (NO_ERROR) as an error (92); the history has the answer.
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests"]).json)
        let entry = (list["requests"] as? [[String: Any]] ?? []).first { $0["path"] as? String == "/slow-upload" }
        #expect(entry?["status"] as? Int == 408, "\(list)")
    }

    /// CVE-2024-28182: a header block that never ends ends the connection with ENHANCE_YOUR_CALM.
    @Test func aCONTINUATIONFloodEndsTheConnectionAndTheServerServesOn() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "continuation-flood", "100")
        #expect((result["goaway"] as? [String: Any])?["code"] as? Int == 0xB, "\(result)")
        #expect(result["closed"] as? Bool == true)
        #expect(try Self.curl(live, "/get", ["-o", "/dev/null"]).status == 0)
        // The history has the refusal, with nghttp2's reason.
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests"]).json)
        let refused = try #require((list["requests"] as? [[String: Any]])?.first { $0["outcome"] as? String == "refused" })
        let id = try #require(refused["id"] as? Int)
        let entry = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests/\(id)"]).json)
        let refusal = try #require(entry["refusal"] as? [String: Any], "\(entry)")
        #expect(refusal["code"] as? String == "http2ConnectionError")
        #expect((refusal["message"] as? String)?.contains("CONTINUATION") == true, "\(refusal)")
    }

    /// CVE-2023-44487: streams opened and reset at once, past the allowance, end the connection.
    @Test func aRapidResetEndsTheConnectionAndTheServerServesOn() throws {
        let live = try LiveServer { $0.accessLog = false }
        let result = try Self.client(live, "rapid-reset", "3000")
        let goaway = try #require(result["goaway"] as? [String: Any], "\(result)")
        #expect((goaway["lastStream"] as? Int ?? 0) < 2 * 3000, "stopped before the last stream: \(goaway)")
        #expect(result["closed"] as? Bool == true)
        #expect(try Self.curl(live, "/get", ["-o", "/dev/null"]).status == 0)
    }

    /// A connection error the library finds while a stream waits (a WINDOW_UPDATE of 0 on the
    /// connection, RFC 9113 §6.9): GOAWAY, the close at once, and the refusal in the history.
    @Test func aConnectionErrorWithAStreamOpenClosesAtOnce() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "bad-window", "/delay/5")
        #expect((result["goaway"] as? [String: Any])?["code"] as? Int == 0x1, "\(result)")
        #expect(result["closed"] as? Bool == true)
        #expect((result["seconds"] as? Double ?? 99) < 3, "not held open by the waiting stream: \(result)")
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests"]).json)
        let outcomes = (list["requests"] as? [[String: Any]] ?? []).compactMap { $0["outcome"] as? String }
        #expect(outcomes.contains("refused"), "\(outcomes)")
    }

    @Test func aBodyThatStopsArrivingIsAnswered408() throws {
        let live = try LiveServer { $0.idleTimeout = 1 }
        let result = try Self.client(live, "slow-body", "/post")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == 408, "\(stream)")
        #expect(((stream["json"] as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "bodyTooSlow")
    }

    /// The stalled upload stops at the initial window while another on the same connection
    /// completes (only the stream's window is held), then times out with 408.
    @Test func aWindowStallStopsOneUploadAtItsWindow() throws {
        let live = try LiveServer { $0.idleTimeout = 1 }
        let result = try Self.client(live, "window-stall", "300000")
        let sent = try #require(result["sent"] as? [String: Int])
        #expect(sent["1"] == 65_535, "the stalled stream sent its initial window and no more: \(sent)")
        #expect(sent["3"] == 300_000, "\(sent)")
        let beside = try #require(result["beside"] as? [String: Any])
        #expect(beside["status"] as? Int == 200, "\(beside)")
        let stalled = try #require(result["stalled"] as? [String: Any])
        #expect(stalled["status"] as? Int == 408, "\(stalled)")
        let error = (stalled["json"] as? [String: Any])?["error"] as? [String: Any]
        #expect((error?["message"] as? String)?.contains("h2-window-stall") == true, "\(stalled)")
    }

    /// A body that fits in the window arrives whole; the answer stalls instead. Over HTTP/1.1,
    /// which has no window, the fault is a stall.
    @Test func aWindowStallOnASmallBodyOrOverHTTP11IsAStall() throws {
        let live = try LiveServer { $0.idleTimeout = 1 }
        let h2 = try Self.curl(live, "/post?x-set-response-fault=h2-window-stall", ["-d", "small", "--max-time", "3"])
        #expect(h2.status == 92, "curl: the stream was reset (CANCEL) at the idle timeout: \(h2.stderr)")
        let http1 = try ExternalTool.run(
            "curl", ["-sS", "--max-time", "3", "-d", "small", live.baseURL + "/post?x-set-response-fault=h2-window-stall"])
        #expect(http1.status == 52 || http1.status == 28, "nothing answered: \(http1.stderr)")
    }

    /// A slow read of several streams: a client that keeps every stream's window shut (while it
    /// keeps the connection busy) has each stream reset CANCEL at the write timeout, the history
    /// says what was cut, and the connection serves on.
    @Test func streamsHeldByAShutWindowEndAtTheWriteTimeout() throws {
        let live = try LiveServer { $0.writeTimeout = 1 }
        let result = try Self.client(live, "window-shut", "/bytes/100000,/get,/drip?duration=0&numbytes=50000")
        let streams = try #require(result["streams"] as? [String: [String: Any]])
        #expect(streams.count == 3)
        for (id, stream) in streams {
            #expect(stream["reset"] as? Int == 0x8, "stream \(id): \(stream)")
            #expect(stream["bytes"] as? Int == 0, "stream \(id): \(stream)")
        }
        let seconds = try #require(result["seconds"] as? Double)
        #expect(seconds < 5, "ended at the write timeout, not the client's deadline: \(seconds) s")
        #expect((result["after"] as? [String: Any])?["status"] as? Int == 200, "\(result)")
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests"]).json)
        let entries = list["requests"] as? [[String: Any]] ?? []
        let get = try #require(entries.first { $0["path"] as? String == "/get" && $0["outcome"] as? String != "complete" }, "\(entries)")
        #expect(get["outcome"] as? String == "clientAborted", "\(get)")
    }

    /// RFC 8441: the server announces SETTINGS_ENABLE_CONNECT_PROTOCOL, an extended CONNECT with
    /// `:protocol websocket` is answered 200, and the stream carries the WebSocket session: a
    /// message echoed, a ping answered, the close handshake, END_STREAM both ways.
    @Test func webSocketOverHTTP2EchoesAndClosesOnBothPorts() throws {
        let live = try LiveServer()
        let secure = try HTTPSTests.SecureServer()
        let plain = try Self.client(live, "websocket", "/websocket/echo")
        let overTLS = try Self.client(port: secure.httpsPort, tlsRoot: secure.root, "websocket", "/websocket/echo")
        for result in [plain, overTLS] {
            #expect(result["enableConnectProtocol"] as? Int == 1)
            #expect(result["status"] as? Int == 200, "\(result)")
            let messages = try #require(result["messages"] as? [[String: Any]])
            #expect(messages.map { $0["opcode"] as? Int } == [0x1, 0xA, 0x8], "\(messages)")
            #expect(messages.first?["text"] as? String == "hello over h2")
            #expect(messages.last?["text"] as? String == "03e8", "close 1000")
            #expect(result["ended"] as? Bool == true)
            #expect(result["reset"] is NSNull)
        }
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests?path=/websocket/echo"]).json)
        let entry = try #require((list["requests"] as? [[String: Any]])?.first, "\(list)")
        #expect(entry["status"] as? Int == 200)
        #expect(entry["method"] as? String == "GET", "an extended CONNECT reaches the route as HTTP/1.1's upgrading GET")
    }

    /// A route's answer to an extended CONNECT held by `x-set-response-delay-ms`: what the client
    /// sent on the stream meanwhile (a message, the close, END_STREAM) reaches the session once
    /// the 200 has left.
    @Test func whatAWebSocketSendsBeforeADelayedAnswerIsKeptForTheSession() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "websocket-early", "/websocket/echo", ["400"])
        #expect(result["status"] as? Int == 200, "\(result)")
        #expect((result["waited"] as? Double ?? 0) >= 0.4, "\(result)")
        let messages = try #require(result["messages"] as? [[String: Any]])
        #expect(messages.map { $0["opcode"] as? Int } == [0x1, 0x8], "\(messages)")
        #expect(messages.first?["text"] as? String == "sent early")
        #expect(result["ended"] as? Bool == true, "\(result)")
        #expect(result["reset"] is NSNull, "\(result)")
    }

    /// What a client sends on a WebSocket stream after the server has ended its side is dropped,
    /// and the stream's window reopened for it: nothing is kept for a tunnel that is over.
    /// The same with a whole window of bytes sent before a delayed 200: they are no WebSocket
    /// frames (unmasked), so the session closes as it starts, and their window is reopened too.
    @Test(arguments: [0, 65_535])
    func whatComesAfterATunnelEndedIsDroppedAndItsWindowReopened(early: Int) throws {
        let live = try LiveServer()
        let result = try Self.client(live, "after-tunnel-end", "/websocket/payloads/0", [String(early)])
        #expect(result["serverEnded"] as? Bool == true, "\(result)")
        #expect(result["sent"] as? Int == 100_000, "past the stream's first window: \(result)")
    }

    /// A WebSocket whose client does not read its echoes holds its own window only: an upload
    /// beside it on the same connection completes.
    @Test func aWebSocketStreamNeverHoldsTheConnectionsWindow() throws {
        let live = try LiveServer { $0.idleTimeout = 3 }
        let result = try Self.client(live, "tunnel-beside", "200000")
        #expect((result["tunnelSent"] as? Int ?? 0) > 65_535, "the tunnel's window reopened while its echoes drained: \(result)")
        let upload = try #require(result["upload"] as? [String: Any])
        #expect(upload["status"] as? Int == 200, "\(result)")
        #expect(result["uploadSent"] as? Int == 200_000)
    }

    /// The server ended the WebSocket's stream after the close handshake; a client that never
    /// ends its side has the stream reset CANCEL at the idle timeout.
    @Test func aWebSocketStreamTheClientLeavesHalfOpenIsResetAtTheIdleTimeout() throws {
        let live = try LiveServer { $0.idleTimeout = 1 }
        let result = try Self.client(live, "websocket", "/websocket/echo", ["13", "keep-open"])
        #expect(result["status"] as? Int == 200)
        #expect(result["ended"] as? Bool == true, "the server's END_STREAM: \(result)")
        #expect(result["reset"] as? Int == 0x8, "\(result)")
    }

    /// An extended CONNECT to a route that opens no tunnel is refused: a 2xx would say it opened.
    @Test func anExtendedConnectToAnotherRouteIsRefused() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "websocket", "/get")
        #expect(result["status"] as? Int == 400, "\(result)")
        #expect((result["body"] as? String)?.contains("connectProtocolNotServed") == true, "\(result)")
    }

    @Test func aWebSocketHandshakeOverHTTP2IsCheckedAsOverHTTP11() throws {
        let live = try LiveServer()
        let badVersion = try Self.client(live, "websocket", "/websocket/echo", ["8"])
        #expect(badVersion["status"] as? Int == 426, "\(badVersion)")
        let headers = (badVersion["headers"] as? [[String]] ?? []).map { $0.joined(separator: ": ") }
        #expect(headers.contains("sec-websocket-version: 13"), "\(headers)")
        #expect(badVersion["reset"] as? Int == 0, "the rest of the stream is not wanted: NO_ERROR")
        let plainGET = try Self.curl(live, "/websocket/echo", ["-o", "/dev/null", "-w", "%{http_code}"])
        #expect(String(decoding: plainGET.stdout, as: UTF8.self) == "400", "a GET over HTTP/2 has no :protocol (and a 426 would need Upgrade)")
        #expect(try live.fetch("/get").status == 200)
    }

    /// httpx (httpcore with h2), as an application meets the faults over h2.
    static func httpx(_ server: HTTPSTests.SecureServer, _ scenario: String) throws -> [String: Any] {
        let python = PageBrowserTests.repository.appendingPathComponent(".build/http2-venv/bin/python").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("httpx_client.py").path
        let output = try ExternalTool.run(python, [script, scenario, "https://localhost:\(server.httpsPort)", server.root])
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(output.json, "\(output.stderr)")
    }

    @Test func httpxNegotiatesH2AndSeesAResetAsARemoteProtocolError() throws {
        let server = try HTTPSTests.SecureServer()
        let get = try Self.httpx(server, "get")
        #expect(get["httpVersion"] as? String == "HTTP/2")
        #expect(get["echoVersion"] as? String == "2")
        let reset = try Self.httpx(server, "reset")
        #expect(reset["error"] as? String == "RemoteProtocolError", "\(reset)")
        #expect((reset["message"] as? String)?.contains("error_code:7") == true, "REFUSED_STREAM: \(reset)")
        #expect((reset["after"] as? [String: Any])?["status"] as? Int == 200)
    }

    /// A GOAWAY whose last stream is 3, asked for on stream 5 with stream 3 in flight: httpx
    /// (httpcore 1.x) retries stream 5, refused unprocessed, on a new connection, and fails stream 3
    /// with RemoteProtocolError although the GOAWAY promised to finish it (the server would have:
    /// the client closed the connection).
    @Test func httpxRetriesTheRefusedStreamOfAGOAWAY() throws {
        let server = try HTTPSTests.SecureServer()
        let result = try Self.httpx(server, "goaway")
        let warm = try #require(result["warm"] as? [String: Any])
        let refused = try #require(result["refused"] as? [String: Any])
        #expect(warm["stream"] as? Int == 1)
        #expect(refused["status"] as? Int == 200, "\(result)")
        #expect(refused["connection"] as? String != warm["connection"] as? String, "retried on a new connection: \(result)")
        let slow = try #require(result["slow"] as? [String: Any])
        #expect(slow["error"] as? String == "RemoteProtocolError", "\(result)")
        #expect((slow["message"] as? String)?.contains("last_stream_id:3") == true, "\(slow)")
        #expect((result["again"] as? [String: Any])?["status"] as? Int == 200)
    }

    /// After the client's GOAWAY the server closes with a lingering close: a frame the client
    /// sends meanwhile is read and dropped, not answered with a TCP reset (h2spec 7/1 saw resets).
    @Test func theConnectionEndsAfterTheClientsGOAWAYWithoutAReset() throws {
        let live = try LiveServer()
        for _ in 0..<20 {
            let result = try Self.client(live, "goaway-then-ping", "-")
            #expect(result["closed"] as? Bool == true, "\(result)")
            #expect(result["reset"] as? Bool == false, "\(result)")
        }
    }

    /// A whole response still waiting behind the client's window when the client closes the
    /// connection: the history has it cut, not complete.
    @Test func aWholeResponseHeldWhenTheConnectionClosesIsCutInTheHistory() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "close-held", "/get?held=1")
        #expect(result["status"] as? Int == 200, "the head is not flow-controlled: \(result)")
        #expect(result["bytes"] as? Int == 0)
        var outcome: String?
        for _ in 0..<20 where outcome != "clientAborted" {
            let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests"]).json)
            let entry = (list["requests"] as? [[String: Any]] ?? []).first { $0["target"] as? String == "/get?held=1" }
            outcome = entry?["outcome"] as? String
            if outcome != "clientAborted" { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(outcome == "clientAborted")
    }

    @Test func aPingStormsAnswerIsRecordedOnce() throws {
        let live = try LiveServer()
        #expect(try Self.curl(live, "/get?x-set-response-fault=h2-ping-storm:10", ["-o", "/dev/null", "-H", "X-Boomerang-Session: ping"]).status == 0)
        #expect(try Self.curl(live, "/get?x-set-response-fault=h2-goaway", ["-o", "/dev/null", "-H", "X-Boomerang-Session: ping"]).status == 0)
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests?session=ping"]).json)
        #expect(list["total"] as? Int == 2, "\(list)")
    }

    /// RFC 7540 §3.3: h2c is never over TLS; an Upgrade: h2c on the HTTPS port is HTTP/1.1's.
    @Test func anUpgradeToH2COverTLSIsIgnored() throws {
        let server = try HTTPSTests.SecureServer()
        let output = try server.curl(
            "/get", ["--http1.1", "-H", "Connection: Upgrade, HTTP2-Settings", "-H", "Upgrade: h2c", "-H", "HTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA"])
        let echo = try #require(output.json, "\(output.stderr)")
        #expect(echo["httpVersion"] as? String == "1.1")
    }

    /// A request and its reset in one read: the answer is not handed to nghttp2 (which would
    /// keep it unsent for the connection's life), and the history has the exchange as aborted.
    @Test func aStreamResetInTheReadThatCompletedItIsNotAnswered() throws {
        let live = try LiveServer()
        _ = try Self.client(live, "reset-at-once", "/bytes/100000")
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests"]).json)
        let entries = list["requests"] as? [[String: Any]] ?? []
        let bytes = try #require(entries.first { $0["path"] as? String == "/bytes/100000" }, "\(entries)")
        #expect(bytes["outcome"] as? String != "complete", "\(bytes)")
    }

    @Test func trailersOverTheLimitAnswerTheirExchange431Once() throws {
        let live = try LiveServer { $0.maxHeaderBytes = 4096 }
        let result = try Self.client(live, "big-trailers", "8000")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] as? Int == 431, "\(stream)")
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests"]).json)
        let posts = (list["requests"] as? [[String: Any]] ?? []).filter { $0["path"] as? String == "/post" }
        #expect(posts.count == 1, "\(posts)")
        #expect(posts.first?["status"] as? Int == 431)
    }

    @Test func aStalledStreamIsCancelledAtTheIdleTimeout() throws {
        let live = try LiveServer { $0.idleTimeout = 1 }
        let result = try Self.client(live, "get", "/get?x-set-response-fault=stall")
        let stream = try #require(result["stream"] as? [String: Any])
        #expect(stream["status"] is NSNull)
        #expect(stream["reset"] as? Int == 0x8, "CANCEL")
    }

    @Test func anIdleConnectionGetsGOAWAYAtTheIdleTimeout() throws {
        let live = try LiveServer { $0.idleTimeout = 1 }
        let result = try Self.client(live, "idle", "5")
        #expect((result["goaway"] as? [String: Any])?["code"] as? Int == 0)
        #expect(result["closed"] as? Bool == true)
        let seconds = try #require(result["seconds"] as? Double)
        #expect(seconds < 5, "closed at the idle timeout, not at the client's deadline: \(seconds) s")
    }

    @Test func theHistoryShowsTheStreamTheConnectionAndTheHeadAsSent() throws {
        let live = try LiveServer()
        #expect(try Self.curl(live, "/get?h=1", ["-o", "/dev/null", "-H", "X-Boomerang-Session: h2"]).status == 0)
        let list = try #require(try ExternalTool.run("curl", ["-sS", live.baseURL + "/__admin/requests?session=h2"]).json)
        let summary = try #require((list["requests"] as? [[String: Any]])?.first)
        let id = try #require(summary["id"] as? Int)
        let entry = try #require(try Self.curl(live, "/__admin/requests/\(id)").json)
        let request = try #require(entry["request"] as? [String: Any])
        #expect(request["version"] as? String == "HTTP/2.0")
        #expect(request["url"] as? String == "http://\(live.authority)/get?h=1")
        let http2 = try #require(request["http2"] as? [String: Any])
        #expect(http2["stream"] as? Int == 1)
        let response = try #require(entry["response"] as? [String: Any])
        #expect((response["raw"] as? String)?.hasPrefix("HTTP/2 200\r\n") == true, "\(response)")
    }

    @Test func aDrainFinishesTheStreamInFlight() throws {
        let live = try LiveServer()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var output: ExternalTool.Output?
        Thread.detachNewThread {
            output = try? Self.curl(live, "/delay/1", ["-o", "/dev/null", "-w", "%{http_code} %{http_version}"])
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)
        live.server.shutdown()
        done.wait()
        let finished = try #require(output)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(String(decoding: finished.stdout, as: UTF8.self) == "200 2")
    }

    /// `curl --http2` on an http:// URL asks with `Upgrade: h2c`: a 101, then the request is
    /// answered on stream 1 in HTTP/2. A request with a body stays in HTTP/1.1 (RFC 7540 §3.2
    /// lets the server ignore the upgrade).
    @Test func anUpgradeToH2CAnswersTheRequestOnStream1() throws {
        let live = try LiveServer()
        let output = try ExternalTool.run("curl", ["-sS", "-v", "--http2", live.baseURL + "/get?u=1"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("< HTTP/1.1 101 Switching Protocols"), "\(output.stderr)")
        let echo = try #require(output.json)
        #expect(echo["httpVersion"] as? String == "2")
        let http2 = try #require(echo["http2"] as? [String: Any])
        #expect(http2["stream"] as? Int == 1)
        #expect((http2["pseudoHeaders"] as? [[String]])?.first == [":method", "GET"])
        let raw = try #require(echo["headersRaw"] as? [[String]])
        #expect(!raw.contains { ["upgrade", "http2-settings", "connection", "host"].contains($0.first?.lowercased() ?? "") }, "\(raw)")
        let post = try #require(try ExternalTool.run("curl", ["-sS", "--http2", "-d", "a=1", live.baseURL + "/post"]).json)
        #expect(post["httpVersion"] as? String == "1.1")
        let off = try LiveServer { $0.h2c = false }
        let plain = try #require(try ExternalTool.run("curl", ["-sS", "--http2", off.baseURL + "/get"]).json)
        #expect(plain["httpVersion"] as? String == "1.1")
    }

    /// An h2c upgrade can ask for the settings the TLS scenarios announce (`x-set-http2-edge`):
    /// its connection's SETTINGS and frames are the scenario's. A name there is no edge of is
    /// answered 400 in HTTP/1.1, naming the edges.
    @Test func anUpgradeToH2CCanAskForTheSettingsAtTheEdges() throws {
        let live = try LiveServer()
        let oneStream = try ExternalTool.run("nghttp", ["-nvu", "-H", "x-set-http2-edge: h2-one-stream", live.baseURL + "/get"])
        #expect(oneStream.status == 0, "\(oneStream.stderr)")
        let settings = String(decoding: oneStream.stdout, as: UTF8.self)
        #expect(settings.contains("HTTP Upgrade success"), "\(settings)")
        #expect(settings.contains("[SETTINGS_MAX_CONCURRENT_STREAMS(0x03):1]"), "\(settings)")
        let tinyFrames = try ExternalTool.run("nghttp", ["-nvu", live.baseURL + "/bytes/100?x-set-http2-edge=h2-tiny-frames"])
        let frames = String(decoding: tinyFrames.stdout, as: UTF8.self)
        #expect(frames.components(separatedBy: "recv DATA frame <length=1,").count - 1 == 100, "\(frames)")
        // Without the control: the server's own settings.
        let plain = String(decoding: try ExternalTool.run("nghttp", ["-nvu", live.baseURL + "/get"]).stdout, as: UTF8.self)
        #expect(plain.contains("[SETTINGS_MAX_CONCURRENT_STREAMS(0x03):100]"), "\(plain)")
        // The echo names the edges its connection runs with (curl upgrades an http:// URL).
        for (field, edges) in [("x-set-http2-edge: h2-tiny-window", "h2-tiny-window"), ("x-other: 1", nil)] {
            let echo = try #require(try ExternalTool.run("curl", ["-sS", "--http2", "-H", field, live.baseURL + "/get"]).json)
            #expect(echo["httpVersion"] as? String == "2")
            let http2 = try #require(echo["http2"] as? [String: Any])
            #expect(http2["edges"] as? String == edges, "\(http2)")
            #expect(http2.keys.contains("edges"))
        }
        let unknown = try ExternalTool.run("curl", ["-sS", "--http2", "-H", "x-set-http2-edge: h2-huge", live.baseURL + "/get"])
        let body = try #require(unknown.json)
        let error = try #require(body["error"] as? [String: Any])
        #expect(error["status"] as? Int == 400)
        #expect(error["code"] as? String == "invalidControl")
        #expect((error["message"] as? String)?.hasSuffix("expected h2-one-stream, h2-tiny-window, h2-tiny-frames or h2-no-hpack-table") == true)
    }

    /// Any HTTP/2 request can ask for edges by name midway: a SETTINGS frame announces them
    /// before its answer, and they replace those the connection ran with. Here with prior
    /// knowledge, where no request comes before the server's first SETTINGS.
    @Test func anHTTP2RequestCanAskForTheEdgesMidway() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "edges-midway", "/get")
        let asked = try #require(result["asked"] as? [[String: Any]], "\(result)")
        try #require(asked.count == 2)
        #expect(asked[0]["status"] as? Int == 200)
        #expect(asked[0]["edges"] as? String == "h2-tiny-window")
        #expect(asked[0]["initialWindowSize"] as? Int == 1, "\(asked[0])")
        #expect(asked[0]["maxConcurrentStreams"] as? Int == 100)
        #expect(result["uploadFrames"] as? Int == 10, "a byte per frame under the new window: \(result)")
        #expect(result["uploadStatus"] as? Int == 200)
        #expect(result["uploadData"] as? String == "0123456789")
        #expect(asked[1]["edges"] as? String == "h2-one-stream")
        #expect(asked[1]["maxConcurrentStreams"] as? Int == 1, "\(asked[1])")
        #expect(asked[1]["initialWindowSize"] as? Int == 65_535, "the window's edge was replaced: \(asked[1])")

        let tinyFrames = try ExternalTool.run("nghttp", ["-nv", live.baseURL + "/bytes/100?x-set-http2-edge=h2-tiny-frames"])
        let frames = String(decoding: tinyFrames.stdout, as: UTF8.self)
        #expect(frames.components(separatedBy: "recv DATA frame <length=1,").count - 1 == 100, "\(frames)")
        // The query's value is percent-decoded, as the echo that checks it decodes it.
        let encoded = try #require(try Self.curl(live, "/get?x-set-http2-edge=h2-tiny%2Dwindow%20").json)
        #expect((encoded["http2"] as? [String: Any])?["edges"] as? String == "h2-tiny-window", "\(encoded)")
        // A name there are no edges of is refused on every route, not only by the echo.
        let unknown = try Self.curl(live, "/bytes/10?x-set-http2-edge=h2-huge", ["-o", "/dev/null", "-w", "%{http_code}"])
        #expect(String(decoding: unknown.stdout, as: UTF8.self) == "400")
        let table = try #require(try Self.curl(live, "/get?x-set-http2-edge=h2-no-hpack-table").json)
        let error = try #require(table["error"] as? [String: Any], "the encoder's table cannot change midway: \(table)")
        #expect(error["code"] as? String == "invalidControl")

        let secure = try HTTPSTests.SecureServer()
        let echo = try #require(try secure.curl("/get", ["--http2", "-H", "x-set-http2-edge: h2-tiny-frames"]).json)
        #expect((echo["http2"] as? [String: Any])?["edges"] as? String == "h2-tiny-frames", "\(echo)")
    }

    /// A change of edges waits for the client's ACK of the last one: nghttp2 keeps every
    /// unacknowledged SETTINGS, so a client that never acknowledges could otherwise make it keep
    /// one per request. Refused 409 meanwhile; served once the ACK came.
    @Test func aChangeOfEdgesWaitsForTheLastOnesAcknowledgement() throws {
        let live = try LiveServer()
        let result = try Self.client(live, "edges-unacknowledged", "/get")
        let first = try #require(result["first"] as? [String: Any], "\(result)")
        #expect(first["status"] as? Int == 200)
        #expect(first["changes"] as? Int == 1, "one SETTINGS for the change: \(result)")
        let second = try #require(result["second"] as? [String: Any])
        #expect(second["status"] as? Int == 409, "\(result)")
        #expect(second["changes"] as? Int == 1, "no second SETTINGS while the first waits: \(result)")
        let third = try #require(result["third"] as? [String: Any])
        #expect(third["status"] as? Int == 200, "\(result)")
        #expect(third["changes"] as? Int == 2, "\(result)")
    }

    @Test func withH2COffThePrefaceIsRefusedAsHTTP11() throws {
        let live = try LiveServer { $0.h2c = false }
        let output = try Self.curl(live, "/get")
        #expect(output.status != 0)
        #expect(try live.fetch("/get").status == 200)
    }

    @Test func theHTTPSPortOffersH2ByALPNUnlessHTTP2IsOff() throws {
        let on = try HTTPSTests.SecureServer()
        let echo = try #require(try on.curl("/get", ["--http2"]).json)
        #expect(echo["httpVersion"] as? String == "2")
        #expect((echo["tls"] as? [String: Any])?["alpn"] as? String == "h2")
        #expect((echo["http2"] as? [String: Any])?["stream"] as? Int == 1)
        #expect(echo["url"] as? String == "https://localhost:\(on.httpsPort)/get")

        let off = try HTTPSTests.SecureServer { $0.http2 = false }
        let plain = try #require(try off.curl("/get", ["--http2"]).json)
        #expect(plain["httpVersion"] as? String == "1.1")
        #expect((plain["tls"] as? [String: Any])?["alpn"] as? String == "http/1.1")
    }
}
