import BoomerangExchange
import BoomerangSerialization

/// `/response-headers`: each query parameter becomes a response header, and the JSON body lists
/// the response's headers as httpbin computes it: `Content-Type`, `Content-Length` (of this very
/// body, found by recomputing until it no longer changes) and the parameters, one value as a
/// string and several as a list, keys sorted.
///
/// A `Content-Type` parameter replaces the JSON type rather than adding a second field (httpbin
/// sends both). Header names must be tokens, values must have no control characters (a CR or LF
/// would split the head), and `Content-Length` and `Transfer-Encoding` are the server's to set.
package enum ResponseHeaderRoutes {
    package static func register(in group: inout RouteGroup) {
        group.add(
            "response-headers", .only([.get, .post]), "/response-headers",
            summary: "Sends each query parameter as a response header and lists the headers as JSON"
        ) { request throws(ServerError) in
            try FixedResponder(make(HttpbinQuery(request.head).pairs))
        }
    }

    package static func make(_ pairs: [(name: String, value: String)]) throws(ServerError) -> Response {
        for pair in pairs {
            guard !pair.name.isEmpty, pair.name.utf8.allSatisfy(HTTPSyntax.isTokenByte) else {
                throw ServerError(.invalidParameter, "a response header name must be a token", value: pair.name)
            }
            guard !pair.value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
                throw ServerError(.invalidParameter, "the value of response header \(pair.name) has a control character (CR, LF, …)", value: pair.value)
            }
            let lower = pair.name.lowercased()
            guard lower != "content-length" && lower != "transfer-encoding" else {
                throw ServerError(.invalidParameter, "\(pair.name) is set by the server from the body", value: pair.name)
            }
        }
        var headers = HTTPHeaders()
        if !pairs.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.add(name: "Content-Type", value: "application/json")
        }
        for pair in pairs { headers.add(name: pair.name, value: pair.value) }
        var length = 0
        var body: [UInt8] = []
        for _ in 0..<8 {
            body = render(headers, contentLength: length)
            if body.count == length { break }
            length = body.count
        }
        return Response(status: 200, headers: headers, body: body)
    }

    private static func render(_ headers: HTTPHeaders, contentLength: Int) -> [UInt8] {
        var grouped: [(String, [String])] = [("Content-Length", [String(contentLength)])]
        for field in headers {
            if let index = grouped.firstIndex(where: { HTTPHeaders.namesMatch($0.0, field.name) }) {
                grouped[index].1.append(field.value)
            } else {
                grouped.append((field.name, [field.value]))
            }
        }
        let document = sortedObject(grouped.map { name, values in
            (name, values.count == 1 ? .string(values[0]) : .array(values.map(StructuredValue.string)))
        })
        return (try? JSONWriter(configuration: .pretty).write(document)) ?? []
    }
}
