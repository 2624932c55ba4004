/// Standard base64 ([RFC 4648 §4](https://www.rfc-editor.org/rfc/rfc4648#section-4)) with
/// padding and no line breaks, written on bytes so that no caller needs Foundation.
public enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        append(bytes, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the base64 text of `bytes` to `output`.
    public static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        output.reserveCapacity(output.count + (bytes.count + 2) / 3 * 4)
        alphabet.withUnsafeBufferPointer { table in
            var index = 0
            let count = bytes.count
            while index + 3 <= count {
                let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                output.append(table[Int(chunk >> 18 & 63)])
                output.append(table[Int(chunk >> 12 & 63)])
                output.append(table[Int(chunk >> 6 & 63)])
                output.append(table[Int(chunk & 63)])
                index += 3
            }
            let remaining = count - index
            guard remaining > 0 else { return }
            let second = remaining == 2 ? UInt32(bytes[index + 1]) << 8 : 0
            let chunk = UInt32(bytes[index]) << 16 | second
            output.append(table[Int(chunk >> 18 & 63)])
            output.append(table[Int(chunk >> 12 & 63)])
            output.append(remaining == 2 ? table[Int(chunk >> 6 & 63)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
    }
}
