import BoomerangHTTP2Wire
import BoomerangTesting
import Foundation
import Testing

/// ``HTTP2Session`` under real clients over a loopback socket: curl with HTTP/2 by prior knowledge
/// (Debian's curl is built with nghttp2) and nghttp (nghttp2-client). curl 7.88 fails the second
/// of two URLs on one prior-knowledge connection before sending it (error 16), so the test of
/// several streams uses nghttp.
@Suite struct HTTP2SessionTests {
    /// Answers each request when it ends with `METHOD PATH bytes=N` (N the body's length), and
    /// opens the window for each body chunk as it is consumed.
    static func echo() throws -> HTTP2TestServer {
        final class Requests: @unchecked Sendable {
            var heads: [Int32: HTTP2RequestHead] = [:]
            var sizes: [Int32: Int] = [:]
        }
        let requests = Requests()
        return try HTTP2TestServer { session, event, _ in
            switch event {
            case .request(let head):
                requests.heads[head.streamID] = head
            case .body(let stream, let bytes):
                requests.sizes[stream, default: 0] += bytes.count
                session.consume(stream: stream, count: bytes.count)
            case .requestEnded(let stream):
                let head = try #require(requests.heads[stream])
                let text = "\(head.method) \(head.path) bytes=\(requests.sizes[stream] ?? 0)"
                try session.respond(
                    stream: stream, status: 200, fields: [HTTP2Field("Content-Type", "text/plain"), HTTP2Field("X-Stream", String(stream))],
                    body: .complete(Array(text.utf8)))
            default:
                break
            }
        }
    }

    /// nghttp (nghttp2-client) sends both requests at once on one connection.
    @Test func requestsOnOneConnectionAreAnsweredOnTheirOwnStreams() throws {
        let server = try Self.echo()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let result = try ExternalTool.run("nghttp", ["-v", base + "/first?a=1", base + "/second"])
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0, "\(text)\n\(result.stderr)")
        #expect(text.contains("GET /first?a=1 bytes=0") && text.contains("GET /second bytes=0"), "\(text)")
        let heads = server.events.compactMap { event -> HTTP2RequestHead? in
            if case .request(let head) = event { return head }
            return nil
        }
        // nghttp opens streams 1 to 11 for its priority tree (PRIORITY frames only), then the requests.
        #expect(heads.map(\.streamID) == [13, 15])
        for head in heads { #expect(text.contains("x-stream: \(head.streamID)"), "each answer on its own stream: \(text)") }
        #expect(heads.first?.pseudoFields.map(\.name) == [":method", ":path", ":scheme", ":authority"], "as nghttp sends them")
        #expect(heads.first?.authority == "127.0.0.1:\(server.port)")
        #expect(heads.first?.fields.contains(HTTP2Field("user-agent", "nghttp2/1.52.0")) == true, "\(heads)")
        #expect(server.errors.isEmpty, "\(server.errors)")
    }

