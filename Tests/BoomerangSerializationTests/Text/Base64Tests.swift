import BoomerangSerialization
import Foundation
import Testing

/// The encoder against Foundation's on every tail length, and in each of its three forms.
@Suite struct Base64Tests {
    private static func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
    }

    @Test(arguments: Array(0...70) + [4096, 65_537])
    func encodesAsFoundationDoes(count: Int) {
        let bytes = Self.bytes(count)
        let expected = Data(bytes).base64EncodedString()
        #expect(Base64.encode(bytes) == expected)
        #expect(Base64.encode(prefix: "data:a/b;base64,", bytes) == "data:a/b;base64," + expected)
        var appended = Array("x".utf8)
        Base64.append(bytes, to: &appended)
        #expect(appended == Array(("x" + expected).utf8))
        #expect(Base64.encodedCount(count) == expected.utf8.count)
    }

    /// Every 12-bit group (the encoder looks characters up in pairs) and every alignment of the
    /// six-byte steps: random bytes, 1 MiB and each length up to 20 past it.
    @Test func randomBytesEncodeAsFoundationDoes() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<(1 << 20) + 20).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for count in (1 << 20)...(1 << 20) + 20 {
            let slice = Array(bytes[..<count])
            #expect(Base64.encode(slice) == Data(slice).base64EncodedString(), "\(count) bytes")
        }
    }

    @Test func jsonDataLeavesAreBase64OrDataURLs() throws {
        let bytes = Self.bytes(100)
        let expected = Data(bytes).base64EncodedString()
        #expect(try JSONWriter().write(.data(bytes)) == Array("\"\(expected)\"".utf8))
        var configuration = JSONWriterConfiguration.compact
        configuration.dataEncoding = .dataURL(mediaType: "image/png")
        #expect(
            try JSONWriter(configuration: configuration).write(.data(bytes))
                == Array("\"data:image/png;base64,\(expected)\"".utf8))
    }
}
