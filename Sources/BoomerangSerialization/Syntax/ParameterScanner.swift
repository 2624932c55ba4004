/// The one reader of `; name=value` parameter lists: media types, the multipart boundary,
/// `Content-Disposition` and Foundation's `Content-Type` split all go through it, each with its
/// own ``ParameterScannerConfiguration``. One pass, no backtracking: linear in the input.
///
/// ```swift
/// let scanner = ParameterScanner(configuration: .strict)
/// let bytes = Array("text/plain; charset=utf-8".utf8)
/// let parameters = try scanner.parameters(in: bytes, from: 10)  // [charset: utf-8]
/// ```
struct ParameterScanner: Sendable {
    /// One parameter as read.
    struct Parameter: Sendable, Hashable {
        /// The name, lower-cased unless the configuration preserves case.
        var name: String
        /// The value without quotes and escapes.
        var value: String
        /// The offset of the name's first byte.
        var nameOffset: Int
        /// The offset of the value's first byte (after the opening quote of a quoted value).
        var valueOffset: Int
    }

    /// The grammar and its leniencies.
    let configuration: ParameterScannerConfiguration

    /// Creates a scanner.
    init(configuration: ParameterScannerConfiguration = .strict) {
        self.configuration = configuration
    }

    /// The bytes before the first `;`, without surrounding spaces and tabs, and the index of that
    /// `;` (or the end): the leading value of a field such as `form-data` or `text/html`, read
    /// as lenient parsers read it.
    static func leadingValue(in bytes: [UInt8]) -> (range: Range<Int>, end: Int) {
        var start = 0
        skipWhitespace(bytes, &start)
        var end = start
        while end < bytes.count, bytes[end] != semicolon { end += 1 }
        return (start..<HTTPSyntax.endTrimmingWhitespace(bytes[start..<end]), end)
    }

    /// Reads the parameters in `bytes[start...]`: `*( OWS ";" OWS [ parameter ] )` to the end.
    ///
    /// - Throws: ``ParameterSyntaxError`` with the byte offset in `bytes`.
    func parameters(in bytes: [UInt8], from start: Int) throws(ParameterSyntaxError) -> [Parameter] {
        var parameters: [Parameter] = []
        var index = start
        while true {
            Self.skipWhitespace(bytes, &index)
            guard index < bytes.count else { return parameters }
            guard bytes[index] == Self.semicolon else {
                throw ParameterSyntaxError(code: .unexpectedByte, offset: index)
            }
            index += 1
            Self.skipWhitespace(bytes, &index)
            guard index < bytes.count, bytes[index] != Self.semicolon else { continue }
            guard let parameter = try parameter(in: bytes, at: &index) else { continue }
            try add(parameter, to: &parameters)
        }
    }

    /// Reads one parameter at `index` (its name's first byte) and leaves `index` after it; `nil`
    /// for a malformed parameter that is skipped.
    private func parameter(in bytes: [UInt8], at index: inout Int) throws(ParameterSyntaxError) -> Parameter? {
        let lenient = configuration.skipsMalformedParameters
        let nameStart = index
        let nameEnd: Int
        if lenient {
            while index < bytes.count, bytes[index] != Self.equals, bytes[index] != Self.semicolon { index += 1 }
            nameEnd = HTTPSyntax.endTrimmingWhitespace(bytes[nameStart..<index])
        } else {
            while index < bytes.count, HTTPSyntax.isTokenByte(bytes[index]) { index += 1 }
            nameEnd = index
            if configuration.allowsWhitespaceAroundEquals, nameEnd > nameStart { Self.skipWhitespace(bytes, &index) }
        }
        guard index < bytes.count, bytes[index] == Self.equals, lenient || nameEnd > nameStart else {
            if lenient { return nil }
            throw ParameterSyntaxError(code: .invalidName, offset: index)
        }
        index += 1
        if configuration.allowsWhitespaceAroundEquals { Self.skipWhitespace(bytes, &index) }
        let (value, valueOffset) = try value(in: bytes, at: &index)
        guard nameEnd > nameStart else { return nil }
        var name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
        if !configuration.preservesNameCase { name = ASCII.lowercased(name) }
        return Parameter(name: name, value: value, nameOffset: nameStart, valueOffset: valueOffset)
    }

    /// Reads a value at `index` and leaves `index` after it (at the next `;` when lenient).
    private func value(in bytes: [UInt8], at index: inout Int) throws(ParameterSyntaxError) -> (String, Int) {
        let lenient = configuration.skipsMalformedParameters
        let start = index
        if index < bytes.count, bytes[index] == Self.quote, configuration.quotedStrings != .unrecognized {
            let value = try quotedString(in: bytes, at: &index)
            if lenient {
                while index < bytes.count, bytes[index] != Self.semicolon { index += 1 }
            }
            return (value, start + 1)
        }
        if lenient {
            while index < bytes.count, bytes[index] != Self.semicolon { index += 1 }
        } else {
            while index < bytes.count, HTTPSyntax.isTokenByte(bytes[index]) { index += 1 }
        }
        var range = start..<(lenient ? HTTPSyntax.endTrimmingWhitespace(bytes[start..<index]) : index)
        guard !range.isEmpty || configuration.allowsEmptyValues else {
            throw ParameterSyntaxError(code: .invalidValue, offset: index)
        }
        if configuration.quotedStrings == .unrecognized, range.count >= 2, bytes[range.lowerBound] == Self.quote,
            bytes[range.upperBound - 1] == Self.quote
        {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return (String(decoding: bytes[range], as: UTF8.self), range.lowerBound)
    }

    /// Reads the quoted string whose opening quote is at `index` and leaves `index` after it.
    private func quotedString(in bytes: [UInt8], at index: inout Int) throws(ParameterSyntaxError) -> String {
        let opening = index
        index += 1
        var value: [UInt8] = []
        if configuration.quotedStrings == .verbatim {
            let start = index
            while index < bytes.count, bytes[index] != Self.quote { index += 1 }
            value.append(contentsOf: bytes[start..<index])
            if index < bytes.count { index += 1 }
            return String(decoding: value, as: UTF8.self)
        }
        let checksBytes = configuration.quotedStrings == .strict
        while index < bytes.count {
            var byte = bytes[index]
            if byte == Self.quote {
                index += 1
                return String(decoding: value, as: UTF8.self)
            }
            if byte == Self.backslash {
                guard index + 1 < bytes.count else { break }
                index += 1
                byte = bytes[index]
            }
            if checksBytes, !Self.isQuotedTextByte(byte) {
                throw ParameterSyntaxError(code: .invalidQuotedString, offset: index)
            }
            value.append(byte)
            index += 1
        }
        throw ParameterSyntaxError(code: .unterminatedQuotedString, offset: opening)
    }

    private func add(_ parameter: Parameter, to parameters: inout [Parameter]) throws(ParameterSyntaxError) {
        if configuration.duplicateNames != .keepAll,
            parameters.contains(where: { HTTPHeaders.namesMatch($0.name, parameter.name) })
        {
            if configuration.duplicateNames == .reject {
                throw ParameterSyntaxError(code: .duplicateName, offset: parameter.nameOffset)
            }
            return
        }
        parameters.append(parameter)
    }

    /// `qdtext` and the second byte of `quoted-pair`: HTAB, SP, visible ASCII and obs-text.
    private static func isQuotedTextByte(_ byte: UInt8) -> Bool {
        byte == HTTPSyntax.tab || byte >= 0x20 && byte != 0x7F
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, HTTPSyntax.isWhitespace(bytes[index]) { index += 1 }
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
}
