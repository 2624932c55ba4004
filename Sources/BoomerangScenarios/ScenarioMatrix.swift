import BoomerangSerialization

/// The matrix the catalogue is generated from, and its special rows.
///
/// Ids are `family-status-contenttype-body`; the content-type labels are `acceptable`,
/// `unacceptable`, `missing`, `charset` (the acceptable type with parameters), and the
/// wildcard-looking `problem` (`application/problem+json`), `wildcard` (`text/*`), `atom`
/// (`application/atom+xml`).
enum ScenarioMatrix {
    /// A labelled `Content-Type` value (`nil`: no header).
    struct ContentType {
        let label: String
        let value: String?
    }

    static let jsonContentTypes: [ContentType] = [
        ContentType(label: "acceptable", value: "application/json"),
        ContentType(label: "unacceptable", value: "text/html"),
        ContentType(label: "missing", value: nil),
        ContentType(label: "charset", value: "application/json; charset=utf-8"),
        ContentType(label: "problem", value: "application/problem+json"),
        ContentType(label: "wildcard", value: "text/*"),
    ]

    static let jsonBodies: [ScenarioBody] = [
        .empty, .space, .jsonValid, .jsonInvalid, .jsonNullsInObject, .jsonNullsInArray, .jsonStringFragment,
        .jsonNumberFragment, .jsonUTF8BOM, .jsonUTF16LittleEndianBOM, .jsonUTF16BigEndianBOM, .jsonUTF16LittleEndian,
        .jsonUTF16BigEndian, .jsonTruncated,
    ]

    /// 2xx, 3xx (not followed), 4xx and 5xx, each crossed with every content type and body; 204
    /// and 205 (no body) are crossed with the content types only.
    static let jsonStatuses = [200, 201, 302, 404, 500]

    static let xmlContentTypes: [ContentType] = [
        ContentType(label: "acceptable", value: "application/xml"),
        ContentType(label: "text-xml", value: "text/xml"),
        ContentType(label: "charset", value: "application/xml; charset=utf-8"),
        ContentType(label: "unacceptable", value: "text/html"),
        ContentType(label: "missing", value: nil),
        ContentType(label: "atom", value: "application/atom+xml"),
    ]
    static let xmlBodies: [ScenarioBody] = [.xmlWellFormed, .xmlMalformed, .xmlTruncated, .empty]
    static let xmlStatuses = [200, 404]

    static let propertyListContentTypes: [ContentType] = [
        ContentType(label: "acceptable", value: "application/x-plist"),
        ContentType(label: "charset", value: "application/x-plist; charset=utf-8"),
        ContentType(label: "unacceptable", value: "text/plain"),
        ContentType(label: "missing", value: nil),
    ]
    static let propertyListBodies: [ScenarioBody] = [.propertyListXML, .propertyListBinary, .propertyListMalformed, .empty]
    static let propertyListStatuses = [200, 500]

    static let location: HTTPHeaders = ["Location": "/get"]

    static func allScenarios() -> [Scenario] {
        var scenarios: [Scenario] = []
        func add(_ family: String, _ status: Int, _ type: ContentType, _ body: ScenarioBody) {
            scenarios.append(
                ScenarioFactory.make(
                    id: "\(family)-\(status)-\(type.label)-\(body.label)",
                    status: status,
                    contentType: type.value,
                    body: body,
                    extraHeaders: (300..<400).contains(status) ? location : HTTPHeaders()
                )
            )
        }
        for status in jsonStatuses {
            for type in jsonContentTypes {
                for body in jsonBodies { add("json", status, type, body) }
            }
        }
        for status in [204, 205] {
            for type in jsonContentTypes { add("json", status, type, .empty) }
        }
        scenarios += jsonSpecialRows()
        for status in xmlStatuses {
            for type in xmlContentTypes {
                for body in xmlBodies { add("xml", status, type, body) }
            }
        }
        for status in propertyListStatuses {
            for type in propertyListContentTypes {
                for body in propertyListBodies { add("plist", status, type, body) }
            }
        }
        scenarios.append(
            ScenarioFactory.make(
                id: "plist-200-application-xml-xml",
                description: "GET → 200, Content-Type application/xml, an XML property list (XML serializers take it)",
                status: 200,
                contentType: "application/xml",
                body: .propertyListXML
            )
        )
        scenarios += imageRows()
        return scenarios
    }

