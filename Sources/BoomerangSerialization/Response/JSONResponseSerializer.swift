/// `AFJSONResponseSerializer`: validates, then decodes JSON into a ``StructuredValue`` (spec §2.4).
///
/// After the gate of ``HTTPResponseSerializer/gate(response:data:reportsErrors:)``:
/// - `nil` data, empty data or exactly one space byte give no object and the validation error
///   (`nil` when valid);
/// - the body's encoding is detected like Foundation (``JSONTextEncoding``: UTF-8 with or without
///   BOM, UTF-16 and UTF-32 in either byte order with or without BOM), so all of these decode, as
///   they do on Darwin and Linux;
/// - a top-level value that is not an array or object fails unless ``allowsFragments``;
/// - a parse failure is the error on top (3840 in `NSCocoaErrorDomain`, with the parser's byte
///   offset: in the body for UTF-8, BOM included; in the UTF-8 transcoding for UTF-16 and UTF-32
///   bodies, except for ill-formed code units, whose offset is in the body) with the validation
///   error underneath;
/// - ``removesKeysWithNullValues`` drops `null` object values and `null` array elements at every depth.
///
/// In Alamofire mode fragments are allowed by default, an allowed empty body gives `null`, and
/// a validation failure gives no object.
public struct JSONResponseSerializer: ResponseSerializer {
    /// AFNetworking's acceptable types.
    public static let defaultAcceptableContentTypes: Set<String> = ["application/json", "text/json", "text/javascript"]

    /// The validation settings; acceptable types default to ``defaultAcceptableContentTypes``.
    public var base: HTTPResponseSerializer
    /// `NSJSONReadingAllowFragments`. Default `false` (`true` in Alamofire mode).
    public var allowsFragments: Bool
    /// Drops `null` values from objects and arrays at every depth. Default `false`.
    public var removesKeysWithNullValues: Bool
    /// The parser's limits. Defaults: depth 512 (Foundation's limit), 64 MiB, a UTF-8 BOM skipped.
    public var parserConfiguration: JSONParserConfiguration

    /// Foundation's parser limits as a ``JSONParser/Configuration``.
    public static let foundationLikeConfiguration = JSONParserConfiguration(
        maxDepth: 512,
        maxInputBytes: 64 * 1024 * 1024,
        byteOrderMark: .skip
    )

    /// Creates a serializer.
    public init(
        base: HTTPResponseSerializer = HTTPResponseSerializer(acceptableContentTypes: defaultAcceptableContentTypes),
        allowsFragments: Bool? = nil,
        removesKeysWithNullValues: Bool = false,
        parserConfiguration: JSONParserConfiguration = foundationLikeConfiguration
    ) {
        self.base = base
        if case .alamofire = base.mode {
            self.allowsFragments = allowsFragments ?? true
        } else {
            self.allowsFragments = allowsFragments ?? false
        }
        self.removesKeysWithNullValues = removesKeysWithNullValues
        self.parserConfiguration = parserConfiguration
    }

    /// `.json(output)`.
    public func responseObject(from output: StructuredValue, data: [UInt8]?) -> ResponseObject {
        .json(output)
    }

    /// Decodes a body with this serializer's options, without validation.
    ///
    /// - Throws: ``ResponseSerializationError`` with code ``ResponseSerializationError/Code/invalidJSON``
    ///   or ``ResponseSerializationError/Code/jsonFragmentNotAllowed``.
    public func decode(_ data: [UInt8]) throws(ResponseSerializationError) -> StructuredValue {
        let (encoding, bomLength) = JSONTextEncoding.detect(data)
        let value: StructuredValue
        if encoding == .utf8 {
            // The parser skips a UTF-8 BOM itself (configuration permitting); offsets count it.
            value = try parse(data)
        } else {
            switch encoding.transcodeToUTF8(data[bomLength...]) {
            case .success(let utf8):
                value = try parse(utf8)
            case .failure(let failure):
                throw ResponseSerializationError(
                    code: .invalidJSON,
                    message: "Unable to convert data to a string using the detected encoding.",
                    offset: failure.offset
                )
            }
        }
        if !allowsFragments {
            switch value {
            case .array, .object: break
            default:
                throw ResponseSerializationError(
                    code: .jsonFragmentNotAllowed,
                    message: "JSON text did not start with array or object and option to allow fragments not set.",
                    offset: 0
                )
            }
        }
        return removesKeysWithNullValues ? Self.removingNulls(value) : value
    }

    /// `AFJSONObjectByRemovingKeysWithNullValues` (4.x): drops `null` array elements and `null`
    /// object values, recursing into containers; depth is bounded by the parser's limit.
    public static func removingNulls(_ value: StructuredValue) -> StructuredValue {
        switch value {
        case .array(let elements):
            var kept: [StructuredValue] = []
            kept.reserveCapacity(elements.count)
            for element in elements where element != .null {
                kept.append(removingNulls(element))
            }
            return .array(kept)
        case .object(let object):
            var result = StructuredObject(minimumCapacity: object.count)
            for entry in object where entry.value != .null {
                result.append(removingNulls(entry.value), forKey: entry.key)
            }
            return .object(result)
        default:
            return value
        }
    }

    private func parse(_ text: [UInt8]) throws(ResponseSerializationError) -> StructuredValue {
        do {
            return try JSONParser(configuration: parserConfiguration).parse(text)
        } catch {
            throw ResponseSerializationError(code: .invalidJSON, message: error.description, offset: error.offset)
        }
    }

    /// Validates, then decodes unless the content type failed (the gate of AFNetworking's subclasses).
    public func serialize(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool) -> ResponseSerialization<StructuredValue> {
        base.gated(response: response, data: data, reportsErrors: reportsErrors) { validationError in
            var body = data ?? []
            if case .alamofire(let configuration) = base.mode {
                guard !body.isEmpty else {
                    if configuration.allowsEmptyResponse(response) { return ResponseSerialization(object: .null, error: nil) }
                    return ResponseSerialization(object: nil, error: HTTPResponseSerializer.emptyInputError())
                }
                body = configuration.dataPreprocessor.process(body)
            } else if body.isEmpty || body == [0x20] {
                return ResponseSerialization(object: nil, error: validationError)
            }
            return .decoding(validationError: validationError, reportsErrors: reportsErrors) {
                () throws(ResponseSerializationError) in try decode(body)
            }
        }
    }
}
