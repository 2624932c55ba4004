/// Multipart boundaries: making them, the delimiter lines built from them, and reading them back
/// from a `Content-Type` value.
///
/// ```swift
/// let boundary = MultipartBoundary.random()            // "Boundary+5F3A09C21B7E44D0"
/// let parsed = try MultipartBoundary.parse(contentType: "multipart/form-data; boundary=\(boundary)")
/// ```
public enum MultipartBoundary {
    /// The longest boundary RFC 2046 allows.
    ///
    /// [RFC 2046 §5.1.1](https://www.rfc-editor.org/rfc/rfc2046#section-5.1.1).
    public static let maxBytes = 70

    /// Makes an AFNetworking boundary from the system random number generator.
    ///
    /// - Returns: `Boundary+` followed by two random 32-bit values as 8 uppercase hex digits each,
    ///   25 characters in all (serialization spec §1.6.1).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// Makes an AFNetworking boundary from the given random number generator.
    ///
    /// - Parameter generator: the source of the two random 32-bit values.
    /// - Returns: `Boundary+%08X%08X`.
    public static func random(using generator: inout some RandomNumberGenerator) -> String {
        let high = UInt32.random(in: .min ... .max, using: &generator)
        let low = UInt32.random(in: .min ... .max, using: &generator)
        return afNetworking(high, low)
    }

