import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization

/// The routes whose answers differ under `--profile firewalk`: Firewalk's reply shape on the echo
/// routes and Firewalk's behaviour on `/status`, `/delay`, the redirects, Basic authentication,
/// `/response-headers`, `/cache`, `/ip`, `/upload`, `/image/{type}` and `/stream/{n}`.
/// Registered before the httpbin routes, so that they answer first; every other route is
/// httpbin's.
package enum FirewalkRoutes {
    /// Methods Firewalk's echo-like routes answer.
    package static let methods: [HTTPMethod] = [.get, .post, .put, .patch, .delete]

    package static func register(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        let echo = configuration.echo
        for method in methods {
            let name = method.rawValue.lowercased()
            group.add(name, .only([method]), "/\(name)", summary: "Firewalk's reply: the request's args, data, form, headers, origin and url") { request in
                FirewalkReplyResponder(context: request.context, configuration: echo)
            }
        }
        group.add(
            "delay", .only(methods), "/delay/{interval}",
            summary: "Firewalk's reply after interval seconds (at once above 10)"
        ) { request in
            let seconds = request.parameters.string("interval").flatMap { Int($0) } ?? 11
            let milliseconds = seconds <= 10 ? min(max(seconds, 0) * 1000, configuration.maxResponseDelayMilliseconds) : 0
            return FirewalkReplyResponder(context: request.context, configuration: echo) { reply in
                var response = reply.response()
                response.delayMilliseconds = milliseconds
                return response
            }
        }
        group.add(
            "status", .only(methods), "/status/{code}",
            summary: "Firewalk's status: 2xx with its reply (204, 205 empty), 3xx to the method's route, 4xx and 5xx empty"
        ) { request in
            let code = request.parameters.string("code").flatMap { Int($0) } ?? -1
            return FirewalkReplyResponder(context: request.context, configuration: echo) { reply in
                status(code, reply: reply, context: request.context)
            }
        }
        group.add(
            "redirect-to", .only(methods), "/redirect-to",
            summary: "Location: url with 302 or statusCode"
        ) { request throws(ServerError) in
            FixedResponder(try redirectTo(HttpbinQuery(request.head)))
        }
        group.add(
            "redirect", .only([.get]), "/redirect/{count}",
            summary: "302 to /redirect/{count-1}, then to /get, absolute (count 1–99)"
        ) { request in
            guard let count = request.parameters.string("count").flatMap({ Int($0) }), (1...99).contains(count) else {
                return FixedResponder(Response(status: 400))
            }
            let base = "http://" + (request.context.authority ?? "localhost")
            let location = count > 1 ? base + "/redirect/\(count - 1)" : base + "/get"
            return FixedResponder(Response(status: 302, headers: ["Location": location]))
        }
        for (hidden, path) in [(false, "/basic-auth/{user}/{passwd}"), (true, "/hidden-basic-auth/{user}/{passwd}")] {
            group.add(
                hidden ? "hidden-basic-auth" : "basic-auth", .only(methods), path,
                summary: "Firewalk's reply with Basic credentials user:passwd, else 401" + (hidden ? "" : " with WWW-Authenticate: Basic")
            ) { request in
                let credentials = AuthorizationHeader(request.head.headers["Authorization"])?.basicCredentials
                guard let credentials, credentials.user == request.parameters.string("user"),
                    credentials.password == request.parameters.string("passwd")
                else {
                    return FixedResponder(Response(status: 401, headers: hidden ? [:] : ["WWW-Authenticate": "Basic"]))
                }
                return FirewalkReplyResponder(context: request.context, configuration: echo)
            }
        }
        group.add(
            "response-headers", .only([.get]), "/response-headers",
            summary: "Each query parameter as a response header, and the parameters as a JSON object"
        ) { request throws(ServerError) in
            FixedResponder(try queryHeaders(HttpbinQuery(request.head)))
        }
        let seenCaches = Locked<Set<String>>([])
        group.add(
            "cache", .only([.get]), "/cache",
            summary: "/response-headers with a Cache-Control parameter; the first time a value is seen, a Date 5 s in the past"
        ) { request throws(ServerError) in
            let query = HttpbinQuery(request.head)
            guard let cacheControl = query.first("Cache-Control") else {
                return FixedResponder(Response(status: 400))
            }
            var response = try queryHeaders(query)
            let firstTime = seenCaches.withLock { seen in
                if seen.remove(cacheControl) != nil { return false }
                seen.insert(cacheControl)
                return true
            }
            if firstTime {
                response.headers.set(name: "Date", value: String(decoding: HTTPDate.secondsAgo(5), as: UTF8.self))
            }
            return FixedResponder(response)
        }
        group.add("ip", .only([.get]), "/ip", summary: "{\"origin\": the client's address}") { request in
            FixedResponder(.json(.object(StructuredObject([("origin", .string(request.context.remoteHost))]))))
        }
        group.add("upload", .only([.post]), "/upload", summary: "{\"bytes\": the body's size}, counted as it streams") { _ in
            FirewalkUploadResponder()
        }
        group.add(
            "image", .only([.get]), "/image/{type}",
            summary: "A small png, jpeg, webp or svg image as an attachment named type.type"
        ) { request in
            let type = request.parameters.string("type") ?? ""
            guard let image = HttpbinImages.named(type) else { return FixedResponder(Response(status: 400)) }
            return FixedResponder(Response(
                status: 200,
                headers: ["Content-Type": image.mediaType, "Content-Disposition": "attachment; filename=\"\(type).\(type)\""],
                body: image.bytes))
        }
        group.add(
            "stream", .only([.get]), "/stream/{count}",
            summary: "Firewalk's reply count times (1–100), one per line"
        ) { request in
            guard let count = request.parameters.string("count").flatMap({ Int($0) }), (1...100).contains(count) else {
                return FixedResponder(Response(status: 400))
            }
            return FirewalkReplyResponder(context: request.context, configuration: echo) { reply in
                let line = reply.json
                var body: [UInt8] = []
                body.reserveCapacity((line.count + 1) * count)
                for index in 0..<count {
                    if index > 0 { body.append(UInt8(ascii: "\n")) }
                    body.append(contentsOf: line)
                }
                return Response(status: 200, body: body)
            }
        }
    }

    /// Firewalk's `/status/{code}`.
    package static func status(_ code: Int, reply: FirewalkReply, context: RequestContext) -> Response {
        let head = context.head
        switch code {
        case 204, 205:
            return Response(status: code)
        case 200..<300:
            return reply.response(status: code)
        case 300..<400:
            let location = "http://" + (context.authority ?? "localhost") + "/" + head.method.rawValue.lowercased()
            return Response(status: code, headers: ["Location": location])
        case 400..<600:
            return Response(status: code)
        default:
            return Response(status: 400)
        }
    }

    /// Firewalk's `/redirect-to?url=…&statusCode=…`.
    package static func redirectTo(_ query: HttpbinQuery) throws(ServerError) -> Response {
        guard let url = query.first("url"), !url.isEmpty else {
            throw ServerError(.invalidParameter, "url is required", value: "")
        }
        guard !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw ServerError(.invalidParameter, "url must not hold control characters", value: url)
        }
        let status = query.first("statusCode").flatMap { Int($0) }.flatMap { (100...599).contains($0) ? $0 : nil } ?? 302
        return Response(status: status, headers: ["Location": url])
    }

    /// Each query parameter (the last of a repeated name) as a response header, and all of them
    /// as a JSON object. `Content-Length` and `Transfer-Encoding` stay the server's.
    package static func queryHeaders(_ query: HttpbinQuery) throws(ServerError) -> Response {
        var object = StructuredObject()
        for pair in query.pairs {
            object.updateValue(.string(pair.value), forKey: pair.name)
        }
        var response = Response(status: 200)
        for entry in object {
            guard case .string(let value) = entry.value else { continue }
            guard !entry.key.isEmpty, entry.key.utf8.allSatisfy(HTTPSyntax.isTokenByte),
                !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0.value != 0x09) || $0.value == 0x7F })
            else {
                throw ServerError(.invalidParameter, "a response header needs a token name and a value without control characters", value: entry.key)
            }
            let lower = entry.key.lowercased()
            if lower == "content-length" || lower == "transfer-encoding" { continue }
            response.headers.add(name: entry.key, value: value)
        }
        response.body = (try? JSONWriter().write(.object(object))) ?? []
        if !response.headers.contains("Content-Type") {
            response.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        }
        return response
    }
}
