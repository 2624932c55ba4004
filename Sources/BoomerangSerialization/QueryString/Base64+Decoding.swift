extension Base64 {
    /// How much of base64's variety ``decode(_:_:)`` accepts.
    public enum Strictness: Sendable {
        /// The standard (`+/`) or URL-safe (`-_`) alphabet, with or without `=` padding.
        case lenient
        /// The standard alphabet, padded to a multiple of four: what this package writes, and
        /// what a file of its own (a history file, a mapping's `base64Body`) must hold.
        case paddedStandard
    }

    /// The bytes of base64 text ([RFC 4648 §4–5](https://www.rfc-editor.org/rfc/rfc4648#section-5));
    /// `nil` for a character outside the alphabet, misplaced padding, or a length that cannot be
    /// base64 (one character over a multiple of four, or any other than a multiple of four when
    /// padding is required).
    public static func decode(_ text: some StringProtocol, _ strictness: Strictness = .lenient) -> [UInt8]? {
        let strict = strictness == .paddedStandard
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        var padding = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0, let value = sextet(byte),
                !strict || (byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_"))
            else { return nil }
            values.append(value)
        }
        guard padding == 0 && !strict || (values.count + padding) % 4 == 0, padding <= 2, values.count % 4 != 1 else {
            return nil
        }
        var output: [UInt8] = []
        output.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index + 4 <= values.count {
            let chunk = UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12 | UInt32(values[index + 2]) << 6
                | UInt32(values[index + 3])
            output += [UInt8(chunk >> 16 & 0xFF), UInt8(chunk >> 8 & 0xFF), UInt8(chunk & 0xFF)]
            index += 4
        }
        let remaining = values.count - index
        if remaining >= 2 {
            var chunk = UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12
            if remaining == 3 { chunk |= UInt32(values[index + 2]) << 6 }
            output.append(UInt8(chunk >> 16 & 0xFF))
            if remaining == 3 { output.append(UInt8(chunk >> 8 & 0xFF)) }
        }
        return output
    }

    /// The URL-safe base64 text of `bytes` (`-` and `_` for `+` and `/`), padded with `=`.
    public static func encodeURLSafe(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        append(bytes, to: &output)
        for index in output.indices {
            if output[index] == UInt8(ascii: "+") { output[index] = UInt8(ascii: "-") }
            if output[index] == UInt8(ascii: "/") { output[index] = UInt8(ascii: "_") }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
