import BoomerangTesting
import Foundation
import Testing

/// The framing rows of `HostileInputTests` (F12, F13, H03, H11, H13–H15, B02, B05, B08–B10,
/// C03–C06, C10, C11, C13, K11) given to h11 and to Boomerang by `h11_differential.py`, as
/// `H11DifferentialTests` does for `ConnectionFramingTests`' rows: a disagreement fails unless the
/// script lists it with its reason.
@Suite struct H11HostileFramingRowsTests {
    @Test func hostileFramingRowsAgreeWithH11OrAreJustified() throws {
        let live = try LiveServer()
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let package = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let venv = package.appending(path: ".build/h11-venv").path
        let rows = HostileInputTests.framingRows.map { ["id": $0.id, "payload": Data($0.payload).base64EncodedString()] }
        let file = try TemporaryFile(name: "hostile-rows.json", bytes: Array(try JSONSerialization.data(withJSONObject: rows)))
        let output = try ExternalTool.run(
            "python3", [here.appending(path: "h11_differential.py").path, "--rows", file.path, "--boomerang", live.baseURL, "--venv", venv])
        let text = String(decoding: output.stdout, as: UTF8.self)
        print(text)
        // The script judges only the listed differences whose rows are in the run, so its status
        // is strict here too: no unlisted difference, and no listed one that now agrees.
        let unlisted = text.split(separator: "\n").filter { $0.hasPrefix("DIFFER") || $0.hasPrefix("STALE") }
        #expect(unlisted.isEmpty, "\(unlisted.joined(separator: "\n"))")
        #expect(output.status == 0, "\(text)\n\(output.stderr)")
        #expect(text.contains("\(rows.count) payloads:"), "the script did not run: \(text)\n\(output.stderr)")
    }
}
