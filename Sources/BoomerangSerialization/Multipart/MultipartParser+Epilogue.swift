#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The epilogue: the bytes after the close delimiter, which RFC 2046 says to ignore. A client that
/// writes the close delimiter too early sends its remaining parts there, where any reader drops
/// them; a delimiter line in the epilogue is therefore an error, so that those parts are not lost
/// without a word. Anything else in it is ignored, in linear time (robustness M08).
extension MultipartParser {
    /// Looks for a delimiter line (CRLF `--B` then `--`, padding or CR) in the epilogue bytes
    /// `bytes[index..<count]`, after the last bytes of earlier chunks kept in `epilogueTail`.
    mutating func scanEpilogue(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int) throws(MultipartParserError) {
        let length = delimiter.count
        var window = epilogueTail
        window.append(contentsOf: UnsafeBufferPointer(start: bytes + index, count: count - index))
        // The message offset of window[0]: the tail is never kept when the epilogue starts mid-chunk.
        let windowOffset = consumed + Int64(index) - Int64(epilogueTail.count)
        let line = window.withUnsafeBufferPointer { window in
            delimiter.withUnsafeBufferPointer { pattern in
                Self.delimiterLine(in: window, pattern: pattern)
            }
        }
        if let line {
            throw MultipartParserError(
                code: .partAfterCloseDelimiter, value: Array(window[line..<line + length]), offset: windowOffset + Int64(line))
        }
        // A delimiter and the two bytes that decide it may be cut by the chunk's end.
        epilogueTail = Array(window.suffix(length + 1))
        index = count
    }

    /// Where the first delimiter line in `window` starts (after its CRLF), if one is there whole
    /// with the two bytes after the boundary: `--`, CR, space or tab (`--B-x`, `--BFAKE` are not).
    private static func delimiterLine(in window: UnsafeBufferPointer<UInt8>, pattern: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = window.baseAddress, let delimiter = pattern.baseAddress else { return nil }
        let count = window.count
        let length = pattern.count
        var position = 0
        while position + length + 2 <= count {
            guard let found = memchr(base + position, Int32(HTTPSyntax.cr), count - position - length - 1) else { return nil }
            let candidate = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + candidate, delimiter, length) == 0 {
                let first = base[candidate + length]
                let second = base[candidate + length + 1]
                switch first {
                case UInt8(ascii: "-") where second == UInt8(ascii: "-"): return candidate + 2
                case HTTPSyntax.cr, HTTPSyntax.space, HTTPSyntax.tab: return candidate + 2
                default: break
                }
            }
            position = candidate + 1
        }
        return nil
    }
}
