/// A media type: `type/subtype` with parameters
/// ([RFC 9110 §8.3.1](https://www.rfc-editor.org/rfc/rfc9110#section-8.3.1)).
///
/// ```
/// media-type = type "/" subtype parameters
/// parameters = *( OWS ";" OWS [ parameter ] )
/// parameter  = parameter-name "=" parameter-value
/// parameter-value = ( token / quoted-string )
/// ```
///
/// Type, subtype and parameter names are compared case-insensitively, so they are stored in lower
/// case; parameter values keep their case and are stored unquoted (`boundary="a b"` gives `a b`).
/// Parameters keep their order; repeats are kept.
///
/// ```swift
/// let type = try MediaType(parsing: "multipart/form-data; boundary=\"abc def\"")
/// type.parameter("boundary")  // "abc def"
/// ```
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
    /// One `name=value` parameter.
    public struct Parameter: Sendable, Hashable {
        /// The name, in lower case.
        public var name: String
        /// The value, unquoted, case kept.
        public var value: String

        /// Creates a parameter; the name is lower-cased.
        public init(name: String, value: String) {
            self.name = MediaType.lowercasedASCII(name)
            self.value = value
        }
    }

    /// The top-level type in lower case (`application`), or `*`.
    public var type: String
    /// The subtype in lower case (`json`), or `*`.
    public var subtype: String
    /// The parameters in order.
    public var parameters: [Parameter]

    /// Creates a media type from parts; type and subtype are lower-cased, nothing else is checked.
    public init(type: String, subtype: String, parameters: [Parameter] = []) {
        self.type = Self.lowercasedASCII(type)
        self.subtype = Self.lowercasedASCII(subtype)
        self.parameters = parameters
    }

    /// Parses and validates a media type; surrounding whitespace is allowed.
    ///
    /// - Throws: ``MediaTypeError`` with the byte offset of the first problem.
    public init(parsing text: String) throws(MediaTypeError) {
        let bytes = Array(text.utf8)
        var scanner = MediaTypeScanner(bytes: bytes, text: text)
        self = try scanner.parse()
    }

    /// `type/subtype` without parameters.
    public var essence: String { type + "/" + subtype }

    /// The value of the first parameter named `name` (compared case-insensitively).
    public func parameter(_ name: String) -> String? {
        let name = Self.lowercasedASCII(name)
        return parameters.first { $0.name == name }?.value
    }

    /// Whether this media type falls in `range`: equal types (or a `*` type in the range) and equal
    /// subtypes (or a `*` subtype in the range). Parameters are not compared.
    public func matches(_ range: MediaType) -> Bool {
        (range.type == "*" || range.type == type) && (range.subtype == "*" || range.subtype == subtype)
    }

    /// The canonical text: `type/subtype` then `; name=value` for each parameter, the value quoted
    /// when it is not a token.
    public var description: String {
        var text = essence
        for parameter in parameters {
            text += "; " + parameter.name + "="
            if !parameter.value.isEmpty && parameter.value.utf8.allSatisfy(Self.isTokenByte) {
                text += parameter.value
            } else {
                text += "\""
                for scalar in parameter.value.unicodeScalars {
                    if scalar == "\"" || scalar == "\\" { text += "\\" }
                    text.unicodeScalars.append(scalar)
                }
                text += "\""
            }
        }
        return text
    }

    /// Whether `byte` is an RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    static func lowercasedASCII(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

/// Byte-level parser for one media type.
private struct MediaTypeScanner {
    let bytes: [UInt8]
    let text: String
    var position = 0

    init(bytes: [UInt8], text: String) {
        self.bytes = bytes
        self.text = text
    }

    func error(_ code: MediaTypeError.Code) -> MediaTypeError {
        MediaTypeError(code: code, value: text, offset: position)
    }

    mutating func skipWhitespace() {
        while position < bytes.count && (bytes[position] == 0x20 || bytes[position] == 0x09) {
            position += 1
        }
    }

    mutating func token() -> String? {
        let start = position
        while position < bytes.count && MediaType.isTokenByte(bytes[position]) {
            position += 1
        }
        guard position > start else { return nil }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func parse() throws(MediaTypeError) -> MediaType {
        skipWhitespace()
        guard let type = token() else { throw error(.invalidType) }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "/") else {
            throw error(position < bytes.count && !isWhitespace(bytes[position]) && bytes[position] != UInt8(ascii: ";")
                ? .invalidType : .missingSlash)
        }
        position += 1
        guard let subtype = token() else { throw error(.invalidSubtype) }
        var parameters: [MediaType.Parameter] = []
        while true {
            skipWhitespace()
            guard position < bytes.count else { break }
            guard bytes[position] == UInt8(ascii: ";") else {
                throw error(parameters.isEmpty && !isWhitespace(bytes[position - 1]) ? .invalidSubtype : .unexpectedByte)
            }
            position += 1
            skipWhitespace()
            guard position < bytes.count, bytes[position] != UInt8(ascii: ";") else { continue }
            guard let name = token(), position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw error(.invalidParameterName)
            }
            position += 1
            let value: String
            if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
                value = try quotedString()
            } else if let plain = token() {
                value = plain
            } else {
                throw error(.invalidParameterValue)
            }
            parameters.append(MediaType.Parameter(name: name, value: value))
        }
        return MediaType(type: type, subtype: subtype, parameters: parameters)
    }

    func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    /// `quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE`.
    mutating func quotedString() throws(MediaTypeError) -> String {
        let opening = position
        position += 1
        var value: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: value, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                position += 1
                guard position < bytes.count else { break }
                let escaped = bytes[position]
                guard escaped == 0x09 || escaped >= 0x20 && escaped != 0x7F else {
                    throw error(.invalidQuotedString)
                }
                value.append(escaped)
            } else {
                guard byte == 0x09 || byte >= 0x20 && byte != 0x7F else { throw error(.invalidQuotedString) }
                value.append(byte)
            }
            position += 1
        }
        position = opening
        throw error(.invalidQuotedString)
    }
}
