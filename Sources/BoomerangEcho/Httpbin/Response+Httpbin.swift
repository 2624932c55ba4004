import BoomerangExchange
import BoomerangSerialization

extension Response {
    /// A JSON document as httpbin writes it: keys in the order given, two-space indent, a
    /// trailing newline, `Content-Type: application/json`.
    package static func json(_ document: StructuredValue, status: Int = 200) -> Response {
        let body = (try? JSONWriter(configuration: .pretty).write(document)) ?? Array("{}\n".utf8)
        return Response(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A text body with its media type.
    package static func text(_ text: String, contentType: String = "text/plain; charset=utf-8", status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    /// Bytes with their media type.
    package static func bytes(_ bytes: [UInt8], contentType: String, status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": contentType], body: bytes)
    }

    /// A redirect with a short HTML page that links to the target, for clients that do not follow.
    package static func redirect(to location: String, status: Int = 302) -> Response {
        let escaped = HTMLText.escaping(location)
        let page = "<!doctype html>\n<title>Redirecting</title>\n<p>Redirecting to <a href=\"\(escaped)\">\(escaped)</a>.</p>\n"
        return Response(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8", "Location": location], body: Array(page.utf8))
    }
}

/// An object with its keys sorted, as Flask's `jsonify` writes them.
package func sortedObject(_ pairs: [(String, StructuredValue)]) -> StructuredValue {
    .object(StructuredObject(pairs.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }))
}
