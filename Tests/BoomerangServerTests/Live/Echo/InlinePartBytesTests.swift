import BoomerangSamples
import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangEcho
@testable import BoomerangServer

/// A part whose size the request does not bound goes to a temporary file past 1 MiB and comes
/// back whole; a part bounded by `Content-Length` stays in memory.
@Suite struct InlinePartBytesTests {
    private static func feed(_ bytes: [UInt8], into inline: inout InlinePartBytes, chunk: Int) {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            bytes[offset..<end].withUnsafeBytes { inline.append($0) }
            offset = end
        }
    }

    @Test func unboundedPartSpillsAndComesBackWhole() {
        var seeded = SplitMix64(seed: 11)
        let bytes = seeded.bytes(3 * InlinePartBytes.memoryLimit + 12_345)
        var inline = InlinePartBytes(bound: nil, limit: 10 << 20, spillDirectory: NSTemporaryDirectory())
        Self.feed(bytes, into: &inline, chunk: 65_536 + 7)
        #expect(inline.count == bytes.count)
        #expect(inline.isSpilled)
        #expect(inline.take() == bytes)
    }

    /// The file goes to the folder the settings name (`temporary_directory`), not to `TMPDIR`:
    /// where no file can be made, the part stays in memory, still whole.
    @Test func thePartSpillsIntoTheConfiguredFolderOnly() {
        var seeded = SplitMix64(seed: 14)
        let bytes = seeded.bytes(2 * InlinePartBytes.memoryLimit + 1)
        var inline = InlinePartBytes(bound: nil, limit: 10 << 20, spillDirectory: "/nonexistent/boomerang-spill")
        Self.feed(bytes, into: &inline, chunk: 65_536)
        #expect(!inline.isSpilled)
        #expect(inline.take() == bytes)
        var settings = ServerSettings()
        settings.temporaryDirectory = "/var/spill"
        #expect(EchoConfiguration(settings: settings).temporaryDirectory == "/var/spill")
    }

    @Test func boundedPartStaysInMemoryWhole() {
        var seeded = SplitMix64(seed: 12)
        let bytes = seeded.bytes(2 * InlinePartBytes.memoryLimit)
        var inline = InlinePartBytes(bound: bytes.count + 100, limit: 10 << 20, spillDirectory: NSTemporaryDirectory())
        Self.feed(bytes, into: &inline, chunk: 4096)
        #expect(inline.take() == bytes)
    }

    @Test func emptyPartIsEmpty() {
        let inline = InlinePartBytes(bound: nil, limit: 10 << 20, spillDirectory: NSTemporaryDirectory())
        #expect(inline.take() == [])
    }

    /// curl sends the file chunked, so no length bounds the part: it is spooled and still echoed
    /// byte for byte in `files` (once: `multipart.parts` describes it without its content).
    @Test func chunkedUploadOfALargeTextFileIsEchoedWhole() throws {
        let live = try LiveServer()
        var seeded = SplitMix64(seed: 13)
        let text = Array(seeded.bytes(3 << 20 + 17).map { UInt8(ascii: "a") + $0 % 26 })
        let file = try TemporaryFile(name: "big.txt", bytes: text)
        let output = try ExternalTool.run(
            "curl", ["-sS", "-H", "Transfer-Encoding: chunked", "-F", "file=@\(file.path);type=text/plain", live.baseURL + "/post"])
        let echo = try #require(output.json, "\(output.stderr)")
        let expected = String(decoding: text, as: UTF8.self)
        #expect((echo["files"] as? [String: Any])?["file"] as? String == expected)
        let parts = (echo["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        #expect(parts.count == 1)
        #expect(parts.first?["text"] == nil)
        #expect(parts.first?["sha256"] as? String == EchoFixtures.sha256(text))
        #expect((parts.first?["size"] as? NSNumber)?.intValue == text.count)
    }
}