    static func jsonSpecialRows() -> [Scenario] {
        var rows: [Scenario] = []
        for (label, type) in [
            ("text-json", "text/json"), ("text-javascript", "text/javascript"), ("uppercase", "Application/JSON"),
            ("quoted-charset", #"application/json;charset="UTF-8""#), ("text-plain", "text/plain"),
        ] {
            rows.append(ScenarioFactory.make(id: "json-200-\(label)-valid", status: 200, contentType: type, body: .jsonValid))
        }
        for status in [301, 303, 307, 308] {
            rows.append(
                ScenarioFactory.make(
                    id: "json-\(status)-acceptable-valid",
                    description: "GET → \(status) with Location: /get (not followed), application/json, a JSON object",
                    status: status,
                    contentType: "application/json",
                    body: .jsonValid,
                    extraHeaders: location
                )
            )
        }
        for status in [200, 404] {
            rows.append(
                ScenarioFactory.make(
                    id: "json-head-\(status)-acceptable-valid",
                    description: "HEAD → \(status), application/json; the client receives headers and no body",
                    method: .head,
                    status: status,
                    contentType: "application/json",
                    body: .jsonValid
                )
            )
        }
        return rows
    }

    static func imageRows() -> [Scenario] {
        let png = ScenarioBody.image("png", ScenarioImages.png, width: 3, height: 2, summary: "a 3×2 PNG")
        let jpeg = ScenarioBody.image("jpeg", ScenarioImages.jpeg, width: 3, height: 2, summary: "a 3×2 JPEG header (JFIF, SOF0)")
        let gif = ScenarioBody.image("gif", ScenarioImages.gif, width: 1, height: 1, summary: "a 1×1 GIF89a")
        let bmp = ScenarioBody.image("bmp", ScenarioImages.bmp, width: 3, height: 2, summary: "a 3×2 24-bit BMP")
        let tiff = ScenarioBody.image("tiff", ScenarioImages.tiff, width: 3, height: 2, summary: "a 3×2 little-endian TIFF")
        let ico = ScenarioBody.image("ico", ScenarioImages.ico, width: 3, height: 2, summary: "an icon with one 3×2 PNG entry")
        let webp = ScenarioBody.image("webp", ScenarioImages.webp, width: 1, height: 1, summary: "a 1×1 lossless WebP")
        let truncated = ScenarioBody(
            label: "truncated-png",
            summary: "the PNG cut after 20 bytes, inside IHDR",
            bytes: Array(ScenarioImages.png.prefix(20)),
            image: .failure(.undecodableImage)
        )
        let text = ScenarioBody(
            label: "text",
            summary: "plain text, not an image",
            bytes: Array("not an image".utf8),
            image: .failure(.undecodableImage)
        )
        let rows: [(status: Int, label: String, type: String?, body: ScenarioBody)] = [
            (200, "png", "image/png", png),
            (200, "jpeg", "image/jpeg", jpeg),
            (200, "gif", "image/gif", gif),
            (200, "bmp", "image/bmp", bmp),
            (200, "x-bmp", "image/x-bmp", bmp),
            (200, "x-ms-bmp", "image/x-ms-bmp", bmp),
            (200, "tiff", "image/tiff", tiff),
            (200, "x-icon", "image/x-icon", ico),
            (200, "ico", "image/ico", ico),
            (200, "vnd-microsoft-icon", "image/vnd.microsoft.icon", ico),
            (200, "webp", "image/webp", webp),
            (200, "png", "image/png", truncated),
            (200, "png", "image/png", text),
            (200, "png", "image/png", .empty),
            (200, "octet-stream", "application/octet-stream", png),
            (200, "missing", nil, png),
            (200, "charset", "image/png; charset=binary", png),
            (404, "png", "image/png", png),
            (500, "octet-stream", "application/octet-stream", png),
        ]
        var scenarios = rows.map { row in
            ScenarioFactory.make(id: "image-\(row.status)-\(row.label)-\(row.body.label)", status: row.status, contentType: row.type, body: row.body)
        }
        scenarios.append(
            ScenarioFactory.make(
                id: "image-head-200-png-png",
                description: "HEAD → 200, image/png; the client receives headers and no body",
                method: .head,
                status: 200,
                contentType: "image/png",
                body: png
            )
        )
        return scenarios
    }
}

extension ScenarioBody {
    /// An image body whose header gives `format` and the size.
    static func image(_ format: String, _ bytes: [UInt8], width: Int, height: Int, summary: String) -> ScenarioBody {
        ScenarioBody(
            label: format,
            summary: summary,
            bytes: bytes,
            image: .value(ImageSize(format: format, width: width, height: height))
        )
    }
}