    /// The AFNetworking boundary for two given 32-bit values: `Boundary+%08X%08X`.
    ///
    /// - Parameters:
    ///   - high: the first value, printed first.
    ///   - low: the second value.
    public static func afNetworking(_ high: UInt32, _ low: UInt32) -> String {
        var bytes = Array("Boundary+".utf8)
        Hex.append(UInt64(high), digits: 8, uppercase: true, to: &bytes)
        Hex.append(UInt64(low), digits: 8, uppercase: true, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line that opens the first part: `--B` CRLF.
    public static func initialLine(_ boundary: String) -> [UInt8] {
        Array("--".utf8) + Array(boundary.utf8) + [cr, lf]
    }

    /// The line that opens every later part, with the CRLF that ends the previous body:
    /// CRLF `--B` CRLF.
    public static func encapsulationLine(_ boundary: String) -> [UInt8] {
        [cr, lf] + initialLine(boundary)
    }

    /// The close delimiter after the last body: CRLF `--B--` CRLF.
    public static func finalLine(_ boundary: String) -> [UInt8] {
        [cr, lf] + Array("--".utf8) + Array(boundary.utf8) + Array("--".utf8) + [cr, lf]
    }

    /// Reads the `boundary` parameter of a `multipart/…` `Content-Type` value.
    ///
    /// The media type must be `multipart/<subtype>` (compared case-insensitively). The parameter
    /// name is compared case-insensitively; the value may be a token or a quoted string, in which a
    /// backslash escapes the next character
    /// ([RFC 9110 §5.6.6](https://www.rfc-editor.org/rfc/rfc9110#section-5.6.6)). A parameter
    /// without `=` is skipped, `boundary*` (RFC 2231) is ignored, and a second `boundary` is an
    /// error rather than first-wins (robustness spec M03). The value is then validated with
    /// ``validate(_:maxBytes:)``. One pass, no backtracking: linear in the value's length.
    ///
    /// - Parameters:
    ///   - contentType: the header value.
    ///   - maxBytes: the longest accepted boundary, 70 by default.
    /// - Returns: the boundary.
    /// - Throws: ``MultipartParserError`` with an offset into `contentType`'s UTF-8 bytes.
    public static func parse(
        contentType: String,
        maxBytes: Int = MultipartBoundary.maxBytes
    ) throws(MultipartParserError) -> String {
        try read(contentType: contentType, maxBytes: maxBytes).boundary
    }

    /// ``parse(contentType:maxBytes:)``, also telling whether a `boundary*` parameter was
    /// ignored: a reader that honours RFC 2231 would split the body at that one.
    static func read(
        contentType: String,
        maxBytes: Int
    ) throws(MultipartParserError) -> (boundary: String, ignoredExtendedBoundary: Bool) {
        let bytes = Array(contentType.utf8)
        let (typeRange, parametersStart) = ParameterScanner.leadingValue(in: bytes)
        let type = bytes[typeRange]
        guard type.count > 10, ASCII.lowercased(type.prefix(10)) == "multipart/" else {
            throw MultipartParserError(code: .notMultipart, value: Array(type), offset: Int64(typeRange.lowerBound))
        }
        let parameters: [ParameterScanner.Parameter]
        do {
            parameters = try parameterScanner.parameters(in: bytes, from: parametersStart)
        } catch {
            // An unclosed quoted string is the only thing this scanner refuses.
            throw MultipartParserError(
                code: .unterminatedQuotedString,
                value: MultipartParserError.excerpt(bytes[error.offset...]),
                offset: Int64(error.offset)
            )
        }
        var boundary: ParameterScanner.Parameter?
        var ignoredExtendedBoundary = false
        for parameter in parameters {
            if parameter.name == "boundary*" { ignoredExtendedBoundary = true }
            guard parameter.name == "boundary" else { continue }
            guard boundary == nil else {
                throw MultipartParserError(
                    code: .duplicateBoundary,
                    value: Array(parameter.value.utf8),
                    offset: Int64(parameter.nameOffset)
                )
            }
            boundary = parameter
        }
        guard let boundary else {
            throw MultipartParserError(
                code: .missingBoundary,
                value: MultipartParserError.excerpt(bytes[...]),
                offset: Int64(bytes.count)
            )
        }
        do {
            try validate(Array(boundary.value.utf8), maxBytes: maxBytes)
        } catch {
            var error = error
            error.offset += Int64(boundary.valueOffset)
            throw error
        }
        return (boundary.value, ignoredExtendedBoundary)
    }

    /// How a `Content-Type` value's parameters are read for its boundary: names compared
    /// case-insensitively, a token or a quoted string with backslash escapes, and the rest lenient
    /// (a parameter without `=` is skipped, spaces around `=` are allowed); repeats are kept so
    /// that a second `boundary` can be refused.
    private static let parameterScanner: ParameterScanner = {
        var configuration = ParameterScannerConfiguration.strict
        configuration.quotedStrings = .anyByte
        configuration.duplicateNames = .keepAll
        configuration.allowsEmptyValues = true
        configuration.allowsWhitespaceAroundEquals = true
        configuration.skipsMalformedParameters = true
        return ParameterScanner(configuration: configuration)
    }()

    /// Checks a boundary against RFC 2046: 1 to 70 characters from `bchars`, not ending in a space.
    ///
    /// `bchars` are digits, letters and `'()+_,-./:=?` and space
    /// ([RFC 2046 §5.1.1](https://www.rfc-editor.org/rfc/rfc2046#section-5.1.1)). Both
    /// AFNetworking's `Boundary+…` and Alamofire's `alamofire.boundary.…` qualify.
    ///
    /// - Parameters:
    ///   - boundary: the boundary's bytes.
    ///   - maxBytes: the longest accepted boundary, 70 by default.
    /// - Throws: ``MultipartParserError`` (`emptyBoundary`, `boundaryTooLong` or
    ///   `invalidBoundaryCharacter`) with the offset of the offending byte in `boundary`.
    public static func validate(_ boundary: [UInt8], maxBytes: Int = MultipartBoundary.maxBytes) throws(MultipartParserError) {
        guard !boundary.isEmpty else {
            throw MultipartParserError(code: .emptyBoundary, value: [], offset: 0)
        }
        guard boundary.count <= maxBytes else {
            throw MultipartParserError(
                code: .boundaryTooLong,
                value: MultipartParserError.excerpt(boundary[...]),
                offset: Int64(maxBytes)
            )
        }
        for (offset, byte) in boundary.enumerated() where !isBoundaryCharacter(byte) {
            throw MultipartParserError(
                code: .invalidBoundaryCharacter,
                value: MultipartParserError.excerpt(boundary[...]),
                offset: Int64(offset)
            )
        }
        if boundary.last == space {
            throw MultipartParserError(
                code: .invalidBoundaryCharacter,
                value: MultipartParserError.excerpt(boundary[...]),
                offset: Int64(boundary.count - 1)
            )
        }
    }

    /// Whether a byte is one of RFC 2046's `bchars`.
    static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        case UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "_"),
            UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "="), UInt8(ascii: "?"), space:
            true
        default:
            false
        }
    }
}

private let cr = UInt8(ascii: "\r")
private let lf = UInt8(ascii: "\n")
private let space = UInt8(ascii: " ")
