import BoomerangExchange
import BoomerangSerialization

/// httpbin's fixed documents, `/uuid`, `/base64/…` and `/image…`.
package enum ContentRoutes {
    package static func register(in group: inout RouteGroup) {
        func fixed(_ name: String, _ path: String, _ summary: String, _ response: Response) {
            group.add("\(name)", .only([.get]), path, summary: summary) { _ in FixedResponder(response) }
        }
        fixed("html", "/html", "An HTML page", .text(SampleDocuments.html, contentType: "text/html; charset=utf-8"))
        fixed("json", "/json", "A JSON document (httpbin's slideshow shape)", .json(SampleDocuments.json))
        fixed("xml", "/xml", "An XML document", .text(SampleDocuments.xml, contentType: "application/xml"))
        fixed("robots", "/robots.txt", "A robots.txt that disallows /deny", .text(SampleDocuments.robots))
        fixed("deny", "/deny", "The page robots.txt disallows", .text(SampleDocuments.deny))
        fixed(
            "encoding-utf8", "/encoding/utf8", "A UTF-8 page in many scripts",
            .text(SampleDocuments.utf8, contentType: "text/html; charset=utf-8"))
        fixed(
            "forms-post", "/forms/post", "An HTML form that posts to /post",
            .text(SampleDocuments.formsPost, contentType: "text/html; charset=utf-8"))
        group.add("uuid", .only([.get]), "/uuid", summary: "A version 4 UUID") { _ in
            FixedResponder(.json(.object(StructuredObject([("uuid", .string(UUIDText.random()))]))))
        }
        group.add(
            "base64", .only([.get]), "/base64/{value}",
            summary: "value decoded from base64 (URL-safe or standard alphabet)"
        ) { request throws(ServerError) in
            try FixedResponder(decode(request.parameters.string("value") ?? ""))
        }
        group.add(
            "base64-operation", .only([.get]), "/base64/{operation}/{value}",
            summary: "go-httpbin's /base64/encode/{value} (URL-safe) and /base64/decode/{value}"
        ) { request throws(ServerError) in
            let value = request.parameters.string("value") ?? ""
            switch request.parameters.string("operation") {
            case "decode":
                return try FixedResponder(decode(value))
            case "encode":
                return FixedResponder(.text(Base64.encodeURLSafe(Array(value.utf8))))
            default:
                throw ServerError(
                    .invalidParameter, "operation must be encode or decode", value: request.parameters.string("operation"))
            }
        }
        group.add(
            "image", .only([.get]), "/image",
            summary: "An image chosen by Accept (webp, svg, jpeg, png); 406 when none fits"
        ) { request in
            guard let image = HttpbinImages.negotiated(accept: request.head.headers["Accept"]) else {
                return FixedResponder(StatusResponse.make(406))
            }
            return FixedResponder(.bytes(image.bytes, contentType: image.mediaType))
        }
        group.add(
            "image-kind", .only([.get]), "/image/{kind}",
            summary: "A small image: png, jpeg, webp or svg"
        ) { request throws(ServerError) in
            guard let image = HttpbinImages.named(request.parameters.string("kind") ?? "") else {
                throw ServerError(.notFound, "no image of that kind; try png, jpeg, webp or svg", value: request.parameters.string("kind"))
            }
            return FixedResponder(.bytes(image.bytes, contentType: image.mediaType))
        }
    }

    /// The decoded bytes: text as UTF-8 plain text, other bytes as `application/octet-stream`.
    package static func decode(_ value: String) throws(ServerError) -> Response {
        guard let bytes = Base64.decode(value) else {
            throw ServerError(.invalidParameter, "value is not base64 (URL-safe or standard alphabet)", value: value)
        }
        if String(validating: bytes, as: UTF8.self) != nil {
            return .bytes(bytes, contentType: "text/plain; charset=utf-8")
        }
        return .bytes(bytes, contentType: "application/octet-stream")
    }
}
