import BoomerangTesting
import Foundation
import Testing

/// The same requests to a real httpbin (PyPI, in a virtual environment cached under `.build/`)
/// and to Boomerang, compared route by route by `httpbin_compat.py`: status, the headers that
/// matter, and the JSON shapes. Differences listed there as deliberate (and in docs/endpoints.md) pass.
@Suite struct HttpbinCompatibilityTests {
    @Test func boomerangAnswersAsHttpbinDoes() throws {
        let live = try LiveServer(threads: 2)
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let package = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let venv = package.appending(path: ".build/httpbin-compat-venv").path
        let output = try ExternalTool.run(
            "python3", [here.appending(path: "httpbin_compat.py").path, "--boomerang", live.baseURL, "--venv", venv])
        let text = String(decoding: output.stdout, as: UTF8.self)
        print(text)
        #expect(output.status == 0, "\(text)\n\(output.stderr)")
        #expect(text.contains(" 0 differ"), "\(text)")
    }
}
