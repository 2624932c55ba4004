import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// The compression routes decoded by real clients (curl).
@Suite struct CompressionRoutesLiveTests {
    @Test func curlDecodesEveryRouteItself() throws {
        let live = try LiveServer()
        for path in ["/gzip", "/deflate", "/brotli", "/zstd"] {
            let curl = try ExternalTool.run("curl", ["-s", "--compressed", "-X", "POST", live.baseURL + path])
            #expect(curl.status == 0)
            #expect((curl.json?["method"] as? String) == "POST", "\(path)")
        }
    }
}
