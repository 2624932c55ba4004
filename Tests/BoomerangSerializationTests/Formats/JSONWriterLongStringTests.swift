import BoomerangSerialization
import Testing

/// Long strings go through the writer's 32-byte scan: an escape anywhere in them, at every offset
/// around the block edges, is written as a short string's is.
@Suite struct JSONWriterLongStringTests {
    private static func escaped(_ byte: UInt8) -> String {
        switch byte {
        case 0x22: "\\\""
        case 0x5C: "\\\\"
        case 0x0A: "\\n"
        default: "\\u0001"
        }
    }

    @Test(arguments: [UInt8(0x22), 0x5C, 0x0A, 0x01])
    func anEscapeAtAnyOffsetIsWritten(byte: UInt8) throws {
        for length in [31, 32, 33, 64, 95, 100] {
            for offset in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[offset] = byte
                let text = String(decoding: bytes, as: UTF8.self)
                let expected = "\"" + String(repeating: "a", count: offset) + Self.escaped(byte)
                    + String(repeating: "a", count: length - offset - 1) + "\""
                #expect(try JSONWriter().write(.string(text)) == Array(expected.utf8), "length \(length) offset \(offset)")
            }
        }
    }

    @Test func aCapacityHintChangesNothing() throws {
        let value: StructuredValue = ["text": .string(String(repeating: "é\"x", count: 5000))]
        #expect(try JSONWriter(configuration: .pretty).write(value, capacity: 1 << 20) == JSONWriter(configuration: .pretty).write(value))
    }
}