    /// A body 16 times the stream window arrives whole: the window reopens as the server
    /// consumes what came, and only then.
    @Test func aBodyLargerThanTheWindowArrivesAsItIsConsumed() throws {
        let server = try Self.echo()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appending(path: "boomerang-h2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "body.bin")
        try Data(repeating: 0x61, count: 16 * 65_535).write(to: file)
        let result = try ExternalTool.run("curl", [
            "-sS", "--http2-prior-knowledge", "--data-binary", "@" + file.path, "http://127.0.0.1:\(server.port)/upload",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "POST /upload bytes=\(16 * 65_535)")
        let chunks = server.events.filter { if case .body = $0 { true } else { false } }
        #expect(chunks.count >= 16, "the body came in window-sized pieces or smaller")
    }

    /// A streamed body, sent in pieces after the head (the library is told to wait in between),
    /// ends with trailers that curl shows.
    @Test func aStreamedBodyEndsWithTrailers() throws {
        let server = try HTTP2TestServer { session, event, flush in
            guard case .requestEnded(let stream) = event else { return }
            try session.respond(stream: stream, status: 200, fields: [HTTP2Field("trailer", "x-checksum")], body: .streamed)
            flush()
            for piece in ["one ", "two ", "three"] {
                try session.send(stream: stream, Array(piece.utf8))
                flush()
            }
            try session.finish(stream: stream, trailers: [HTTP2Field("X-Checksum", "abc123")])
        }
        defer { server.stop() }
        let result = try ExternalTool.run("curl", ["-sS", "--http2-prior-knowledge", "-D", "/dev/stderr", "http://127.0.0.1:\(server.port)/stream"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "one two three")
        #expect(result.stderr.contains("x-checksum: abc123"), "curl prints trailers with the headers: \(result.stderr)")
    }

    /// A header list over the announced limit is refused on its stream alone, which stays open
    /// for the answer (a 431 here); the connection serves on.
    @Test func aHeaderListOverTheLimitIsRefusedOnItsStreamAlone() throws {
        var configuration = HTTP2Configuration()
        configuration.maxHeaderListSize = 8 << 10
        let server = try HTTP2TestServer(configuration: configuration) { session, event, _ in
            switch event {
            case .requestEnded(let stream):
                try session.respond(stream: stream, status: 204, fields: [], body: .empty)
            case .refused(let stream, _):
                try session.respond(stream: stream, status: 431, fields: [], body: .empty)
            default:
                break
            }
        }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let big = try ExternalTool.run(
            "curl", ["-sS", "--http2-prior-knowledge", "-o", "/dev/null", "-w", "%{http_code}", "-H", "X-Big: " + String(repeating: "b", count: 12 << 10), base + "/big"])
        #expect(String(decoding: big.stdout, as: UTF8.self) == "431", "\(big.stderr)")
        #expect(server.events.contains(.refused(stream: 1, reason: .headerListTooLarge)), "\(server.events)")
        #expect(!server.events.contains(.requestEnded(stream: 1)), "the refused request is not handed on: \(server.events)")
        let small = try ExternalTool.run("curl", ["-sS", "--http2-prior-knowledge", "-o", "/dev/null", "-w", "%{http_code}", base + "/small"])
        #expect(String(decoding: small.stdout, as: UTF8.self) == "204", "\(small.stderr)")
    }

    /// HTTP/1.1 where the preface should be: a typed error at the connection's first byte.
    @Test func http1WhereThePrefaceShouldBeIsABadPreface() throws {
        let session = try HTTP2Session()
        _ = try session.takeOutput()
        let request = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        #expect(throws: HTTP2Error(.badPreface, offset: 0, library: -903)) {
            try request.withUnsafeBytes { try session.receive($0) }
        }
    }

    /// A malformed frame (a SETTINGS payload that is not a whole number of settings) ends the
    /// connection with GOAWAY FRAME_SIZE_ERROR, which the output carries.
    @Test func aMalformedFrameEndsTheConnectionWithGoAway() throws {
        let session = try HTTP2Session()
        _ = try session.takeOutput()
        let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
        let badSettings: [UInt8] = [0, 0, 5, 0x4, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5]
        let events = try (preface + badSettings).withUnsafeBytes { try session.receive($0) }
        #expect(events.isEmpty)
        let output = try session.takeOutput()
        let goAway = try #require(Self.frames(output).first { $0.type == 0x7 }, "\(output)")
        #expect(goAway.payload.count >= 8)
        #expect(goAway.payload[4..<8].reduce(0) { $0 << 8 | UInt32($1) } == 0x6, "FRAME_SIZE_ERROR")
        #expect(session.isFinished)
    }

    /// The frames in `bytes`: type and payload.
    static func frames(_ bytes: [UInt8]) -> [(type: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        var offset = 0
        while offset + 9 <= bytes.count {
            let length = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            guard offset + 9 + length <= bytes.count else { break }
            frames.append((bytes[offset + 3], Array(bytes[(offset + 9)..<(offset + 9 + length)])))
            offset += 9 + length
        }
        return frames
    }

    /// The server's first output is its SETTINGS frame, carrying the configured limits.
    @Test func theFirstOutputIsTheServersSettings() throws {
        var configuration = HTTP2Configuration()
        configuration.maxConcurrentStreams = 7
        let output = try HTTP2Session(configuration: configuration).takeOutput()
        #expect(output.count == 9 + 5 * 6, "one SETTINGS frame with five settings")
        #expect(output[3] == 0x4, "type SETTINGS")
        #expect(Self.settings(in: output) == [0x3: 7, 0x4: 65_535, 0x5: 16_384, 0x6: 64 << 10, 0x8: 1], "ENABLE_CONNECT_PROTOCOL (0x8) for RFC 8441")
    }

    /// The edges a scenario asks for, in the settings announced (the TLS scenario tests count
    /// the small DATA frames with a client).
    @Test func edgesChangeTheSettingsAnnounced() throws {
        var configuration = HTTP2Configuration()
        configuration.maxConcurrentStreams = 1
        configuration.initialWindowSize = 1
        configuration.headerTableSize = 0
        configuration.maxDataFrameBytes = 3
        configuration.enablesConnectProtocol = false
        let session = try HTTP2Session(configuration: configuration)
        let settings = Self.settings(in: try session.takeOutput())
        #expect(settings == [0x3: 1, 0x4: 1, 0x5: 16_384, 0x6: 64 << 10, 0x1: 0])
    }

    /// The settings of the SETTINGS frame that opens `output`, by id.
    static func settings(in output: [UInt8]) -> [Int: Int] {
        let length = Int(output[0]) << 16 | Int(output[1]) << 8 | Int(output[2])
        let payload = Array(output[9..<(9 + length)])
        var settings: [Int: Int] = [:]
        for offset in stride(from: 0, to: payload.count, by: 6) {
            settings[Int(payload[offset]) << 8 | Int(payload[offset + 1])] = payload[(offset + 2)..<(offset + 6)].reduce(0) { $0 << 8 | Int($1) }
        }
        return settings
    }
}
