/// UTF-8 on bytes, for the parsers: checks that report where invalid input starts
/// ([RFC 3629 §4](https://www.rfc-editor.org/rfc/rfc3629#section-4): no overlong forms, no
/// surrogates, nothing above U+10FFFF), and encoding a scalar.
package enum UTF8Validation {
    /// Whether every byte is ASCII.
    @inlinable
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in bytes { combined |= byte }
        return combined < 0x80
    }

    /// The sequence starting at `index` (Unicode Table 3-7): whether it is well formed, and its
    /// length — when it is not, the length of its maximal invalid subsequence (at least 1), which
    /// replacement counts as one U+FFFD.
    @inlinable
    package static func sequence(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (isValid: Bool, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (true, 1) }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return (false, 1)
        }
        var next = index + 1
        while next < index + length {
            guard next < bytes.count else { return (false, next - index) }
            let byte = bytes[next]
            let low = next == index + 1 ? lower : 0x80
            let high = next == index + 1 ? upper : 0xBF
            guard byte >= low, byte <= high else { return (false, next - index) }
            next += 1
        }
        return (true, length)
    }

    /// The range of the first maximal invalid subsequence, or `nil` when `bytes` is valid UTF-8.
    package static func firstInvalid(in bytes: [UInt8]) -> Range<Int>? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let sequence = sequence(in: buffer, at: index)
                if !sequence.isValid { return index..<(index + sequence.length) }
                index += sequence.length
            }
            return nil
        }
    }

    /// Appends the UTF-8 encoding of `scalar` (a valid Unicode scalar value).
    package static func append(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x1_0000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
