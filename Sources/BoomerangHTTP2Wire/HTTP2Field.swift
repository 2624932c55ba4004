/// A header field of an HTTP/2 message, as it came (lowercase names, by the protocol).
public struct HTTP2Field: Sendable, Hashable, CustomStringConvertible {
    /// The name; pseudo-header fields start with `:`.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name): \(value)" }
}

extension HTTP2Field {
    /// The field with its name in lower case, as HTTP/2 sends it: itself, without a copy, when
    /// the name has no upper-case letter. Only `A`–`Z` change (names are ASCII tokens). The same
    /// folding as BoomerangSerialization's `ASCII.lowercased`, which this target cannot import: it
    /// is fuzzed on its own, with nghttp2 only (scripts/fuzz).
    var withLowercaseName: HTTP2Field {
        let isUppercase = { (byte: UInt8) in byte &- UInt8(ascii: "A") < 26 }
        var name = name
        // A native string's bytes are contiguous: scanned and copied as a buffer.
        let lowercase: String? = name.withUTF8 { bytes in
            guard bytes.contains(where: isUppercase) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for index in bytes.indices { buffer[index] = isUppercase(bytes[index]) ? bytes[index] | 0x20 : bytes[index] }
                return bytes.count
            }
        }
        guard let lowercase else { return self }
        return HTTP2Field(lowercase, value)
    }
}
