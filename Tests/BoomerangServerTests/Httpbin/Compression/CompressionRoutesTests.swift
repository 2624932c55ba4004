import BoomerangExchange
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// `/gzip`, `/deflate`, `/brotli` and `/zstd`, decoded by the system's own tools.
@Suite struct CompressionRoutesTests {
    /// The route's raw body, decoded by `decoder`.
    private func decoded(_ server: InProcessServer, _ path: String, _ decoder: [String]) throws -> (TestResponse, [String: Any]) {
        let response = try server.fetch(path, headers: [("X-Probe", "1")])
        let tool = try ExternalTool.run(decoder[0], Array(decoder.dropFirst()), input: Data(response.body))
        #expect(tool.status == 0, "\(decoder[0]): \(tool.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: tool.stdout) as? [String: Any])
        return (response, json)
    }

    @Test(arguments: [
        ("/gzip", "gzip", "gzipped", ["gzip", "-dc"]),
        ("/deflate", "deflate", "deflated", ["python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"]),
        ("/brotli", "br", "brotli", ["brotli", "-dc"]),
        ("/zstd", "zstd", "zstd", ["zstd", "-dc"]),
    ])
    func eachRouteIsCodedAndDecodesToHttpbinsShape(path: String, coding: String, flag: String, decoder: [String]) throws {
        let server = InProcessServer()
        let (response, json) = try decoded(server, path, decoder)
        #expect(response.status == 200)
        #expect(response.header("Content-Encoding") == coding)
        #expect(response.header("Content-Type") == "application/json")
        #expect(Set(json.keys) == [flag, "headers", "method", "origin"])
        #expect(json[flag] as? Bool == true)
        #expect((json["headers"] as? [String: Any])?["X-Probe"] as? String == "1")
        #expect(json["method"] as? String == "GET")
    }
}
