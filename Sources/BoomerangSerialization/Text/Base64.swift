/// Standard base64 ([RFC 4648 §4](https://www.rfc-editor.org/rfc/rfc4648#section-4)) with
/// padding and no line breaks, written on bytes so that no caller needs Foundation.
public enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    /// The two characters of every 12-bit value, the first in the low byte: two lookups per three
    /// input bytes instead of four (8 KiB, which stays in the L1 cache).
    private static let pairs: [UInt16] = (0..<4096).map { UInt16(alphabet[$0 >> 6]) | UInt16(alphabet[$0 & 63]) << 8 }

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
    ///
    /// Six input bytes at a time, read as one 8-byte word, give eight characters from four pair
    /// lookups, stored as one word: 10 MiB took 112M instructions with a lookup per character
    /// (callgrind, robustness row R02's body), 52M this way.
    public static func encode(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutablePointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        let input = start.assumingMemoryBound(to: UInt8.self)
        let count = source.count
        pairs.withUnsafeBufferPointer { pairs in
            let pair = pairs.baseAddress!
            var index = 0
            var output = UnsafeMutableRawPointer(destination)
            while index + 8 <= count {
                let word = start.loadUnaligned(fromByteOffset: index, as: UInt64.self).bigEndian
                let first = Int(truncatingIfNeeded: word >> 40)
                let second = Int(truncatingIfNeeded: word >> 16) & 0xFF_FFFF
                let text =
                    UInt64(pair[first >> 12]) | UInt64(pair[first & 0xFFF]) << 16
                    | UInt64(pair[second >> 12]) << 32 | UInt64(pair[second & 0xFFF]) << 48
                output.storeBytes(of: text.littleEndian, toByteOffset: 0, as: UInt64.self)
                output += 8
                index += 6
            }
            while index + 3 <= count {
                let chunk = Int(input[index]) << 16 | Int(input[index + 1]) << 8 | Int(input[index + 2])
                let text = UInt32(pair[chunk >> 12]) | UInt32(pair[chunk & 0xFFF]) << 16
                output.storeBytes(of: text.littleEndian, toByteOffset: 0, as: UInt32.self)
                output += 4
                index += 3
            }
            let remaining = count - index
            guard remaining > 0 else { return }
            let tail = output.assumingMemoryBound(to: UInt8.self)
            let chunk = Int(input[index]) << 16 | (remaining == 2 ? Int(input[index + 1]) << 8 : 0)
            let characters = pair[chunk >> 12]
            tail[0] = UInt8(truncatingIfNeeded: characters)
            tail[1] = UInt8(truncatingIfNeeded: characters >> 8)
            tail[2] = remaining == 2 ? UInt8(truncatingIfNeeded: pair[chunk & 0xFFF]) : UInt8(ascii: "=")
            tail[3] = UInt8(ascii: "=")
        }
    }
}
