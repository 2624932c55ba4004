/// The ordinal UTF-16 order of `-[NSString compare:]`, computed on UTF-8 bytes.
///
/// UTF-8 byte order is code-point order. UTF-16 order differs only between U+E000–U+FFFF and
/// supplementary characters (whose surrogates, U+D800–U+DFFF, sort lower); bytes from 0xEE up are
/// always lead bytes, so that case is visible at the first differing byte.
enum UTF16Order {
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in precedes(left, right) }
        }
    }

    static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        var index = 0
        while index < common {
            let a = left[index]
            let b = right[index]
            if a != b {
                if a >= 0xEE && b >= 0xEE {
                    let aSupplementary = a >= 0xF0
                    let bSupplementary = b >= 0xF0
                    if aSupplementary != bSupplementary { return aSupplementary }
                }
                return a < b
            }
            index += 1
        }
        return left.count < right.count
    }
}
