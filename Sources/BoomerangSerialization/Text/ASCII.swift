/// ASCII case folding on UTF-8 text: only `A`–`Z` change, every other byte (UTF-8 included)
/// stays, so the result is valid wherever the input is.
package enum ASCII {
    /// `text` with `A`–`Z` lower-cased; the same string when it has none.
    package static func lowercased(_ text: String) -> String {
        var text = text
        // A native string's bytes are contiguous: scanned and copied as a buffer, not byte by
        // byte through the view's index.
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: isUppercase) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                _ = buffer.initialize(fromContentsOf: bytes[..<first])
                for index in first..<bytes.count {
                    let byte = bytes[index]
                    buffer[index] = isUppercase(byte) ? byte | 0x20 : byte
                }
                return bytes.count
            }
        } ?? text
    }

    /// The bytes as text with `A`–`Z` lower-cased.
    package static func lowercased(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: bytes.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    @inline(__always)
    package static func isUppercase(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "A") < 26
    }
}
