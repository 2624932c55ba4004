/// Standard base64 ([RFC 4648 §4](https://www.rfc-editor.org/rfc/rfc4648#section-4)) with
/// padding and no line breaks, written on bytes so that no caller needs Foundation.
public enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        encode(prefix: "", bytes)
    }

    /// `prefix` followed by the base64 text of `bytes`, written straight into the string's storage
    /// (a `data:` URL without an intermediate array).
    public static func encode(prefix: String, _ bytes: [UInt8]) -> String {
        let encoded = encodedCount(bytes.count)
        guard encoded > 0 else { return prefix }
        var prefix = prefix
        return prefix.withUTF8 { head in
            bytes.withUnsafeBytes { source in
                String(unsafeUninitializedCapacity: head.count + encoded) { buffer in
                    let destination = buffer.baseAddress!
                    if let headStart = head.baseAddress { destination.update(from: headStart, count: head.count) }
                    encode(source, into: destination + head.count)
                    return head.count + encoded
                }
            }
        }
    }

    /// Appends the base64 text of `bytes` to `output`.
    public static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        let encoded = encodedCount(bytes.count)
        guard encoded > 0 else { return }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: encoded))
        output.withUnsafeMutableBufferPointer { buffer in
            bytes.withUnsafeBytes { encode($0, into: buffer.baseAddress! + start) }
        }
    }

    /// The length of the base64 text of `count` bytes.
    public static func encodedCount(_ count: Int) -> Int {
        (count + 2) / 3 * 4
    }

    /// Writes the base64 text of `source`, ``encodedCount(_:)`` bytes, at `destination`.
    public static func encode(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutablePointer<UInt8>) {
        guard let input = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let count = source.count
        alphabet.withUnsafeBufferPointer { alphabet in
            let table = alphabet.baseAddress!
            var index = 0
            var output = destination
            while index + 3 <= count {
                let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                let word =
                    UInt32(table[Int(chunk >> 18 & 63)]) | UInt32(table[Int(chunk >> 12 & 63)]) << 8
                    | UInt32(table[Int(chunk >> 6 & 63)]) << 16 | UInt32(table[Int(chunk & 63)]) << 24
                UnsafeMutableRawPointer(output).storeBytes(of: word.littleEndian, as: UInt32.self)
                output += 4
                index += 3
            }
            let remaining = count - index
            guard remaining > 0 else { return }
            let second = remaining == 2 ? UInt32(input[index + 1]) << 8 : 0
            let chunk = UInt32(input[index]) << 16 | second
            output[0] = table[Int(chunk >> 18 & 63)]
            output[1] = table[Int(chunk >> 12 & 63)]
            output[2] = remaining == 2 ? table[Int(chunk >> 6 & 63)] : UInt8(ascii: "=")
            output[3] = UInt8(ascii: "=")
        }
    }
}
