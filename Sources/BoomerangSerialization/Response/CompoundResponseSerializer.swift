/// `AFCompoundResponseSerializer`: tries each serializer in order; the first that returns an object
/// wins, with its error (a -1011 status error, say). When none does, ``base`` validates and the raw
/// data is returned, so **the result is never nil for non-nil data** (spec §2.8).
///
/// ```swift
/// let compound = CompoundResponseSerializer([JSONResponseSerializer(), PropertyListResponseSerializer()])
/// compound.serialize(response: htmlResponse, data: Array("hello".utf8)).object  // .data("hello"), no error
/// ```
///
/// AFNetworking skips components that are not `AFHTTPResponseSerializer` subclasses; every
/// ``ResponseSerializer`` counts here. It also attaches an error already in the caller's slot under
/// the winner's error; this API has no incoming error, so nothing is attached.
public struct CompoundResponseSerializer: ResponseSerializer {
    /// The serializers, tried in order.
    public var serializers: [any ResponseSerializer]
    /// The fallback's validation settings (default: 200..<300, content type unchecked).
    public var base: HTTPResponseSerializer

    /// Creates a compound serializer.
    public init(_ serializers: [any ResponseSerializer], base: HTTPResponseSerializer = HTTPResponseSerializer()) {
        self.serializers = serializers
        self.base = base
    }

    /// Tries each serializer, then falls back to the raw data. AFNetworking gives each component
    /// its own error slot, so the object is the same with or without an error pointer.
    public func serialize(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool) -> ResponseSerialization<ResponseObject> {
        for serializer in serializers {
            let result = serializer.serializeResponseObject(response: response, data: data)
            if result.object != nil { return result }
        }
        return base.serialize(response: response, data: data).map(ResponseObject.data)
    }

    /// The output is already erased.
    public func responseObject(from output: ResponseObject, data: [UInt8]?) -> ResponseObject {
        output
    }
}
