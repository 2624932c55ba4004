/// Decimal numbers as ASCII bytes, written without going through `String`: the one decimal
/// writer of the package, onto an array or, counted beforehand, into raw memory.
///
/// ```swift
/// var line: [UInt8] = []
/// DecimalText.append(-42, to: &line)                   // "-42"
/// DecimalText.append(7, minimumDigits: 3, to: &line)   // "007"
/// let length = DecimalText.count(of: 404)              // 3, then
/// _ = DecimalText.write(404, to: pointer)              // writes "404", returns 3
/// ```
public enum DecimalText {
    /// Calls `body` with the decimal digits of `magnitude`, most significant first, in scratch
    /// memory valid only during the call.
    @inlinable
    public static func withDigits<Result>(
        of magnitude: UInt64,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return try withUnsafeMutableBytes(of: &scratch) { raw in
            let count = write(magnitude, to: raw.baseAddress!)
            return try body(UnsafeRawBufferPointer(rebasing: raw[..<count]))
        }
    }

    /// Appends the decimal digits of `value`, zero-padded to at least `minimumDigits` digits.
    @inlinable
    public static func append(_ value: UInt64, minimumDigits: Int = 1, to output: inout [UInt8]) {
        if value < 10 && minimumDigits <= 1 {
            output.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        withDigits(of: value) { digits in
            if digits.count < minimumDigits {
                output.append(contentsOf: repeatElement(0x30, count: minimumDigits - digits.count))
            }
            output.append(contentsOf: digits)
        }
    }

    /// Appends `value` in decimal with a leading `-` when it is negative; the digits are
    /// zero-padded to at least `minimumDigits`.
    @inlinable
    public static func append(_ value: Int64, minimumDigits: Int = 1, to output: inout [UInt8]) {
        if value < 0 {
            output.append(UInt8(ascii: "-"))
        }
        append(value.magnitude, minimumDigits: minimumDigits, to: &output)
    }

    /// Appends `value` in decimal with a leading `-` when it is negative; the digits are
    /// zero-padded to at least `minimumDigits`.
    @inlinable
    public static func append(_ value: Int, minimumDigits: Int = 1, to output: inout [UInt8]) {
        append(Int64(value), minimumDigits: minimumDigits, to: &output)
    }

    /// How many digits `magnitude` has, padded to at least `minimumDigits`.
    @inlinable
    public static func digitCount(of magnitude: UInt64, minimumDigits: Int = 1) -> Int {
        var digits = 1
        var scale: UInt64 = 10
        while digits < 20 && magnitude >= scale {
            digits &+= 1
            scale = scale &* 10
        }
        return max(digits, minimumDigits)
    }

    /// How many bytes ``write(_:to:)`` writes for `value`: its digits and a `-` when negative.
    @inlinable
    public static func count(of value: Int) -> Int {
        digitCount(of: UInt64(value.magnitude)) &+ (value < 0 ? 1 : 0)
    }

    /// Writes the digits of `magnitude`, zero-padded to at least `minimumDigits`, at `destination`
    /// (which has room for ``digitCount(of:minimumDigits:)`` bytes); returns how many it wrote.
    @inlinable @inline(__always)
    public static func write(_ magnitude: UInt64, minimumDigits: Int = 1, to destination: UnsafeMutableRawPointer) -> Int {
        let digits = digitCount(of: magnitude, minimumDigits: minimumDigits)
        var rest = magnitude
        var index = digits
        repeat {
            index &-= 1
            destination.storeBytes(of: UInt8(truncatingIfNeeded: rest % 10) &+ 0x30, toByteOffset: index, as: UInt8.self)
            rest /= 10
        } while index > 0
        return digits
    }

    /// Writes `value` in decimal, with a leading `-` when it is negative, at `destination` (which
    /// has room for ``count(of:)`` bytes); returns how many bytes it wrote.
    @inlinable @inline(__always)
    public static func write(_ value: Int, to destination: UnsafeMutableRawPointer) -> Int {
        guard value < 0 else { return write(UInt64(value), to: destination) }
        destination.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
        return 1 &+ write(UInt64(value.magnitude), to: destination + 1)
    }
}
