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
            self.name = ASCII.lowercased(name)
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
        self.type = ASCII.lowercased(type)
        self.subtype = ASCII.lowercased(subtype)
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
        let name = ASCII.lowercased(name)
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
            if !parameter.value.isEmpty && parameter.value.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
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
}

/// Byte-level parser for one media type: `type "/" subtype`, then the parameters through the
/// strict ``ParameterScanner``.
private struct MediaTypeScanner {
    /// The grammar of RFC 9110 §5.6.6 with no leniency; repeated names are kept.
    static let parameterScanner: ParameterScanner = {
        var configuration = ParameterScannerConfiguration.strict
        configuration.duplicateNames = .keepAll
        return ParameterScanner(configuration: configuration)
    }()

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
        while position < bytes.count && HTTPSyntax.isWhitespace(bytes[position]) {
            position += 1
        }
    }

    mutating func token() -> String? {
        let start = position
        while position < bytes.count && HTTPSyntax.isTokenByte(bytes[position]) {
            position += 1
        }
        guard position > start else { return nil }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func parse() throws(MediaTypeError) -> MediaType {
        skipWhitespace()
        guard let type = token() else { throw error(.invalidType) }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "/") else {
            throw error(position < bytes.count && !isSeparator(bytes[position]) ? .invalidType : .missingSlash)
        }
        position += 1
        guard let subtype = token() else { throw error(.invalidSubtype) }
        if position < bytes.count && !isSeparator(bytes[position]) {
            throw error(.invalidSubtype)
        }
        let parameters: [ParameterScanner.Parameter]
        do {
            parameters = try Self.parameterScanner.parameters(in: bytes, from: position)
        } catch {
            position = error.offset
            throw self.error(Self.code(for: error.code))
        }
        return MediaType(
            type: type,
            subtype: subtype,
            parameters: parameters.map { MediaType.Parameter(name: $0.name, value: $0.value) }
        )
    }

    /// Whitespace or `;`: what may follow a type or subtype.
    func isSeparator(_ byte: UInt8) -> Bool {
        HTTPSyntax.isWhitespace(byte) || byte == UInt8(ascii: ";")
    }

    static func code(for code: ParameterSyntaxError.Code) -> MediaTypeError.Code {
        switch code {
        case .invalidName, .duplicateName: .invalidParameterName
        case .invalidValue: .invalidParameterValue
        case .invalidQuotedString, .unterminatedQuotedString: .invalidQuotedString
        case .unexpectedByte: .unexpectedByte
        }
    }
}
