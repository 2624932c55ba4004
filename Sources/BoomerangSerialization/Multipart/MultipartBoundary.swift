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
    public static let maximumLength = 70

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
        appendHex(high, to: &bytes)
        appendHex(low, to: &bytes)
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
    /// ``validate(_:maximumLength:)``. One pass, no backtracking: linear in the value's length.
    ///
    /// - Parameters:
    ///   - contentType: the header value.
    ///   - maximumLength: the longest accepted boundary, 70 by default.
    /// - Returns: the boundary.
    /// - Throws: ``MultipartParserError`` with an offset into `contentType`'s UTF-8 bytes.
    public static func parse(
        contentType: String,
        maximumLength: Int = maximumLength
    ) throws(MultipartParserError) -> String {
        let bytes = Array(contentType.utf8)
        let count = bytes.count
        var index = 0
        skipWhitespace(bytes, &index)
        let typeStart = index
        while index < count, bytes[index] != semicolon { index += 1 }
        var typeEnd = index
        while typeEnd > typeStart, isWhitespace(bytes[typeEnd - 1]) { typeEnd -= 1 }
        let prefix = Array("multipart/".utf8)
        let type = bytes[typeStart..<typeEnd]
        guard type.count > prefix.count, zip(type, prefix).allSatisfy({ asciiLowercased($0) == $1 }) else {
            throw MultipartParserError(code: .notMultipart, value: Array(type), offset: Int64(typeStart))
        }
        var boundary: [UInt8]?
        var boundaryOffset = 0
        while index < count {
            index += 1  // the semicolon
            skipWhitespace(bytes, &index)
            let nameStart = index
            while index < count, bytes[index] != equals, bytes[index] != semicolon { index += 1 }
            var nameEnd = index
            while nameEnd > nameStart, isWhitespace(bytes[nameEnd - 1]) { nameEnd -= 1 }
            guard index < count, bytes[index] == equals else { continue }
            index += 1
            skipWhitespace(bytes, &index)
            let valueStart = index
            var value: [UInt8] = []
            if index < count, bytes[index] == quote {
                index += 1
                var closed = false
                while index < count {
                    let byte = bytes[index]
                    if byte == backslash, index + 1 < count {
                        value.append(bytes[index + 1])
                        index += 2
                    } else if byte == quote {
                        index += 1
                        closed = true
                        break
                    } else {
                        value.append(byte)
                        index += 1
                    }
                }
                guard closed else {
                    throw MultipartParserError(
                        code: .unterminatedQuotedString,
                        value: MultipartParserError.excerpt(bytes[valueStart...]),
                        offset: Int64(valueStart)
                    )
                }
                while index < count, bytes[index] != semicolon { index += 1 }
            } else {
                while index < count, bytes[index] != semicolon { index += 1 }
                var valueEnd = index
                while valueEnd > valueStart, isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
                value = Array(bytes[valueStart..<valueEnd])
            }
            let name = bytes[nameStart..<nameEnd]
            guard name.count == 8, zip(name, "boundary".utf8).allSatisfy({ asciiLowercased($0) == $1 }) else {
                continue
            }
            guard boundary == nil else {
                throw MultipartParserError(code: .duplicateBoundary, value: value, offset: Int64(nameStart))
            }
            boundary = value
            boundaryOffset = valueStart < count && bytes[valueStart] == quote ? valueStart + 1 : valueStart
        }
        guard let boundary else {
            throw MultipartParserError(
                code: .missingBoundary,
                value: MultipartParserError.excerpt(bytes[...]),
                offset: Int64(count)
            )
        }
        do {
            try validate(boundary, maximumLength: maximumLength)
        } catch {
            var error = error
            error.offset += Int64(boundaryOffset)
            throw error
        }
        return String(decoding: boundary, as: UTF8.self)
    }

    /// Checks a boundary against RFC 2046: 1 to 70 characters from `bchars`, not ending in a space.
    ///
    /// `bchars` are digits, letters and `'()+_,-./:=?` and space
    /// ([RFC 2046 §5.1.1](https://www.rfc-editor.org/rfc/rfc2046#section-5.1.1)). Both
    /// AFNetworking's `Boundary+…` and Alamofire's `alamofire.boundary.…` qualify.
    ///
    /// - Parameters:
    ///   - boundary: the boundary's bytes.
    ///   - maximumLength: the longest accepted boundary, 70 by default.
    /// - Throws: ``MultipartParserError`` (`emptyBoundary`, `boundaryTooLong` or
    ///   `invalidBoundaryCharacter`) with the offset of the offending byte in `boundary`.
    public static func validate(_ boundary: [UInt8], maximumLength: Int = maximumLength) throws(MultipartParserError) {
        guard !boundary.isEmpty else {
            throw MultipartParserError(code: .emptyBoundary, value: [], offset: 0)
        }
        guard boundary.count <= maximumLength else {
            throw MultipartParserError(
                code: .boundaryTooLong,
                value: MultipartParserError.excerpt(boundary[...]),
                offset: Int64(maximumLength)
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

    private static func appendHex(_ value: UInt32, to bytes: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        for shift in stride(from: 28, through: 0, by: -4) {
            bytes.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

private let cr = UInt8(ascii: "\r")
private let lf = UInt8(ascii: "\n")
private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let semicolon = UInt8(ascii: ";")
private let equals = UInt8(ascii: "=")
private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
