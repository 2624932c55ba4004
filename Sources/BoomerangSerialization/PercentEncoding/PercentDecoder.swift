/// Percent-decodes text back to bytes: the reverse of ``PercentEncoder``.
///
/// `%XX` (hex digits in either case) becomes the byte `0xXX`; every other byte is kept. What
/// happens to a `%` that is not followed by two hex digits depends on ``mode``:
/// - ``Mode/strict`` throws ``PercentDecodingError/Code/malformedEscape`` with the escape's offset;
/// - ``Mode/lenient`` keeps the malformed escape literally (`%G1` stays `%G1`), as browsers and
///   most servers do.
///
/// With ``decodesPlusAsSpace`` a `+` becomes a space, which is right for query strings and
/// urlencoded bodies (HTML forms, werkzeug) but not for AFNetworking's own output, which never
/// writes `+` for a space. `%2B` always decodes to `+`.
///
/// The output is never longer than the input, and decoding runs in one pass.
///
/// ```swift
/// try PercentDecoder().decodeString("a%20b%C3%A4")   // "a bä"
/// try PercentDecoder().decode("%G1")                 // throws malformedEscape "%G1" at 0
/// ```
public struct PercentDecoder: Sendable, Hashable {
    /// What to do with a malformed escape, and with invalid UTF-8 when text is asked for.
    public enum Mode: Sendable, Hashable {
        /// Throw a ``PercentDecodingError``.
        case strict
        /// Keep a malformed escape as it is written; replace invalid UTF-8 with U+FFFD.
        case lenient
    }

    /// How malformed input is treated.
    public var mode: Mode
    /// Whether `+` decodes to a space.
    public var decodesPlusAsSpace: Bool

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - mode: strict (the default) or lenient.
    ///   - decodesPlusAsSpace: whether `+` decodes to a space; off by default.
    public init(mode: Mode = .strict, decodesPlusAsSpace: Bool = false) {
        self.mode = mode
        self.decodesPlusAsSpace = decodesPlusAsSpace
    }

    /// Decodes `input` to bytes.
    ///
    /// - Throws: ``PercentDecodingError`` with code ``PercentDecodingError/Code/malformedEscape``
    ///   in strict mode. Lenient mode never throws.
    public func decode<Bytes: Sequence<UInt8>>(_ input: Bytes) throws(PercentDecodingError) -> [UInt8] {
        var output: [UInt8] = []
        try decode(input, into: &output)
        return output
    }

    /// Decodes the UTF-8 bytes of `input` to bytes.
    ///
    /// - Throws: as ``decode(_:)-(Bytes)``.
    public func decode(_ input: String) throws(PercentDecodingError) -> [UInt8] {
        try decode(input.utf8)
    }

    /// Appends the decoded form of `input` to `output`.
    ///
    /// - Throws: as ``decode(_:)-(Bytes)``; `output` may then hold part of the result.
    public func decode<Bytes: Sequence<UInt8>>(
        _ input: Bytes,
        into output: inout [UInt8]
    ) throws(PercentDecodingError) {
        let result: Result<Void, PercentDecodingError>? = input.withContiguousStorageIfAvailable { buffer in
            Result { () throws(PercentDecodingError) in try decode(buffer, into: &output) }
        }
        if let result {
            try result.get()
        } else {
            let copy = Array(input)
            try copy.withUnsafeBufferPointer { (buffer) throws(PercentDecodingError) in
                try decode(buffer, into: &output)
            }
        }
    }

    /// Decodes `input` and reads the result as UTF-8 text.
    ///
    /// Invalid UTF-8 in the decoded bytes (`%FF`, the overlong `%C0%AE`, a surrogate `%ED%A0%80`)
    /// is an error in strict mode and is replaced by U+FFFD in lenient mode, one replacement per
    /// maximal invalid subsequence, as Swift's `String(decoding:as:)` does.
    ///
    /// - Throws: ``PercentDecodingError``: ``PercentDecodingError/Code/malformedEscape`` or
    ///   ``PercentDecodingError/Code/invalidUTF8`` with the offset in `input` of the first byte
    ///   of the invalid sequence. Lenient mode never throws.
    public func decodeString<Bytes: Sequence<UInt8>>(_ input: Bytes) throws(PercentDecodingError) -> String {
        let result: Result<String, PercentDecodingError>? = input.withContiguousStorageIfAvailable { buffer in
            Result { () throws(PercentDecodingError) in try decodeString(buffer) }
        }
        if let result {
            return try result.get()
        }
        let copy = Array(input)
        return try copy.withUnsafeBufferPointer { (buffer) throws(PercentDecodingError) in
            try decodeString(buffer)
        }
    }

    /// Decodes the UTF-8 bytes of `input` and reads the result as UTF-8 text.
    ///
    /// - Throws: as ``decodeString(_:)-(Bytes)``.
    public func decodeString(_ input: String) throws(PercentDecodingError) -> String {
        try decodeString(input.utf8)
    }

    func decodeString(_ input: UnsafeBufferPointer<UInt8>) throws(PercentDecodingError) -> String {
        if !decodesPlusAsSpace, UTF8Validation.isASCII(input), !input.contains(UInt8(ascii: "%")) {
            return String(decoding: input, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        try decode(input, into: &bytes)
        if mode == .strict, let bad = UTF8Validation.firstInvalid(in: bytes) {
            let start = inputOffset(ofDecodedIndex: bad.lowerBound, in: input)
            let value = bytes[bad].map { "%" + Hex.uppercase($0) }.joined()
            throw PercentDecodingError(code: .invalidUTF8, value: value, offset: start)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func decode(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws(PercentDecodingError) {
        guard let firstSpecial = input.firstIndex(where: { $0 == 0x25 || ($0 == 0x2B && decodesPlusAsSpace) }) else {
            output.append(contentsOf: input)
            return
        }
        output.reserveCapacity(output.count + input.count)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<firstSpecial]))
        var index = firstSpecial
        let end = input.count
        while index < end {
            let byte = input[index]
            if byte == 0x25 {
                if index + 2 < end, let high = Hex.value(of: input[index + 1]), let low = Hex.value(of: input[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                    continue
                }
                if mode == .strict {
                    let stop = min(end, index + 3)
                    let value = String(decoding: UnsafeBufferPointer(rebasing: input[index..<stop]), as: UTF8.self)
                    throw PercentDecodingError(code: .malformedEscape, value: value, offset: index)
                }
                output.append(byte)
                index += 1
            } else if byte == 0x2B && decodesPlusAsSpace {
                output.append(0x20)
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
    }

    /// The offset in `input` of the byte that produced decoded byte number `decodedIndex`.
    private func inputOffset(ofDecodedIndex decodedIndex: Int, in input: UnsafeBufferPointer<UInt8>) -> Int {
        var produced = 0
        var index = 0
        while index < input.count {
            if produced == decodedIndex { return index }
            if input[index] == 0x25, index + 2 < input.count,
                Hex.value(of: input[index + 1]) != nil, Hex.value(of: input[index + 2]) != nil
            {
                index += 3
            } else {
                index += 1
            }
            produced += 1
        }
        return index
    }

}
