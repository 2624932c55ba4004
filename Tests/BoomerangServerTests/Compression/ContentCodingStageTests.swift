import BoomerangCompression
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// Coded request bodies decoded before the echo, the decompression-bomb limit, and response
/// compression negotiated on every route, each with real tools (curl, gzip, brotli, zstd, Python).
@Suite struct ContentCodingStageTests {
    static let json = Array(#"{"greeting":"hello","list":[1,2,3]}"#.utf8)

    /// `bytes` coded by a command that reads standard input.
    private func code(_ bytes: [UInt8], _ command: [String]) throws -> [UInt8] {
        let tool = try ExternalTool.run(command[0], Array(command.dropFirst()), input: Data(bytes))
        #expect(tool.status == 0, "\(command[0]): \(tool.stderr)")
        return Array(tool.stdout)
    }

    @Test(arguments: [
        ("gzip", ["gzip", "-c"]),
        ("deflate", ["python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read()))"]),
        ("br", ["brotli", "-c"]),
        ("zstd", ["zstd", "-c", "-q"]),
    ])
    func aCodedBodyIsDecodedBeforeTheEcho(coding: String, command: [String]) throws {
        let server = InProcessServer()
        let coded = try code(Self.json, command)
        let response = try server.fetch("POST", "/post", headers: [("Content-Type", "application/json"), ("Content-Encoding", coding)], body: coded)
        #expect(response.status == 200)
        let echo = try #require(response.json)
        #expect((echo["json"] as? [String: Any])?["greeting"] as? String == "hello")
        #expect(echo["data"] as? String == String(decoding: Self.json, as: UTF8.self))
        let body = try #require(echo["body"] as? [String: Any])
        #expect(body["contentEncoding"] as? [String] == [coding])
        #expect((body["size"] as? NSNumber)?.intValue == Self.json.count)
        let codes = (echo["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        #expect(codes.contains("bodyDecoded"))
    }

    @Test func twoCodingsAreUndoneInReverseOrder() throws {
        let server = InProcessServer()
        let coded = try code(try code(Self.json, ["gzip", "-c"]), ["zstd", "-c", "-q"])
        let response = try server.fetch("POST", "/anything", headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip, zstd")], body: coded)
        #expect(response.status == 200)
        #expect(((response.json?["body"] as? [String: Any])?["contentEncoding"] as? [String]) == ["gzip", "zstd"])
        #expect(response.json?["data"] as? String == String(decoding: Self.json, as: UTF8.self))
    }

    @Test func aDecompressionBombIsRefusedWithoutInflatingItWhole() throws {
        let server = InProcessServer { $0.maxBufferedBodyBytes = 1 << 20 }
        let bomb = try ExternalTool.run(
            "python3", ["-c", "import sys, gzip; sys.stdout.buffer.write(gzip.compress(bytes(64 << 20)))"])
        #expect(bomb.status == 0)
        #expect(bomb.stdout.count < 200_000)
        let connection = server.connect()
        let response = try connection.request(
            "POST", "/post", headers: [("Content-Type", "application/octet-stream"), ("Content-Encoding", "gzip")],
            body: Array(bomb.stdout))
        #expect(response.status == 413)
        #expect(response.errorCode == "decodedBodyTooLarge")
        let message = ((response.json?["error"] as? [String: Any])?["message"] as? String) ?? ""
        #expect(message.contains("1048576"))
        #expect(try connection.request("/get").status == 200)
    }

    @Test func anUnknownCodingIs415WithTheCodingsAccepted() throws {
        let server = InProcessServer()
        let response = try server.fetch("POST", "/post", headers: [("Content-Encoding", "compress")], body: Array("x".utf8))
        #expect(response.status == 415)
        #expect(response.errorCode == "unsupportedContentEncoding")
        #expect(response.header("Accept-Encoding") == "gzip, deflate, br, zstd")
        let bodiless = try server.fetch("/get", headers: [("Content-Encoding", "compress")])
        #expect(bodiless.status == 200)
    }

    @Test func corruptDataIs400AndTheServerKeepsServing() throws {
        let server = InProcessServer()
        let connection = server.connect()
        let response = try connection.request(
            "POST", "/post", headers: [("Content-Encoding", "gzip")], body: Array("this is not gzip at all".utf8))
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidCodedBody")
        var truncated = try code(Self.json, ["gzip", "-c"])
        truncated.removeLast(8)
        #expect(try connection.request("POST", "/post", headers: [("Content-Encoding", "gzip")], body: truncated).status == 400)
        #expect(try connection.request("/get").status == 200)
    }

    @Test func dumpRequestShowsTheCodedBodyAsReceived() throws {
        let server = InProcessServer()
        let coded = try code(Self.json, ["gzip", "-c"])
        let response = try server.fetch("POST", "/dump/request", headers: [("Content-Encoding", "gzip")], body: coded)
        #expect(response.status == 200)
        #expect(Array(response.body.suffix(coded.count)) == coded)
    }

    @Test func responsesAreLeftAloneByDefault() throws {
        let server = InProcessServer()
        let response = try server.fetch("/get", headers: [("Accept-Encoding", "gzip, br, zstd")])
        #expect(response.header("Content-Encoding") == nil)
        #expect(response.json != nil)
    }

    @Test func aRequestCanAskForCompressionWithTheControl() throws {
        let server = InProcessServer()
        let auto = try server.fetch("/get?x-set-response-encoding=auto", headers: [("Accept-Encoding", "gzip;q=0.5, br")])
        #expect(auto.header("Content-Encoding") == "br")
        #expect(auto.header("Vary") == "Accept-Encoding")
        let forced = try server.fetch("/get", headers: [("x-set-response-encoding", "gzip")])
        #expect(forced.header("Content-Encoding") == "gzip")
        let json = try code(forced.body, ["gzip", "-dc"])
        #expect((try? JSONSerialization.jsonObject(with: Data(json))) != nil)
        #expect(try server.fetch("/get?x-set-response-encoding=lzma").status == 400)
    }

    @Test func aStreamedBodyIsCompressedChunkByChunk() throws {
        let server = InProcessServer { $0.compressResponses = true }
        let wire = try ChunkedWire.get(server, "/stream/3", headers: ["Accept-Encoding: gzip"])
        #expect(wire.header("Content-Encoding") == "gzip")
        let lines = String(decoding: try code(wire.body, ["gzip", "-dc"]), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 3)
        // Each line's chunk decodes on its own to that line: the coder is flushed at every piece.
        let decompressor = try Decompressor(contentEncoding: "gzip")
        let decoded = try wire.chunks.map { String(decoding: try decompressor.decompress($0), as: UTF8.self) }
        try decompressor.finish()
        #expect(decoded == lines.map { $0 + "\n" } + [""])
    }
}
