/// Byte classes of the HTTP/1.1 grammar ([RFC 9110 §5.6](https://www.rfc-editor.org/rfc/rfc9110#section-5.6)),
/// as bit tables so that a check is a shift and a mask: the one home of the token check and of
/// OWS trimming, used by the request parser and writer, media types, part headers, the parameter
/// scanner, `Accept-Encoding` and `Authorization`.
public enum HTTPSyntax {
    @inlinable package static var cr: UInt8 { UInt8(ascii: "\r") }
    @inlinable package static var lf: UInt8 { UInt8(ascii: "\n") }
    @inlinable package static var space: UInt8 { UInt8(ascii: " ") }
    @inlinable package static var tab: UInt8 { UInt8(ascii: "\t") }
    @inlinable package static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable package static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable package static var semicolon: UInt8 { UInt8(ascii: ";") }

    /// Whether `byte` is a `tchar`, a byte of a token:
    /// `"!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`.
    @inlinable @inline(__always)
    public static func isTokenByte(_ byte: UInt8) -> Bool {
        if byte < 64 {
            return (0x03FF_6CFA_0000_0000 as UInt64) >> UInt64(byte) & 1 == 1
        }
        return byte < 128 && (0x57FF_FFFF_C7FF_FFFE as UInt64) >> UInt64(byte &- 64) & 1 == 1
    }

    /// A request-target byte: visible ASCII other than `#` (no space, control, DEL, NUL or 8-bit).
    @inlinable @inline(__always)
    package static func isTargetByte(_ byte: UInt8) -> Bool {
        byte &- 0x21 < 0x5E && byte != UInt8(ascii: "#")
    }

    /// `field-vchar / SP / HTAB`, with `obs-text` (0x80–0xFF) allowed.
    @inlinable @inline(__always)
    package static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == tab
    }

    /// A byte of `uri-host [":" port]`: unreserved, sub-delims, `%`, `:`, `[` and `]`.
    @inlinable @inline(__always)
    package static func isHostByte(_ byte: UInt8) -> Bool {
        if byte < 64 {
            return (0x2FFF_7FF2_0000_0000 as UInt64) >> UInt64(byte) & 1 == 1
        }
        return byte < 128 && (0x47FF_FFFE_AFFF_FFFE as UInt64) >> UInt64(byte &- 64) & 1 == 1
    }

    /// Whether `byte` is a visible ASCII character (RFC 5234 `VCHAR`, 0x21–0x7E): no space, no
    /// control byte, nothing beyond ASCII.
    @inlinable @inline(__always)
    public static func isVisibleASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    /// Whether `byte` is a space or a horizontal tab, the bytes of OWS.
    @inlinable @inline(__always)
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    /// `bytes` without the spaces and horizontal tabs (OWS) at either end.
    @inlinable
    public static func trimmingWhitespace<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        var lower = bytes.startIndex
        while lower < bytes.endIndex, isWhitespace(bytes[lower]) { bytes.formIndex(after: &lower) }
        let rest = bytes[lower...]
        return rest[..<endTrimmingWhitespace(rest)]
    }

    /// Where `bytes` ends without the spaces and horizontal tabs at its end.
    @inlinable
    public static func endTrimmingWhitespace<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.Index {
        var upper = bytes.endIndex
        while upper > bytes.startIndex {
            let last = bytes.index(before: upper)
            guard isWhitespace(bytes[last]) else { break }
            upper = last
        }
        return upper
    }

    @inlinable package static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable package static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The 8 bytes at `offset`, the first byte in the low bits.
    @inlinable @inline(__always)
    package static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Marks (bit 7 of the byte) every byte of `word` that is zero; the lowest mark is exact.
    @inlinable @inline(__always)
    package static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    /// Whether some byte of `word` (all below 0x80) is below `bound` (at most 0x80).
    @inlinable @inline(__always)
    package static func hasByteBelow(_ word: UInt64, _ bound: UInt8) -> Bool {
        (word &- ones &* UInt64(bound)) & ~word & highs != 0
    }

    /// The index of the first `byte` in `buffer[start..<end]`, or `end`; eight bytes at a time.
    @inlinable @inline(__always)
    package static func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        guard let base = buffer.baseAddress else { return end }
        let pattern = ones &* UInt64(byte)
        var index = start
        while index &+ 8 <= end {
            let found = zeroBytes(word(base, index) ^ pattern)
            if found != 0 {
                return index &+ found.trailingZeroBitCount &>> 3
            }
            index &+= 8
        }
        while index < end {
            if base.load(fromByteOffset: index, as: UInt8.self) == byte { return index }
            index &+= 1
        }
        return end
    }

    /// Where the prefix of `buffer[start..<end]` made of whole 8-byte words of ASCII bytes from
    /// `minimum` (at most 0x80) to 0x7E, other than `excluded`, ends: the fast path of byte checks.
    /// The caller checks the rest byte by byte.
    @inlinable @inline(__always)
    package static func plainPrefixEnd(
        _ buffer: UnsafeRawBufferPointer,
        from start: Int,
        to end: Int,
        minimum: UInt8,
        excluding excluded: UInt8
    ) -> Int {
        guard let base = buffer.baseAddress else { return start }
        let del = ones &* 0x7F
        let other = ones &* UInt64(excluded)
        var index = start
        while index &+ 8 <= end {
            let value = word(base, index)
            if value & highs != 0 || hasByteBelow(value, minimum) || zeroBytes(value ^ del) != 0 || zeroBytes(value ^ other) != 0 {
                return index
            }
            index &+= 8
        }
        return index
    }

    /// Whether `bytes[range]` equals `lowercase` (an ASCII token in lower case), ignoring ASCII case.
    @inlinable @inline(__always)
    package static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        var index = 0
        for position in range {
            let byte = bytes[position]
            // Only letters change under `| 0x20` among token bytes, so this is an exact fold.
            let folded = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            if folded != expected[index] { return false }
            index += 1
        }
        return true
    }

    /// Decodes a field value: as UTF-8 when it is valid UTF-8, otherwise byte for byte as
    /// ISO-8859-1, so that every byte survives.
    package static func decodeFieldValue(_ bytes: UnsafeRawBufferPointer, isASCII: Bool) -> String {
        if isASCII {
            return String(decoding: bytes, as: UTF8.self)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        var text = String()
        text.unicodeScalars.reserveCapacity(bytes.count)
        for byte in bytes {
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return text
    }
}
