/// `AFPropertyListResponseSerializer`: validates, then reads an XML, binary or OpenStep property
/// list with ``PropertyListReader`` (spec §2.6).
///
/// After the gate, `nil` data gives no object and the validation error, but **empty** data is read
/// and fails (3840, "zero-length data"), as Foundation does; a real session always passes data, so
/// a 204 with this serializer is an error. A read failure is on top with the validation error
/// underneath.
public struct PropertyListResponseSerializer: ResponseSerializer {
    /// AFNetworking's acceptable types.
    public static let defaultAcceptableContentTypes: Set<String> = ["application/x-plist"]

    /// The validation settings.
    public var base: HTTPResponseSerializer
    /// The reader's limits.
    public var readerConfiguration: PropertyListReaderConfiguration

    /// Creates a serializer.
    public init(
        base: HTTPResponseSerializer = HTTPResponseSerializer(acceptableContentTypes: defaultAcceptableContentTypes),
        readerConfiguration: PropertyListReaderConfiguration = PropertyListReaderConfiguration()
    ) {
        self.base = base
        self.readerConfiguration = readerConfiguration
    }

    /// `.propertyList(output)`.
    public func responseObject(from output: StructuredValue, data: [UInt8]?) -> ResponseObject {
        .propertyList(output)
    }

    /// Reads a body without validation.
    ///
    /// - Throws: ``ResponseSerializationError`` with code ``ResponseSerializationError/Code/invalidPropertyList``.
    public func decode(_ data: [UInt8]) throws(ResponseSerializationError) -> StructuredValue {
        do {
            return try PropertyListReader(configuration: readerConfiguration).read(data)
        } catch {
            let message = error.code == .emptyInput ? "Cannot parse a NULL or zero-length data" : error.description
            throw ResponseSerializationError(code: .invalidPropertyList, message: message, offset: error.offset)
        }
    }

    /// Validates, then decodes unless the content type failed (the gate of AFNetworking's subclasses).
    public func serialize(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool) -> ResponseSerialization<StructuredValue> {
        base.gated(response: response, data: data, reportsErrors: reportsErrors) { validationError in
            guard let data else { return ResponseSerialization(object: nil, error: validationError) }
            return .decoding(validationError: validationError, reportsErrors: reportsErrors) {
                () throws(ResponseSerializationError) in try decode(data)
            }
        }
    }
}
