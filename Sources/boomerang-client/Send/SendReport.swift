import BoomerangClient
import BoomerangSerialization

/// The machine-readable outcome `send --report json` prints: one JSON object.
///
/// ```json
/// {"outcome": "success" | "responseRejected" | "failed",
///  "exitCode": 0 | 2 | 1,
///  "request": {"method", "url", "headers": [[name, value]…], "bodySize"},
///  "response": {"status", "url", "mimeType", "headers": [[name, value]…], "bodySize"} | null,
///  "object": <the serializer's object> | null,
///  "error": {"stage", "domain", "code", "message", "errors": [{"name", "domain", "code", "message"}…]} | null}
/// ```
///
/// The object is the JSON or property-list value itself; raw data, XML and images are described
/// by kind and size (`{"kind": "data", "size": 12, "text": "…"}` when the bytes are UTF-8).
enum SendReport {
    /// The report for a call that returned.
    static func success(_ reply: ClientResponse) -> StructuredValue {
        document(outcome: "success", exitCode: 0, request: reply.request, response: reply.response,
                 data: reply.data, object: reply.object, error: nil)
    }

    /// The report for a call that failed; `request` is the request when it was built.
    static func failure(_ error: ClientError, request: HTTPRequest?) -> StructuredValue {
        let rejected = error.code == .responseSerialization
        return document(
            outcome: rejected ? "responseRejected" : "failed", exitCode: rejected ? 2 : 1, request: request,
            response: error.response, data: error.data, object: error.object, error: error
        )
    }

    private static func document(
        outcome: String,
        exitCode: Int,
        request: HTTPRequest?,
        response: ResponseValue?,
        data: [UInt8]?,
        object: ResponseObject?,
        error: ClientError?
    ) -> StructuredValue {
        var root = StructuredObject()
        root.append(.string(outcome), forKey: "outcome")
        root.append(.int(Int64(exitCode)), forKey: "exitCode")
        root.append(request.map(requestValue) ?? .null, forKey: "request")
        root.append(response.map { responseValue($0, size: data?.count ?? 0) } ?? .null, forKey: "response")
        root.append(object.map(objectValue) ?? .null, forKey: "object")
        root.append(error.map(errorValue) ?? .null, forKey: "error")
        return .object(root)
    }

    static func headersValue(_ headers: HTTPHeaders) -> StructuredValue {
        .array(headers.fields.map { .array([.string($0.name), .string($0.value)]) })
    }

    private static func requestValue(_ request: HTTPRequest) -> StructuredValue {
        var object = StructuredObject()
        object.append(.string(request.method.rawValue), forKey: "method")
        object.append(.string(request.url), forKey: "url")
        object.append(headersValue(request.headers), forKey: "headers")
        object.append(request.body.knownLength.map { .int($0) } ?? .null, forKey: "bodySize")
        return .object(object)
    }

    private static func responseValue(_ response: ResponseValue, size: Int) -> StructuredValue {
        var object = StructuredObject()
        object.append(.int(Int64(response.statusCode)), forKey: "status")
        object.append(response.url.map(StructuredValue.string) ?? .null, forKey: "url")
        object.append(response.mimeType.map(StructuredValue.string) ?? .null, forKey: "mimeType")
        object.append(headersValue(response.headers), forKey: "headers")
        object.append(.int(Int64(size)), forKey: "bodySize")
        return .object(object)
    }

    static func objectValue(_ object: ResponseObject) -> StructuredValue {
        switch object {
        case .json(let value), .propertyList(let value):
            return value
        case .data(let bytes):
            return bytesValue(kind: "data", bytes)
        case .xmlParser(let bytes), .xmlDocument(let bytes):
            return bytesValue(kind: "xml", bytes)
        case .image(let info):
            var value = StructuredObject()
            value.append(.string("image"), forKey: "kind")
            value.append(.string(info.format.description), forKey: "format")
            value.append(.int(Int64(info.width)), forKey: "width")
            value.append(.int(Int64(info.height)), forKey: "height")
            value.append(.int(Int64(info.data.count)), forKey: "size")
            return .object(value)
        }
    }

    private static func bytesValue(kind: String, _ bytes: [UInt8]) -> StructuredValue {
        var value = StructuredObject()
        value.append(.string(kind), forKey: "kind")
        value.append(.int(Int64(bytes.count)), forKey: "size")
        if let text = String(validating: bytes, as: UTF8.self) { value.append(.string(text), forKey: "text") }
        return .object(value)
    }

    private static func errorValue(_ error: ClientError) -> StructuredValue {
        var object = StructuredObject()
        object.append(.string(error.code.rawValue), forKey: "stage")
        object.append(error.domain.map(StructuredValue.string) ?? .null, forKey: "domain")
        object.append(error.errorCode.map { .int(Int64($0)) } ?? .null, forKey: "code")
        object.append(.string(error.message), forKey: "message")
        let chain = error.serializationError?.chain ?? []
        object.append(.array(chain.map { link in
            var entry = StructuredObject()
            entry.append(.string(link.code.description), forKey: "name")
            entry.append(.string(link.domain), forKey: "domain")
            entry.append(.int(Int64(link.number)), forKey: "code")
            entry.append(.string(link.message), forKey: "message")
            return .object(entry)
        }), forKey: "errors")
        return .object(object)
    }
}
