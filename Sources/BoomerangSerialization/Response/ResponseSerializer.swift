/// A response serializer: turns a response and its body into an object and/or an error, exactly as
/// the matching AFNetworking class does (`responseObjectForResponse:data:error:`).
///
/// Contract, as a test would state it:
/// ```swift
/// let result = serializer.serialize(response: response, data: body)
/// // result.object and result.error are what AFNetworking returns and writes to `error:`
/// serializer.objectIgnoringErrors(response: response, data: body)
/// // is what AFNetworking returns when `error:` is NULL
/// serializer.serializeResponseObject(response: response, data: body)
/// // == result.map { serializer.responseObject(from: $0, data: body) }
/// ```
public protocol ResponseSerializer: Sendable {
    /// The decoded object's type.
    associatedtype Output

    /// Validates and decodes.
    ///
    /// - Parameters:
    ///   - response: the response metadata; `nil` stands for a response that is not an HTTP
    ///     response, which AFNetworking treats as valid.
    ///   - data: the body; `nil` and empty are different (a real session always passes data).
    ///   - reportsErrors: `false` is AFNetworking's call with no `error:` pointer, where every
    ///     invalid response gives `nil`; serializers whose object does not depend on it ignore it.
    func serialize(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool) -> ResponseSerialization<Output>

    /// Erases an output to a ``ResponseObject``.
    func responseObject(from output: Output, data: [UInt8]?) -> ResponseObject
}

extension ResponseSerializer {
    /// Validates and decodes, reporting errors: the object and the error AFNetworking returns.
    public func serialize(response: ResponseValue?, data: [UInt8]?) -> ResponseSerialization<Output> {
        serialize(response: response, data: data, reportsErrors: true)
    }

    /// The object AFNetworking returns when the caller passes no error pointer.
    public func objectIgnoringErrors(response: ResponseValue?, data: [UInt8]?) -> Output? {
        serialize(response: response, data: data, reportsErrors: false).object
    }

    /// ``serialize(response:data:)`` with the output erased to a ``ResponseObject``.
    public func serializeResponseObject(
        response: ResponseValue?,
        data: [UInt8]?
    )
        -> ResponseSerialization<ResponseObject>
    {
        serialize(response: response, data: data).map { responseObject(from: $0, data: data) }
    }
}
