/// ASCII case folding on UTF-8 text: only `A`–`Z` change, every other byte (UTF-8 included)
/// stays, so the result is valid wherever the input is.
enum ASCII {
    /// `text` with `A`–`Z` lower-cased; the same string when it has none.
    static func lowercased(_ text: String) -> String {
        guard text.utf8.contains(where: isUppercase) else { return text }
        return lowercased(text.utf8)
    }

    /// The bytes as text with `A`–`Z` lower-cased.
    static func lowercased(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: bytes.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    @inline(__always)
    static func isUppercase(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "A") < 26
    }
}
