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
    public let allowed: URLByteSet
    /// Whether a space is written as `+` (Alamofire's `SpaceEncoding.plusReplaced`) instead of
    /// `%20`. A literal `+` is still escaped as `%2B` unless ``allowed`` holds it.
    public let encodesSpaceAsPlus: Bool
    /// What to do with each byte value: 0 escape, 1 keep, 2 write `+`.
    private let actions: [UInt8]

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - allowed: the bytes written as they are; AFNetworking's set by default.
    ///   - encodesSpaceAsPlus: whether a space becomes `+` rather than `%20`.
    public init(allowed: URLByteSet = .afQueryAllowed, encodesSpaceAsPlus: Bool = false) {
        self.allowed = allowed
        self.encodesSpaceAsPlus = encodesSpaceAsPlus
        var actions = (0...255).map { allowed.contains(UInt8($0)) ? UInt8(1) : 0 }
        if encodesSpaceAsPlus && !allowed.contains(0x20) {
            actions[0x20] = 2
        }
        self.actions = actions
    }

    /// AFNetworking's escaping: `%20` for a space.
    public static let afnetworking = PercentEncoder()

    /// AFNetworking's allowed set with a space written as `+` (Alamofire's form-encoder option).
    public static let spaceAsPlus = PercentEncoder(encodesSpaceAsPlus: true)

    /// The escaped form of a string's UTF-8 bytes.
    public func encode(_ string: String) -> String {
        var string = string
        return string.withUTF8 { input in
            actions.withUnsafeBufferPointer { actions in
                let (needed, changes) = encodedCount(input, actions)
                guard changes else { return String(decoding: input, as: UTF8.self) }
                return String(unsafeUninitializedCapacity: needed) { buffer in
                    Self.write(input, actions, to: buffer.baseAddress!)
                    return needed
                }
            }
        }
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
    func encodedCount(_ input: UnsafeBufferPointer<UInt8>, _ actions: UnsafeBufferPointer<UInt8>) -> (count: Int, changes: Bool) {
        var escapes = 0
        var pluses = 0
        for byte in input {
            let action = actions[Int(byte)]
            escapes &+= action == 0 ? 1 : 0
            pluses &+= action == 2 ? 1 : 0
        }
        return (input.count &+ 2 &* escapes, escapes | pluses != 0)
    }

    func encode(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        actions.withUnsafeBufferPointer { actions in
            let (needed, changes) = encodedCount(input, actions)
            if !changes {
                output.append(contentsOf: input)
                return
            }
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: needed))
            output.withUnsafeMutableBufferPointer { buffer in
                Self.write(input, actions, to: buffer.baseAddress! + start)
            }
        }
    }

    /// Writes the escaped form of `input` to `output`, which has room for it.
    private static func write(
        _ input: UnsafeBufferPointer<UInt8>,
        _ actions: UnsafeBufferPointer<UInt8>,
        to output: UnsafeMutablePointer<UInt8>
    ) {
        var index = 0
        for byte in input {
            switch actions[Int(byte)] {
            case 1:
                output[index] = byte
                index &+= 1
            case 2:
                output[index] = UInt8(ascii: "+")
                index &+= 1
            default:
                output[index] = UInt8(ascii: "%")
                output[index &+ 1] = Hex.uppercaseDigit(byte >> 4)
                output[index &+ 2] = Hex.uppercaseDigit(byte)
                index &+= 3
            }
        }
    }
}
