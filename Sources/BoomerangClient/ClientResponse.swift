import BoomerangSerialization

/// A response that passed the response serializer: what AFNetworking hands to a success block
/// (the task's response and the response object), with the raw body and the request as sent.
public struct ClientResponse: Sendable {
    /// The request as it was handed to the session, after serialization and per-call headers.
    public var request: HTTPRequest
    /// The response metadata, as the response serializer saw it.
    public var response: ResponseValue
    /// The response body as received.
    public var data: [UInt8]
    /// What the response serializer returned; its error is always `nil` here.
    public var serialization: ResponseSerialization<ResponseObject>

    /// Creates a response.
    public init(
        request: HTTPRequest,
        response: ResponseValue,
        data: [UInt8],
        serialization: ResponseSerialization<ResponseObject>
    ) {
        self.request = request
        self.response = response
        self.data = data
        self.serialization = serialization
    }

    /// The serializer's object: AFNetworking's `responseObject` (may be `nil`, as for an empty
    /// JSON body).
    public var object: ResponseObject? { serialization.object }
}
