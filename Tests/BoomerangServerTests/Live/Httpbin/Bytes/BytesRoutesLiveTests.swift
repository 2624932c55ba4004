import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// The byte routes with a real client (curl).
@Suite struct BytesRoutesLiveTests {
    @Test func curlResumesARange() throws {
        let live = try LiveServer()
        let output = try ExternalTool.run("curl", ["-sS", "-r", "5-9", live.baseURL + "/range/26"])
        #expect(String(decoding: output.stdout, as: UTF8.self) == "fghij")
    }
}
