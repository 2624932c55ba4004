/// A parsed `Content-Disposition` part header: `form-data; name="N"; filename="F"`.
///
/// The reverse of what AFNetworking writes (serialization spec §1.6.3): AFNetworking inserts names
/// and filenames between quotes as they are, with no escaping, so a quoted value here runs to the
/// next `"` and a backslash is an ordinary character (a Windows path `C:\x` comes back intact).
/// A name that itself holds `"` cannot survive AFNetworking's encoding in any parser.
///
/// `filename*` ([RFC 5987](https://www.rfc-editor.org/rfc/rfc5987) `UTF-8''%E2%82%AC.txt`) is
/// decoded but the plain `filename` is authoritative when both are present
/// ([RFC 7578 §4.2](https://www.rfc-editor.org/rfc/rfc7578#section-4.2); robustness spec M13).
public struct ContentDisposition: Sendable, Hashable {
    /// One `name=value` parameter.
    public struct Parameter: Sendable, Hashable {
        /// The parameter name as written (`filename*` keeps its star).
        public var name: String
        /// The value without its quotes; an extended (`*`) value is kept encoded.
        public var value: String

        /// Creates a parameter.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The disposition type as written, usually `form-data`.
    public var type: String
    /// The parameters in order.
    public var parameters: [Parameter]

    /// Creates a disposition.
    public init(type: String, parameters: [Parameter]) {
        self.type = type
        self.parameters = parameters
    }

    /// Parses a header value; `nil` when it has no disposition type.
    ///
    /// Parameters without `=` are skipped; anything between a closing quote and the next `;` is
    /// ignored; an unclosed quote takes the rest of the value. One pass, linear time.
    ///
    /// - Parameter value: the `Content-Disposition` field value.
    public init?(parsing value: String) {
        let bytes = Array(value.utf8)
        let (typeRange, parametersStart) = ParameterScanner.leadingValue(in: bytes)
        guard !typeRange.isEmpty else { return nil }
        let parameters = (try? Self.parameterScanner.parameters(in: bytes, from: parametersStart)) ?? []
        self.init(
            type: String(decoding: bytes[typeRange], as: UTF8.self),
            parameters: parameters.map { Parameter(name: $0.name, value: $0.value) }
        )
    }

    /// How AFNetworking's part headers are read back: quoted values verbatim (no escapes, an
    /// unclosed one runs to the end), names as written, repeats kept, and malformed parameters
    /// skipped. This configuration refuses nothing.
    private static let parameterScanner: ParameterScanner = {
        var configuration = ParameterScannerConfiguration.strict
        configuration.quotedStrings = .verbatim
        configuration.preservesNameCase = true
        configuration.duplicateNames = .keepAll
        configuration.allowsEmptyValues = true
        configuration.allowsWhitespaceAroundEquals = true
        configuration.skipsMalformedParameters = true
        return ParameterScanner(configuration: configuration)
    }()

    /// The value of the first parameter with this name, compared case-insensitively.
    public func parameter(_ name: String) -> String? {
        parameters.first { HTTPHeaders.namesMatch($0.name, name) }?.value
    }

    /// The `name` parameter.
    public var name: String? { parameter("name") }

    /// The plain `filename` parameter.
    public var plainFilename: String? { parameter("filename") }

    /// The `filename*` parameter, decoded; `nil` when absent or undecodable.
    public var extendedFilename: String? { parameter("filename*").flatMap(Self.decodeExtendedValue) }

    /// The file name: the plain `filename` when present, else the decoded `filename*`.
    public var filename: String? { plainFilename ?? extendedFilename }

    /// Decodes an RFC 5987 extended value `charset'language'percent-encoded`.
    ///
    /// Charsets `UTF-8` and `ISO-8859-1` are understood (case-insensitively).
    ///
    /// - Parameter value: the encoded value, such as `UTF-8''%E2%82%AC%20rates`.
    /// - Returns: the text, or `nil` for an unknown charset, a malformed escape or invalid UTF-8.
    public static func decodeExtendedValue(_ value: String) -> String? {
        let bytes = Array(value.utf8)
        guard let firstQuote = bytes.firstIndex(of: apostrophe),
            let secondQuote = bytes[(firstQuote + 1)...].firstIndex(of: apostrophe)
        else { return nil }
        let charset = String(decoding: bytes[..<firstQuote], as: UTF8.self).lowercased()
        var decoded: [UInt8] = []
        var index = secondQuote + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = Hex.value(of: bytes[index + 1]),
                    let low = Hex.value(of: bytes[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        switch charset {
        case "utf-8":
            return String(validating: decoded, as: UTF8.self)
        case "iso-8859-1":
            var text = ""
            text.unicodeScalars.append(contentsOf: decoded.map { Unicode.Scalar($0) })
            return text
        default:
            return nil
        }
    }
}

private let apostrophe = UInt8(ascii: "'")
