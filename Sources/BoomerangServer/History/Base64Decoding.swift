/// Standard base64 (RFC 4648 §4, padded) back to bytes, for bodies reloaded from a history file.
enum Base64Decoding {
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        return table
    }()

    /// The bytes, or `nil` when the text is not padded base64.
    static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            var values: [UInt8] = []
            var padding = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                if byte == UInt8(ascii: "=") {
                    guard index + 4 == input.count, offset >= 2 else { return nil }
                    padding += 1
                    values.append(0)
                } else {
                    guard padding == 0, table[Int(byte)] != 0xFF else { return nil }
                    values.append(table[Int(byte)])
                }
            }
            let group = UInt32(values[0]) << 18 | UInt32(values[1]) << 12 | UInt32(values[2]) << 6 | UInt32(values[3])
            output.append(UInt8(truncatingIfNeeded: group >> 16))
            if padding < 2 { output.append(UInt8(truncatingIfNeeded: group >> 8)) }
            if padding < 1 { output.append(UInt8(truncatingIfNeeded: group)) }
            index += 4
        }
        return output
    }
}
