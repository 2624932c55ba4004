import BoomerangSerialization
import Testing

@Suite struct JSONTextEncodingTests {
    @Test(
        arguments: [
            ([0xEF, 0xBB, 0xBF, 0x5B, 0x5D], JSONTextEncoding.utf8, 3),
            ([0xEF, 0xBB, 0xBF], .utf8, 0),
            ([0xFF, 0xFE, 0x5B, 0x00], .utf16LittleEndian, 2),
            ([0xFE, 0xFF, 0x00, 0x5B], .utf16BigEndian, 2),
            ([0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian, 4),
            ([0xFF, 0xFE, 0x00, 0x00], .utf32LittleEndian, 4),
            ([0x5B, 0x00, 0x5D, 0x00], .utf16LittleEndian, 0),
            ([0x00, 0x5B, 0x00, 0x5D], .utf16BigEndian, 0),
            ([0x5B, 0x00, 0x00, 0x00], .utf32LittleEndian, 0),
            ([0x00, 0x00, 0x00, 0x5B], .utf32BigEndian, 0),
            ([0x31, 0x00], .utf16LittleEndian, 0),
            ([0x00, 0x31], .utf16BigEndian, 0),
            ([0x31], .utf8, 0),
            ([0x7B, 0x7D], .utf8, 0),
            ([], .utf8, 0),
        ] as [([UInt8], JSONTextEncoding, Int)]
    )
    func detection(bytes: [UInt8], encoding: JSONTextEncoding, bomLength: Int) {
        let detected = JSONTextEncoding.detect(bytes)
        #expect(detected.encoding == encoding)
        #expect(detected.byteOrderMarkLength == bomLength)
    }

    @Test func transcodesSurrogatePairs() {
        let text = "a😀é"
        let utf16BE = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(JSONTextEncoding.utf16BigEndian.transcodeToUTF8(utf16BE[...]) == .success(Array(text.utf8)))
        let utf32BE = text.unicodeScalars.flatMap { scalar in
            (0..<4).reversed().map { UInt8(scalar.value >> (8 * $0) & 0xFF) }
        }
        #expect(JSONTextEncoding.utf32BigEndian.transcodeToUTF8(utf32BE[...]) == .success(Array(text.utf8)))
    }

    @Test(arguments: [
        (JSONTextEncoding.utf16LittleEndian, [0x00, 0xDC] as [UInt8], 0),
        (.utf16LittleEndian, [0x41, 0x00, 0x00, 0xD8, 0x41, 0x00], 2),
        (.utf16LittleEndian, [0x41, 0x00, 0x41], 2),
        (.utf32LittleEndian, [0x00, 0x00, 0x11, 0x00], 0),
        (.utf32LittleEndian, [0x00, 0xD8, 0x00, 0x00], 0),
        (.utf32BigEndian, [0x00, 0x00, 0x00, 0x41, 0x00], 4),
    ])
    func malformedInputReportsTheOffset(encoding: JSONTextEncoding, bytes: [UInt8], offset: Int) {
        #expect(encoding.transcodeToUTF8(bytes[...]) == .failure(JSONTextEncoding.TranscodingFailure(offset: offset)))
    }
}
