/// The one shape of the package's parse errors: what went wrong (a code from an open set), the
/// offending value, and the byte offset in the input where it was found; and one description
/// made of them, `<subject> <code> (<detail>) at byte <offset>: "<value>"`.
///
/// ```swift
/// do { _ = try JSONParser().parse(Array("[01]".utf8)) } catch {
///     error.code      // .invalidNumber
///     error.offset    // 1
///     "\(error)"      // JSON invalidNumber at byte 1: "01]"
/// }
/// ```
///
/// Each conforming error keeps its stored properties and its typed-throws signature; the
/// protocol only names what they share, so that a caller (a refusal, a log line, a diagnostic)
/// can read any of them alike.
public protocol PositionedError: Error, Sendable, CustomStringConvertible {
    /// What went wrong; its description is the code's name.
    associatedtype Code: Sendable & Hashable & CustomStringConvertible
    /// The offending value: text (an escaped excerpt, a name), or the input's bytes.
    associatedtype Value: Sendable & Hashable = String
    /// `Int` (`Int64` for a stream), or `Int?` where an error can have no place in the input
    /// (a size limit).
    associatedtype Offset: Sendable & Hashable = Int

    /// What went wrong.
    var code: Code { get }
    /// The offending value.
    var value: Value { get }
    /// Where in the input the problem is.
    var offset: Offset { get }

    /// ``value`` as text for the description and for refusals; the value itself when it is text.
    var valueText: String { get }
    /// ``offset`` as a byte offset, `nil` when the error has no place.
    var byteOffset: Int? { get }
    /// What the description says in parentheses after the code (an HTTP status, a close code);
    /// `nil`, the default, for nothing.
    var codeDetail: String? { get }
    /// The first words of the description, naming the input: `JSON`, `HTTP`, `multipart`.
    static var subject: String { get }
}

extension PositionedError {
    public var codeDetail: String? { nil }

    /// `<subject> <code> (<detail>) at byte <offset>: "<value>"`, without the parts that are
    /// missing (no detail, no offset, an empty value).
    public var description: String {
        var text = Self.subject.isEmpty ? code.description : "\(Self.subject) \(code)"
        if let codeDetail { text += " (\(codeDetail))" }
        if let byteOffset { text += " at byte \(byteOffset)" }
        let value = valueText
        if !value.isEmpty { text += ": \"\(value)\"" }
        return text
    }

    /// `bytes` as printable ASCII: `\r`, `\n`, `\t` and `\\` as such, other bytes outside
    /// 0x20–0x7E as `\xNN`, so that an excerpt of the input fits on one log line.
    public static func escaping(_ bytes: some Sequence<UInt8>) -> String {
        ByteExcerpt.escaping(bytes)
    }
}

extension PositionedError where Value == String {
    public var valueText: String { value }
}

extension PositionedError where Offset == Int {
    public var byteOffset: Int? { offset }
}

extension PositionedError where Offset == Int64 {
    public var byteOffset: Int? { Int(offset) }
}

extension PositionedError where Offset == Int? {
    public var byteOffset: Int? { offset }
}
