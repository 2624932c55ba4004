import BoomerangTesting
import Foundation
import Testing

/// The web page over HTTPS in headless Chromium (`scripts/browser/https_check.py`): the root
/// trusted through an NSS database, the echo's tls object read by the page, a failed handshake
/// listed and explained, and the CA's name constraints enforced by Chromium.
@Suite struct PageHTTPSBrowserTests {
    @Test func thePageOverHTTPSAFailedHandshakeAndTheNameConstraintsInChromium() throws {
        let repository = PageBrowserTests.repository
        let python = repository.appendingPathComponent(".build/browser-venv/bin/python").path
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "no Selenium environment at \(python): run `make browser-deps` (make test does)")
        let folder = FileManager.default.temporaryDirectory.appending(path: "boomerang-page-https-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let live = try LiveServer(threads: 2) {
            $0.publicDirectory = repository.appendingPathComponent("public").path
            $0.httpsPort = 0
            $0.tlsStateDirectory = folder
        }
        let port = try #require(live.httpsPort)
        let artifacts = repository.appendingPathComponent(".build/artifacts/page-https").path
        let output = try ExternalTool.run(
            python, [repository.appendingPathComponent("scripts/browser/https_check.py").path, String(port), folder, artifacts])
        let printed = String(decoding: output.stdout, as: UTF8.self)
        #expect(output.status == 0, "\(printed)\n\(output.stderr)")
        #expect(printed.contains("https check: ok"))
        #expect(FileManager.default.fileExists(atPath: artifacts + "/handshake-failure.png"))
    }
}
