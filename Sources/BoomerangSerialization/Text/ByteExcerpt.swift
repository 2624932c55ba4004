/// The few bytes an error shows of its input: printable ASCII as it is, `\r`, `\n`, `\t` and `\\`
/// escaped, other bytes as `\xNN`, so that an excerpt of the input fits on one log line.
public enum ByteExcerpt {
    /// The most input bytes an excerpt shows.
    public static let maxBytes = 32

    /// Escapes the first ``maxBytes`` bytes of `bytes`.
    public static func escaped(_ bytes: some Collection<UInt8>) -> String {
        escaping(bytes.prefix(maxBytes))
    }

    /// Escapes every byte of `bytes`.
    public static func escaping(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\r"): text += "\\r"
            case UInt8(ascii: "\n"): text += "\\n"
            case UInt8(ascii: "\t"): text += "\\t"
            case UInt8(ascii: "\\"): text += "\\\\"
            case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text += "\\x"
                text.unicodeScalars.append(Unicode.Scalar(Hex.lowercaseDigit(byte >> 4)))
                text.unicodeScalars.append(Unicode.Scalar(Hex.lowercaseDigit(byte)))
            }
        }
        return text
    }
}
