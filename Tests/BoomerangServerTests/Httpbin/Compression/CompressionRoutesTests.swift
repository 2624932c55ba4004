import BoomerangExchange
import Foundation
import Testing

@testable import BoomerangServer

/// `/gzip`, `/deflate`, `/brotli` and `/zstd`, decoded by the system's own tools.
@Suite struct CompressionRoutesTests {
    /// The route's raw body, decoded by `decoder`.
    private func decoded(_ live: LiveServer, _ path: String, _ decoder: [String]) throws -> (RawConnection.Response, [String: Any]) {
        let response = try RawConnection.fetch(live, path, headers: [("X-Probe", "1")])
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
        let live = try LiveServer()
        let (response, json) = try decoded(live, path, decoder)
        #expect(response.status == 200)
        #expect(response.header("Content-Encoding") == coding)
        #expect(response.header("Content-Type") == "application/json")
        #expect(Set(json.keys) == [flag, "headers", "method", "origin"])
        #expect(json[flag] as? Bool == true)
        #expect((json["headers"] as? [String: Any])?["X-Probe"] as? String == "1")
        #expect(json["method"] as? String == "GET")
    }

    @Test func curlDecodesEveryRouteItself() throws {
        let live = try LiveServer()
        for path in ["/gzip", "/deflate", "/brotli", "/zstd"] {
            let curl = try ExternalTool.run("curl", ["-s", "--compressed", "-X", "POST", live.baseURL + path])
            #expect(curl.status == 0)
            #expect((curl.json?["method"] as? String) == "POST", "\(path)")
        }
    }
}
