/// Hexadecimal digits as ASCII bytes: the one digit table of the package, and the reverse.
///
/// ```swift
/// Hex.lowercase([0xDE, 0xAD])            // "dead"
/// Hex.value(of: UInt8(ascii: "F"))       // 15
/// ```
public enum Hex {
    /// The digit for the low four bits of `nibble`, `0`–`9` then `a`–`f`.
    @inlinable
    public static func lowercaseDigit(_ nibble: UInt8) -> UInt8 {
        lowercaseDigits.utf8Start[Int(nibble & 0x0F)]
    }

    /// The digit for the low four bits of `nibble`, `0`–`9` then `A`–`F`.
    @inlinable
    public static func uppercaseDigit(_ nibble: UInt8) -> UInt8 {
        uppercaseDigits.utf8Start[Int(nibble & 0x0F)]
    }

    /// The value of a hexadecimal digit in either case, or `nil` for any other byte.
    @inlinable
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- (UInt8(ascii: "A") &- 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- (UInt8(ascii: "a") &- 10)
        default: nil
        }
    }

    /// Appends two lower-case digits for each byte.
    @inlinable
    public static func appendLowercase(_ bytes: some Sequence<UInt8>, to output: inout [UInt8]) {
        for byte in bytes {
            output.append(lowercaseDigit(byte >> 4))
            output.append(lowercaseDigit(byte))
        }
    }

    /// Two lower-case digits for each byte, as digests are usually written.
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.underestimatedCount * 2)
        appendLowercase(bytes, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Two upper-case digits for one byte, as percent-escapes are written (`%2F`).
    public static func uppercase(_ byte: UInt8) -> String {
        String(decoding: [uppercaseDigit(byte >> 4), uppercaseDigit(byte)], as: UTF8.self)
    }

    /// Appends the low `4 × digits` bits of `value` as exactly `digits` digits, most significant
    /// first: `%08x`, or `%08X` when `uppercase`, for `digits` 8.
    public static func append(_ value: UInt64, digits: Int, uppercase: Bool = false, to output: inout [UInt8]) {
        for shift in stride(from: 4 * (digits - 1), through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt64(shift))
            output.append(uppercase ? uppercaseDigit(nibble) : lowercaseDigit(nibble))
        }
    }

    @inlinable
    static var lowercaseDigits: StaticString { "0123456789abcdef" }

    @inlinable
    static var uppercaseDigits: StaticString { "0123456789ABCDEF" }
}
