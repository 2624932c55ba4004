/// What a response serializer returns: AFNetworking's return value and `error:` out-parameter.
///
/// Both can be set at once (a 404 with a decodable JSON body gives the object **and** the -1011
/// error) and both can be `nil` (an empty JSON body).
public struct ResponseSerialization<Output> {
    /// The decoded object, or `nil`.
    public var object: Output?
    /// The error written to the out-parameter, or `nil`.
    public var error: ResponseSerializationError?

    /// Creates a result.
    public init(object: Output?, error: ResponseSerializationError?) {
        self.object = object
        self.error = error
    }

    /// What `decode` gives, with `validationError` carried along; when it throws, no object and,
    /// if errors are reported, its error with the validation error attached
    /// (``ResponseSerializationError/attaching(_:to:)``).
    public static func decoding(
        validationError: ResponseSerializationError?,
        reportsErrors: Bool,
        _ decode: () throws(ResponseSerializationError) -> Output
    ) -> ResponseSerialization {
        do {
            return ResponseSerialization(object: try decode(), error: validationError)
        } catch {
            let reported = reportsErrors ? ResponseSerializationError.attaching(validationError, to: error) : nil
            return ResponseSerialization(object: nil, error: reported)
        }
    }

    /// The same result with the object transformed.
    public func map<NewOutput>(_ transform: (Output) -> NewOutput) -> ResponseSerialization<NewOutput> {
        ResponseSerialization<NewOutput>(object: object.map(transform), error: error)
    }
}

extension ResponseSerialization: Sendable where Output: Sendable {}
extension ResponseSerialization: Equatable where Output: Equatable {}
extension ResponseSerialization: Hashable where Output: Hashable {}
