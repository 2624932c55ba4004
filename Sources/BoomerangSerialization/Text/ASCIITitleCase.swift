/// Python's `str.title()` on ASCII: a letter after a non-letter is upper case, every other letter
/// lower case; other bytes (UTF-8 included) stay. How httpbin's WSGI layer writes header names.
enum ASCIITitleCase {
    /// Title-cases `name` into `titled` (at least as long) and returns the part written.
    static func write(
        _ name: UnsafeBufferPointer<UInt8>, into titled: UnsafeMutableBufferPointer<UInt8>
    ) -> UnsafeMutableBufferPointer<UInt8> {
        var previousIsLetter = false
        for index in name.indices {
            let byte = name[index]
            let lower = byte | 0x20
            let isLetter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            titled[index] = isLetter ? (previousIsLetter ? lower : lower & ~0x20) : byte
            previousIsLetter = isLetter
        }
        return UnsafeMutableBufferPointer(rebasing: titled[..<name.count])
    }

    /// Title-cases the eight bytes of `word` (little-endian) at once. `previousIsLetter` is
    /// 0x80 when the byte before the word is a letter, else 0; the result's second value is the
    /// same for the word's last byte.
    @inline(__always)
    static func word(_ word: UInt64, previousIsLetter: UInt64) -> (UInt64, UInt64) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lowered = word | (ones &* 0x20)
        let low7 = lowered & ~highs
        // Per byte (below 0x80, so no carry crosses bytes): the high bit set from 'a' and from '{'.
        let fromA = (low7 &+ ones &* (0x80 - 0x61)) & highs
        let fromBrace = (low7 &+ ones &* (0x80 - 0x7B)) & highs
        let letters = fromA & ~fromBrace & ~word & highs
        let afterLetter = letters << 8 | previousIsLetter
        let caseBit = letters >> 2
        let titled = (word & ~caseBit) | (caseBit & (afterLetter >> 2))
        return (titled, (letters >> 56) & 0x80)
    }
}
