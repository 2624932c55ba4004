/// The outcome of ``HTTPResponseSerializer/validate(response:data:)``: AFNetworking's `BOOL` return
/// value and its `error:` out-parameter, which may stay `nil` even when the response is invalid.
public struct ResponseValidation: Sendable, Hashable {
    /// Whether the response passed.
    public var isValid: Bool
    /// The error, or `nil` (always `nil` when valid; possibly `nil` when invalid).
    public var error: ResponseSerializationError?

    /// Creates an outcome.
    public init(isValid: Bool, error: ResponseSerializationError?) {
        self.isValid = isValid
        self.error = error
    }

    /// A passing outcome.
    public static let valid = ResponseValidation(isValid: true, error: nil)
}

/// What a decoding serializer does after validation (AFNetworking's shared gate, spec §2.3).
public enum ResponseGate: Sendable, Hashable {
    /// Return `nil` with this error: a content-type failure, any failure without an error pointer,
    /// or (Alamofire mode) any failure.
    case stop(ResponseSerializationError?)
    /// Decode, keeping this validation error (nil when valid).
    case proceed(ResponseSerializationError?)
}
