/// UTF-8 checks that report where invalid input starts
/// ([RFC 3629 §4](https://www.rfc-editor.org/rfc/rfc3629#section-4): no overlong forms, no
/// surrogates, nothing above U+10FFFF).
enum UTF8Validation {
    /// Whether every byte is ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in bytes { combined |= byte }
        return combined < 0x80
    }

    /// The range of the first maximal invalid subsequence, or `nil` when `bytes` is valid UTF-8.
    static func firstInvalid(in bytes: [UInt8]) -> Range<Int>? {
        var index = 0
        let end = bytes.count
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
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
            default: return index..<(index + 1)
            }
            var next = index + 1
            var expected = length - 1
            while expected > 0 {
                guard next < end else { return index..<next }
                let byte = bytes[next]
                let low = next == index + 1 ? lower : 0x80
                let high = next == index + 1 ? upper : 0xBF
                guard byte >= low, byte <= high else { return index..<next }
                next += 1
                expected -= 1
            }
            index = next
        }
        return nil
    }
}
