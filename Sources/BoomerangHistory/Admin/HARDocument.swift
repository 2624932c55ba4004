import BoomerangExchange
import BoomerangMocks
import BoomerangRuntime
import BoomerangSerialization

/// The history as an HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/),
/// built from the entries' full JSON so live and reloaded entries export alike.
package enum HARDocument {
    package static func response(_ history: HistoryStore, query: Substring?) throws(ServerError) -> Response {
        let filter = try HistoryFilter(query: query, defaultLimit: HistoryFilter.maxLimit)
        var matches: [HistoryEntry] = []
        for entry in history.snapshot().reversed() where filter.matches(entry) { matches.append(entry) }
        let page = matches.dropFirst(filter.offset).prefix(filter.limit).reversed()
        let options = history.configuration.echo
        let log: StructuredValue = [
            "log": [
                "version": "1.2",
                "creator": ["name": "Boomerang", "version": .string(BoomerangVersion.current)],
                "entries": .array(page.compactMap { $0.fullValue(options: options).objectValue.map(entry) }),
            ]
        ]
        var response = AdminJSON.response(log)
        response.headers.add(name: "Content-Disposition", value: "attachment; filename=\"boomerang.har\"")
        return response
    }

    /// One HAR entry from an entry's full JSON.
    package static func entry(_ full: StructuredObject) -> StructuredValue {
        let request = full["request"]?.objectValue ?? StructuredObject()
        let response = full["response"]?.objectValue
        let milliseconds = Double(full["durationMicroseconds"].flatMap(HistoryFile.integer) ?? 0) / 1000
        let version = request["version"]?.stringValue ?? "HTTP/1.1"
        var object = StructuredObject()
        object.append(full["startedAt"] ?? "1970-01-01T00:00:00.000Z", forNewKey: "startedDateTime")
        object.append(.double(milliseconds), forNewKey: "time")
        object.append(.object(harRequest(request, version: version)), forNewKey: "request")
        object.append(.object(harResponse(response, full: full)), forNewKey: "response")
        object.append(.object(StructuredObject()), forNewKey: "cache")
        object.append(["send": .double(0), "wait": .double(milliseconds), "receive": .double(0)], forNewKey: "timings")
        object.append(full["id"] ?? .null, forNewKey: "_id")
        object.append(full["session"] ?? .null, forNewKey: "_session")
        object.append(full["outcome"] ?? .null, forNewKey: "_outcome")
        object.append(full["route"] ?? .null, forNewKey: "_route")
        return .object(object)
    }

    private static func harRequest(_ request: StructuredObject, version: String) -> StructuredObject {
        let headers = pairs(request["headers"])
        var object = StructuredObject()
        object.append(request["method"] ?? "", forNewKey: "method")
        let url = request["url"]?.stringValue ?? "http://localhost" + (request["target"]?.stringValue ?? "/")
        object.append(.string(url), forNewKey: "url")
        object.append(.string(version), forNewKey: "httpVersion")
        object.append(.array(cookies(headers, named: "Cookie")), forNewKey: "cookies")
        object.append(.array(headers.map(nameValue)), forNewKey: "headers")
        let query = request["decoded"]?["query"]?.arrayValue ?? []
        object.append(
            .array(query.compactMap { pair in
                guard let items = pair.arrayValue, items.count == 2 else { return nil }
                return ["name": items[0], "value": .string(items[1].stringValue ?? "")]
            }), forNewKey: "queryString")
        let body = request["body"]?.objectValue
        let size = body?["size"].flatMap(HistoryFile.integer) ?? 0
        if size > 0 {
            var postData = StructuredObject()
            postData.append(.string(body?["contentType"]?.stringValue ?? "application/octet-stream"), forNewKey: "mimeType")
            postData.append(.array([]), forNewKey: "params")
            if body?["inline"] == .bool(true) {
                if let text = body?["text"] {
                    postData.append(text, forNewKey: "text")
                } else if let base64 = body?["base64"] {
                    postData.append(base64, forNewKey: "text")
                    postData.append("base64", forNewKey: "_encoding")
                }
            } else {
                postData.append("", forNewKey: "text")
                postData.append(.string("body of \(size) bytes not kept"), forNewKey: "comment")
            }
            object.append(.object(postData), forNewKey: "postData")
        }
        let raw = request["raw"]?.stringValue ?? ""
        object.append(.int(raw.isEmpty ? -1 : Int64(raw.utf8.count)), forNewKey: "headersSize")
        object.append(.int(Int64(size)), forNewKey: "bodySize")
        return object
    }

    private static func harResponse(_ response: StructuredObject?, full: StructuredObject) -> StructuredObject {
        let status = response?["status"].flatMap(HistoryFile.integer) ?? full["status"].flatMap(HistoryFile.integer) ?? 0
        let headers = pairs(response?["headers"])
        let bodyBytes = response?["bodyBytes"].flatMap(HistoryFile.integer) ?? 0
        let contentType = headers.first { HTTPHeaders.namesMatch($0.0, "Content-Type") }?.1
        var content = StructuredObject()
        content.append(.int(Int64(bodyBytes)), forNewKey: "size")
        content.append(.string(contentType ?? "x-unknown"), forNewKey: "mimeType")
        if let body = response?["body"]?.objectValue, body["inline"] == .bool(true) {
            if let text = body["text"] {
                content.append(text, forNewKey: "text")
            } else if let base64 = body["base64"] {
                content.append(base64, forNewKey: "text")
                content.append("base64", forNewKey: "encoding")
            }
        }
        var object = StructuredObject()
        object.append(.int(Int64(status)), forNewKey: "status")
        object.append(.string(status == 0 ? "" : HTTPStatus.reasonPhrase(for: status)), forNewKey: "statusText")
        // The server answers HTTP/1.1 whatever the request's version.
        object.append("HTTP/1.1", forNewKey: "httpVersion")
        object.append(.array(cookies(headers, named: "Set-Cookie")), forNewKey: "cookies")
        object.append(.array(headers.map(nameValue)), forNewKey: "headers")
        object.append(.object(content), forNewKey: "content")
        let location = headers.first { HTTPHeaders.namesMatch($0.0, "Location") }?.1
        object.append(.string(location ?? ""), forNewKey: "redirectURL")
        object.append(.int(response == nil ? -1 : Int64(max(0, (response?["bytes"].flatMap(HistoryFile.integer) ?? 0) - bodyBytes))), forNewKey: "headersSize")
        object.append(.int(response == nil ? -1 : Int64(bodyBytes)), forNewKey: "bodySize")
        return object
    }

    private static func pairs(_ value: StructuredValue?) -> [(String, String)] {
        (value?.arrayValue ?? []).compactMap { item in
            guard let pair = item.arrayValue, pair.count == 2, let name = pair[0].stringValue, let value = pair[1].stringValue else {
                return nil
            }
            return (name, value)
        }
    }

    private static func nameValue(_ pair: (String, String)) -> StructuredValue {
        ["name": .string(pair.0), "value": .string(pair.1)]
    }

    /// `Cookie: a=1; b=2` as two cookies; each `Set-Cookie` as one (its attributes dropped).
    private static func cookies(_ headers: [(String, String)], named name: String) -> [StructuredValue] {
        var cookies: [StructuredValue] = []
        for (field, value) in headers where HTTPHeaders.namesMatch(field, name) && value != HeaderRedaction.placeholder {
            let pairs = name == "Cookie" ? CookieHeader.pairs(in: value) : CookieHeader.setCookiePair(in: value).map { [$0] } ?? []
            for pair in pairs {
                cookies.append(["name": .string(pair.name), "value": .string(pair.value)])
            }
        }
        return cookies
    }
}
