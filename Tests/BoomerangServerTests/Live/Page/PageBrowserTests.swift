import BoomerangTesting
import Foundation
import Testing

/// The web page in a real browser: headless Chromium driven by Selenium (`scripts/browser/page_check.py`),
/// against a live server serving the repository's `public/` folder. `make test` installs Chromium,
/// its driver and a virtual environment with Selenium (`make browser-deps`).
@Suite struct PageBrowserTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theLiveListTheDetailTheBuilderAndCapturedMarkupInChromium() throws {
        let python = Self.repository.appendingPathComponent(".build/browser-venv/bin/python").path
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "no Selenium environment at \(python): run `make browser-deps` (make test does)")
        let live = try LiveServer(threads: 2) { $0.publicDirectory = Self.repository.appendingPathComponent("public").path }
        let artifacts = Self.repository.appendingPathComponent(".build/artifacts/page").path
        let output = try ExternalTool.run(
            python, [Self.repository.appendingPathComponent("scripts/browser/page_check.py").path, String(live.port), artifacts])
        let printed = String(decoding: output.stdout, as: UTF8.self)
        #expect(output.status == 0, "\(printed)\n\(output.stderr)")
        #expect(printed.contains("page check: ok"))
        for screenshot in ["list.png", "detail.png", "headers.png", "builder.png"] {
            #expect(FileManager.default.fileExists(atPath: artifacts + "/" + screenshot), "\(screenshot) was saved")
        }
    }
}
