import BoomerangEcho
import BoomerangExchange
import BoomerangSerialization

/// The byte downloads of an exchange: its body, one multipart part, the request as received.
package enum AdminDownloads {
    /// The kept body, with the request's Content-Type.
    package static func body(_ entry: HistoryEntry) throws(ServerError) -> Response {
        let body = try keptBody(entry)
        let contentType = entry.summary.contentType ?? "application/octet-stream"
        return download(body, contentType: contentType, filename: "request-\(entry.id)-body\(fileExtension(contentType))")
    }

    /// Part `index` of a multipart body, when it was kept inline.
    package static func part(_ entry: HistoryEntry, index: Int, options: EchoConfiguration) throws(ServerError) -> Response {
        let parts: [(name: String?, filename: String?, contentType: String?, bytes: [UInt8]?)]
        switch entry.detail {
        case .live:
            parts = (entry.derivedView(options: options)?.parts ?? []).map {
                ($0.head.name, $0.head.filename, $0.head.contentType, $0.inline)
            }
        case .restored(let object):
            let list = object["request"]?["decoded"]?["multipart"]?["parts"]?.arrayValue ?? []
            parts = list.map { part in
                let text = part["text"]?.stringValue
                return (part["name"]?.stringValue, part["filename"]?.stringValue, part["contentType"]?.stringValue, text.map { Array($0.utf8) })
            }
        }
        guard index < parts.count else {
            let what = parts.isEmpty ? "exchange \(entry.id) has no multipart parts" : "exchange \(entry.id) has \(parts.count) part(s), numbered from 0"
            throw ServerError(.partNotFound, what, value: String(index))
        }
        let part = parts[index]
        guard let bytes = part.bytes else {
            throw ServerError(
                .partNotKept,
                "part \(index) of exchange \(entry.id) was larger than max_inline_part_bytes (or than the history keeps) and was "
                    + "only counted and hashed; its size and sha256 are in request.decoded.multipart.parts",
                value: String(index))
        }
        let contentType = part.contentType ?? "application/octet-stream"
        return download(bytes, contentType: contentType, filename: part.filename ?? "part-\(index)\(fileExtension(contentType))")
    }

    /// The head as read followed by the kept body, or a refusal's raw bytes.
    package static func raw(_ entry: HistoryEntry) -> Response {
        var bytes: [UInt8] = []
        switch entry.detail {
        case .live(let recorded):
            let head = recorded.head
            if let head {
                bytes = HistoryEntry.rawHeadBytes(head)
                if recorded.body.isWhole { bytes += recorded.body.bytes }
            }
            if let refusal = recorded.refusal, head == nil || !refusal.raw.isEmpty { bytes += refusal.raw }
        case .restored(let object):
            bytes = Array((object["request"]?["raw"]?.stringValue ?? "").utf8)
            if let body = try? keptBody(entry) { bytes += body }
            if let raw = object["refusal"]?["rawBase64"]?.stringValue.flatMap({ Base64.decode($0, .paddedStandard) }) { bytes += raw }
        }
        let isText = String(validating: bytes, as: UTF8.self) != nil
        var response = Response(
            status: 200,
            headers: ["Content-Type": isText ? "text/plain; charset=utf-8" : "application/octet-stream", "Cache-Control": "no-store"],
            body: bytes)
        response.headers.add(name: "Content-Disposition", value: "inline; filename=\"request-\(entry.id).http\"")
        return response
    }

    private static func keptBody(_ entry: HistoryEntry) throws(ServerError) -> [UInt8] {
        switch entry.detail {
        case .live(let recorded):
            guard recorded.body.size > 0 else {
                throw ServerError(.bodyNotKept, "exchange \(entry.id) has no request body", value: String(entry.id))
            }
            guard recorded.body.isWhole else {
                let hash = recorded.body.sha256.map { ", sha256 \($0)" } ?? ""
                throw ServerError(
                    .bodyNotKept,
                    "the body of exchange \(entry.id) (\(recorded.body.size) bytes\(hash)) is larger than max_history_body_bytes; only its first bytes were kept",
                    value: String(entry.id))
            }
            return recorded.body.bytes
        case .restored(let object):
            let body = object["request"]?["body"]
            guard body?["inline"] == .bool(true), (body?["size"].flatMap(HistoryFile.integer) ?? 0) > 0 else {
                throw ServerError(.bodyNotKept, "the body of exchange \(entry.id) was not kept", value: String(entry.id))
            }
            if let text = body?["text"]?.stringValue { return Array(text.utf8) }
            return body?["base64"]?.stringValue.flatMap({ Base64.decode($0, .paddedStandard) }) ?? []
        }
    }

    private static func download(_ bytes: [UInt8], contentType: String, filename: String) -> Response {
        var response = Response(status: 200, headers: ["Content-Type": contentType, "Cache-Control": "no-store"], body: bytes)
        response.headers.add(name: "Content-Disposition", value: contentDisposition(filename))
        return response
    }

    /// `attachment; filename="…"` with an ASCII fallback, and `filename*` (RFC 6266) for other names.
    package static func contentDisposition(_ filename: String) -> String {
        let fallback = String(filename.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar != "/" && scalar.value != 0x7F ? Character(scalar) : "_"
        })
        var value = "attachment; filename=\"\(fallback)\""
        if fallback != filename {
            let encoded = PercentEncoder(allowed: .unreserved).encode(filename)
            value += "; filename*=UTF-8''\(encoded)"
        }
        return value
    }

    private static func fileExtension(_ contentType: String) -> String {
        switch ResponseValue.parseContentType(contentType).mimeType {
        case "application/json": ".json"
        case "application/xml", "text/xml": ".xml"
        case "text/plain": ".txt"
        case "text/html": ".html"
        case "application/x-www-form-urlencoded": ".txt"
        case let type where type.hasPrefix("multipart/"): ".multipart"
        case "image/png": ".png"
        case "image/jpeg": ".jpg"
        case "application/x-plist", "application/plist": ".plist"
        default: ".bin"
        }
    }
}

extension ServerError.Code {
    /// The body was not kept (too large) or there was none.
    public static let bodyNotKept = Self("bodyNotKept", status: 404)
    /// Not multipart, or no part with that index.
    public static let partNotFound = Self("partNotFound", status: 404)
    /// The part was too large to keep inline.
    public static let partNotKept = Self("partNotKept", status: 404)
}
