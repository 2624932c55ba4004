/// Where the access log formats a line: an array, or the writer's fixed ``LogLineBuffer``.
package protocol LogByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
}

extension Array: LogByteSink where Element == UInt8 {}

extension LogLineBuffer: LogByteSink {}

extension LogByteSink where Self: ~Copyable {
    /// Appends `bytes` with quotes and control bytes as `\xNN` (at most four bytes for one).
    package mutating func appendEscaped(_ bytes: some Collection<UInt8>) {
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || byte == 0x22 {
                append(0x5C)
                append(UInt8(ascii: "x"))
                append(Self.hexDigit(byte >> 4))
                append(Self.hexDigit(byte & 0x0F))
            } else {
                append(byte)
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x57 + value
    }
}
