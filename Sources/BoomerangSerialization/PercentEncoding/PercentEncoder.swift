/// Percent-encodes bytes the way AFNetworking's `AFPercentEscapedStringFromString` does.
///
/// Every byte of the UTF-8 encoding that is not in ``allowed`` is written as `%XX` with uppercase
/// hex digits ([RFC 3986 §2.1](https://www.rfc-editor.org/rfc/rfc3986#section-2.1)). With the
/// default set (``URLByteSet/afQueryAllowed``) only ASCII letters, digits, `-._~`, `?` and `/`
/// stay as they are: a space is `%20`, `+` is `%2B`, `%` is `%25` (already-escaped text is escaped
/// again), `ä` is `%C3%A4`.
///
/// AFNetworking escapes in batches of 50 UTF-16 units to work around an old iOS bug; the result is
/// the same as escaping the whole string at once, which is what this type does.
///
/// ```swift
/// PercentEncoder.afnetworking.encode("a b+c/ä")   // "a%20b%2Bc/%C3%A4"
/// PercentEncoder.spaceAsPlus.encode("a b")         // "a+b"
/// ```
public struct PercentEncoder: Sendable, Hashable {
    /// The bytes written as they are.
    public var allowed: URLByteSet
    /// Whether a space is written as `+` (Alamofire's `SpaceEncoding.plusReplaced`) instead of
    /// `%20`. A literal `+` is still escaped as `%2B` unless ``allowed`` holds it.
    public var encodesSpaceAsPlus: Bool

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - allowed: the bytes written as they are; AFNetworking's set by default.
    ///   - encodesSpaceAsPlus: whether a space becomes `+` rather than `%20`.
    public init(allowed: URLByteSet = .afQueryAllowed, encodesSpaceAsPlus: Bool = false) {
        self.allowed = allowed
        self.encodesSpaceAsPlus = encodesSpaceAsPlus
    }

    /// AFNetworking's escaping: `%20` for a space.
    public static let afnetworking = PercentEncoder()

    /// AFNetworking's allowed set with a space written as `+` (Alamofire's form-encoder option).
    public static let spaceAsPlus = PercentEncoder(encodesSpaceAsPlus: true)

    /// The escaped form of a string's UTF-8 bytes.
    public func encode(_ string: String) -> String {
        var bytes: [UInt8] = []
        encode(string.utf8, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The escaped form of `bytes`.
    public func encodedBytes<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var output: [UInt8] = []
        encode(bytes, into: &output)
        return output
    }

    /// Appends the escaped form of `bytes` to `output`.
    ///
    /// Contiguous input (arrays, native strings' UTF-8 views) takes a fast path that sizes the
    /// output once and writes it without per-byte appends.
    public func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes, into output: inout [UInt8]) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            encode(buffer, into: &output)
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { encode($0, into: &output) }
        }
    }

    /// The number of bytes the escaped form of `input` takes, and whether any byte changes.
    func encodedCount(_ input: UnsafeBufferPointer<UInt8>) -> (count: Int, changes: Bool) {
        var count = input.count
        var plusses = false
        for byte in input where !allowed.contains(byte) {
            if encodesSpaceAsPlus && byte == 0x20 {
                plusses = true
            } else {
                count &+= 2
            }
        }
        return (count, plusses || count != input.count)
    }

    func encode(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        let (needed, changes) = encodedCount(input)
        if !changes {
            output.append(contentsOf: input)
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: needed))
        output.withUnsafeMutableBufferPointer { buffer in
            var index = start
            let hex: StaticString = "0123456789ABCDEF"
            let digits = hex.utf8Start
            for byte in input {
                if allowed.contains(byte) {
                    buffer[index] = byte
                    index &+= 1
                } else if byte == 0x20 && encodesSpaceAsPlus {
                    buffer[index] = UInt8(ascii: "+")
                    index &+= 1
                } else {
                    buffer[index] = UInt8(ascii: "%")
                    buffer[index &+ 1] = digits[Int(byte >> 4)]
                    buffer[index &+ 2] = digits[Int(byte & 0x0F)]
                    index &+= 3
                }
            }
        }
    }
}
