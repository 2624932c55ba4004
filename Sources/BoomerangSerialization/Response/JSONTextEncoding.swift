/// The Unicode encoding of a JSON body, detected as Foundation's `JSONSerialization` does it (on
/// Darwin and Linux alike): a byte order mark first, then the pattern of zero bytes in the first
/// four bytes (two for a two- or three-byte body), else UTF-8.
///
/// | Start | Encoding | BOM skipped |
/// |---|---|---|
/// | `EF BB BF` (4+ bytes) | UTF-8 | 3 |
/// | `00 00 FE FF` / `FF FE 00 00` | UTF-32BE / LE | 4 |
/// | `FE FF` / `FF FE` (4+ bytes) | UTF-16BE / LE | 2 |
/// | `00 00 00 x` / `x 00 00 00` | UTF-32BE / LE | 0 |
/// | `00 x 00 x` / `x 00 x 00` | UTF-16BE / LE | 0 |
/// | `00 x` / `x 00` (2–3 bytes) | UTF-16BE / LE | 0 |
public enum JSONTextEncoding: Sendable, Hashable {
    /// UTF-8.
    case utf8
    /// UTF-16, big-endian.
    case utf16BigEndian
    /// UTF-16, little-endian.
    case utf16LittleEndian
    /// UTF-32, big-endian.
    case utf32BigEndian
    /// UTF-32, little-endian.
    case utf32LittleEndian

    /// Detects the encoding and the length of a byte order mark.
    public static func detect(_ bytes: [UInt8]) -> (encoding: JSONTextEncoding, byteOrderMarkLength: Int) {
        if bytes.count >= 4 {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
            if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
            if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
            if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
            if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0, 0, 0, _): return (.utf32BigEndian, 0)
            case (_, 0, 0, 0): return (.utf32LittleEndian, 0)
            case (0, _, 0, _): return (.utf16BigEndian, 0)
            case (_, 0, _, 0): return (.utf16LittleEndian, 0)
            default: return (.utf8, 0)
            }
        }
        if bytes.count >= 2 {
            if bytes[0] == 0 { return (.utf16BigEndian, 0) }
            if bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// Converts `bytes` (after the byte order mark) to UTF-8.
    ///
    /// - Returns: the UTF-8 bytes, or the offset in `bytes` of the first code unit that is not
    ///   well-formed (a lone surrogate, a value above U+10FFFF, a trailing partial unit).
    public func transcodeToUTF8(_ bytes: ArraySlice<UInt8>) -> Result<[UInt8], TranscodingFailure> {
        switch self {
        case .utf8:
            return .success(Array(bytes))
        case .utf16BigEndian, .utf16LittleEndian:
            return transcodeUTF16(bytes, bigEndian: self == .utf16BigEndian)
        case .utf32BigEndian, .utf32LittleEndian:
            return transcodeUTF32(bytes, bigEndian: self == .utf32BigEndian)
        }
    }

    /// Where a body stopped being well-formed in its encoding.
    public struct TranscodingFailure: Error, Sendable, Hashable {
        /// The byte offset of the offending code unit.
        public var offset: Int

        /// Creates a failure record.
        public init(offset: Int) {
            self.offset = offset
        }
    }

    private func transcodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<[UInt8], TranscodingFailure> {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        func unit(at position: Int) -> UInt16 {
            let first = UInt16(bytes[position]), second = UInt16(bytes[position + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        while index < bytes.endIndex {
            guard index + 1 < bytes.endIndex else { return .failure(TranscodingFailure(offset: index)) }
            let lead = unit(at: index)
            var scalar = UInt32(lead)
            var width = 2
            if lead >= 0xD800 && lead < 0xDC00 {
                guard index + 3 < bytes.endIndex else { return .failure(TranscodingFailure(offset: index)) }
                let trail = unit(at: index + 2)
                guard trail >= 0xDC00 && trail < 0xE000 else { return .failure(TranscodingFailure(offset: index)) }
                scalar = 0x10000 + (UInt32(lead - 0xD800) << 10) + UInt32(trail - 0xDC00)
                width = 4
            } else if lead >= 0xDC00 && lead < 0xE000 {
                return .failure(TranscodingFailure(offset: index))
            }
            UTF8Validation.append(scalar, to: &output)
            index += width
        }
        return .success(output)
    }

    private func transcodeUTF32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<[UInt8], TranscodingFailure> {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 4)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard index + 3 < bytes.endIndex else { return .failure(TranscodingFailure(offset: index)) }
            var scalar: UInt32 = 0
            for step in 0..<4 {
                let byte = UInt32(bytes[bigEndian ? index + step : index + 3 - step])
                scalar = scalar << 8 | byte
            }
            guard scalar < 0x110000, !(scalar >= 0xD800 && scalar < 0xE000) else {
                return .failure(TranscodingFailure(offset: index))
            }
            UTF8Validation.append(scalar, to: &output)
            index += 4
        }
        return .success(output)
    }
}
