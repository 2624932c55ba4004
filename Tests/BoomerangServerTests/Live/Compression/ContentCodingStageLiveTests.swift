import BoomerangCompression
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// The content-coding stage with a real client that decodes (curl).
@Suite struct ContentCodingStageLiveTests {
    @Test func withTheSettingEveryRouteIsNegotiatedAndCurlDecodesIt() throws {
        let live = try LiveServer { $0.compressResponses = true }
        for coding in ["gzip", "deflate", "br", "zstd"] {
            let curl = try ExternalTool.run(
                "curl", ["-s", "-D", "/dev/stderr", "--compressed", "-H", "Accept-Encoding: \(coding)", live.baseURL + "/get?c=\(coding)"])
            #expect(curl.status == 0)
            #expect(curl.stderr.lowercased().contains("content-encoding: \(coding)"))
            #expect(((curl.json?["args"] as? [String: Any])?["c"] as? String) == coding)
        }
        let plain = try live.fetch("/get")
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary") == "Accept-Encoding")
    }

    @Test func curlDecodesACompressedStream() throws {
        let live = try LiveServer { $0.compressResponses = true }
        let curl = try ExternalTool.run("curl", ["-s", "--compressed", "-H", "Accept-Encoding: zstd", live.baseURL + "/sse?count=2&duration=0.1"])
        #expect(String(decoding: curl.stdout, as: UTF8.self).components(separatedBy: "event: ping\n").count == 3)
    }
}
