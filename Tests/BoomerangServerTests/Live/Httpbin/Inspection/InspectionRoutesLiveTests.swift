import BoomerangSerialization
import BoomerangTesting
import Crypto
import Foundation
import Testing

@testable import BoomerangServer

/// The inspection routes with a real client (curl).
@Suite struct InspectionRoutesLiveTests {
    @Test func uploadCountsAndHashesWithoutEchoing() throws {
        let live = try LiveServer()
        let bytes = [UInt8]((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = try TemporaryFile(name: "upload.bin", bytes: bytes)
        let output = try ExternalTool.run("curl", ["-sS", "-T", file.path, "-H", "Transfer-Encoding: chunked", live.baseURL + "/upload?k=v"])
        let json = try #require(output.json, "\(output.stderr)")
        #expect((json["bytes_received"] as? NSNumber)?.intValue == bytes.count)
        #expect(json["sha256"] as? String == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
        #expect(json["method"] as? String == "PUT")
        #expect((json["args"] as? [String: Any])?["k"] as? String == "v")
        #expect(output.stdout.count < 4096)
    }
}
