import BoomerangExchange
import BoomerangSerialization
import FoundationEssentials

/// The streamed routes: httpbin's `/stream/{n}`, `/stream-bytes/{n}` and `/drip`, go-httpbin's
/// `/sse`, `/jsonl` and `/trailers`, and Firewalk's `/manyBytes/{n}`, `/chunked/{n}[/{delay}]`,
/// `/payloads/{n}[/{delay}]`, `/infinite` and `/download/{n}`. Bodies are pulled by the
/// connection as it can send them: pauses are timers of the event loop, never a sleeping thread.
package enum StreamRoutes {
    /// The methods go-httpbin's streamed routes answer (it does not restrict them) and Firewalk's
    /// compression routes take.
    package static let bodyMethods: Route.Methods = .only([.get, .post, .put, .patch, .delete])

    package static func register(httpbin: inout RouteGroup, firewalk: inout RouteGroup, configuration: HttpbinConfiguration) {
        registerHttpbin(in: &httpbin, configuration: configuration)
        registerFirewalk(in: &firewalk, configuration: configuration)
    }

    private static func streamed(_ plan: StreamProducers.Plan) -> FixedResponder {
        var response = Response(status: plan.status, headers: plan.headers)
        response.bodyStream = plan.producer
        return FixedResponder(response)
    }

    private static func registerHttpbin(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        let maxBytes = configuration.maxGeneratedBytes
        let maxDelay = configuration.maxResponseDelayMilliseconds
        group.add(
            "stream", .only([.get]), "/stream/{n}",
            summary: "min(n, 100) JSON lines, chunked, each the request's url, args, headers, origin and an id"
        ) { request throws(ServerError) in
            streamed(try StreamProducers.stream(request))
        }
        group.add(
            "stream-bytes", .only([.get]), "/stream-bytes/{n}",
            summary: "n random bytes, chunked in chunk_size pieces; seed gives the same bytes as /bytes/{n}"
        ) { request throws(ServerError) in
            let (headers, producer) = try StreamProducers.streamBytes(request, maxBytes: maxBytes)
            var response = Response(status: 200, headers: headers)
            response.bodyStream = producer
            return FixedResponder(response)
        }
        group.add(
            "drip", bodyMethods, "/drip",
            summary: "numbytes asterisks spread over duration seconds after delay seconds, with code; Content-Length set"
        ) { request throws(ServerError) in
            streamed(try StreamProducers.drip(request, maxBytes: maxBytes, maxMilliseconds: maxDelay))
        }
        group.add(
            "sse", bodyMethods, "/sse",
            summary: "count server-sent ping events spread over duration after delay, each pause varied by ±jitter (go-httpbin)"
        ) { request throws(ServerError) in
            let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
            return streamed(try StreamProducers.serverSentEvents(request, maxMilliseconds: maxDelay, wallClockMilliseconds: now))
        }
        group.add(
            "jsonl", bodyMethods, "/jsonl",
            summary: "count JSON lines of the request spread over duration after delay, each pause varied by ±jitter (go-httpbin)"
        ) { request throws(ServerError) in
            streamed(try StreamProducers.jsonLines(request, maxMilliseconds: maxDelay))
        }
        let echo = configuration.echo
        group.add(
            "trailers", bodyMethods, "/trailers",
            summary: "the echo, chunked, with each query parameter sent as an HTTP trailer (go-httpbin)"
        ) { request throws(ServerError) in
            try TrailersResponder(context: request.context, configuration: echo)
        }
    }

    private static func registerFirewalk(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        let maxDelay = configuration.maxResponseDelayMilliseconds
        group.add(
            "many-bytes", .only([.get]), "/manyBytes/{n}",
            summary: "n copies of one random byte, 0–10,000,000 (Firewalk)"
        ) { request throws(ServerError) in
            let count = try request.parameters.int("n", in: 0...FirewalkStreams.maxBytes)
            var response = Response(status: 200, headers: ["Content-Type": "application/octet-stream"])
            response.bodyStream = RepeatedByteStream(byte: UInt8.random(in: 0...255), count: count)
            return FixedResponder(response)
        }
        for (suffix, withDelay) in [("", false), ("/{delay}", true)] {
            group.add(
                "chunked", .only([.get]), "/chunked/{n}\(suffix)",
                summary: "n one-byte chunks (n down to 1), delay ms apart (default 20) (Firewalk)"
            ) { request throws(ServerError) in
                let (count, pause) = try pieces(request, withDelay: withDelay, maxMilliseconds: maxDelay)
                var response = Response(status: 200, headers: ["Content-Type": "application/octet-stream"])
                response.bodyStream = FirewalkStreams.chunked(count: count, pauseMilliseconds: pause)
                return FixedResponder(response)
            }
            group.add(
                "payloads", .only([.get]), "/payloads/{n}\(suffix)",
                summary: "n copies of Firewalk's reply JSON, delay ms apart (default 20) (Firewalk)"
            ) { request throws(ServerError) in
                let (count, pause) = try pieces(request, withDelay: withDelay, maxMilliseconds: maxDelay)
                var response = Response(status: 200, headers: ["Content-Type": "application/octet-stream"])
                response.bodyStream = FirewalkStreams.payloads(count: count, pauseMilliseconds: pause, context: request.context)
                return FixedResponder(response)
            }
        }
        group.add(
            "infinite", .only([.get]), "/infinite",
            summary: "0x01 bytes, chunked, until the client goes away (Firewalk)"
        ) { _ in
            var response = Response(status: 200, headers: ["Content-Type": "application/octet-stream"])
            response.bodyStream = EndlessStream()
            return FixedResponder(response)
        }
        group.add(
            "download", .only([.get]), "/download/{n}",
            summary: "n bytes (a multiple of 10) in ten pieces; Range gives 206; shouldProduceError=true drops the connection midway (Firewalk)"
        ) { request throws(ServerError) in
            try FixedResponder(download(request))
        }
    }

    /// The count and pause of `/chunked` and `/payloads`: 1–100 pieces, a pause in milliseconds
    /// whose total stays within `maxMilliseconds`.
    private static func pieces(
        _ request: RouteRequest, withDelay: Bool, maxMilliseconds: Int
    ) throws(ServerError) -> (count: Int, pauseMilliseconds: Int) {
        let count = try request.parameters.int("n", in: 1...FirewalkStreams.maxPieceCount)
        guard withDelay else { return (count, FirewalkStreams.defaultPauseMilliseconds) }
        let pause = try request.parameters.int("delay", in: 0...maxMilliseconds)
        guard pause * (count - 1) <= maxMilliseconds else {
            throw ServerError(
                .invalidParameter,
                "n × delay must be at most \(maxMilliseconds) milliseconds (max_response_delay_milliseconds)",
                value: "\(count) × \(pause)")
        }
        return (count, pause)
    }

    /// Firewalk's fixed `Last-Modified` of `/download`: the reference date of Foundation.
    package static let downloadLastModified = "Mon, 01 Jan 2001 00:00:00 GMT"

    /// `/download/{n}?shouldProduceError=true`, with `Range` honoured: one range is a 206 with its
    /// bytes, several a 206 `multipart/byteranges`, none that overlaps the body a 416. The bytes
    /// are the same for the same n, so a resumed download fits the part already received.
    package static func download(_ request: RouteRequest) throws(ServerError) -> Response {
        let total = try request.parameters.int("n", in: 0...FirewalkStreams.maxBytes)
        guard total.isMultiple(of: 10) else {
            throw ServerError(.invalidParameter, "n must be a multiple of 10", value: String(total))
        }
        let query = HttpbinQuery(request.head)
        var producesError = false
        if let text = query.first("shouldProduceError") {
            switch text.lowercased() {
            case "true", "1": producesError = true
            case "false", "0", "": producesError = false
            default: throw ServerError(.invalidParameter, "shouldProduceError must be true or false", value: text)
            }
        }
        var generator = SeededGenerator(seed: UInt64(total))
        let body = generator.bytes(total)
        var response = Response(status: 200, headers: [
            "Content-Type": "application/octet-stream", "Accept-Ranges": "bytes", "Last-Modified": downloadLastModified,
        ])
        switch try ByteRangeSet(header: request.head.headers["Range"], length: total) {
        case .ranges(let ranges) where ranges.count > 1:
            let headers: HTTPHeaders = ["Accept-Ranges": "bytes", "Last-Modified": downloadLastModified]
            return MultipartByteRanges.response(
                ranges, length: total, partType: "application/octet-stream", headers: headers) { Array(body[$0]) }
        case .ranges(let ranges) where ranges.count == 1:
            let range = ranges[0]
            response.status = 206
            response.headers.add(name: "Content-Range", value: "bytes \(range.lowerBound)-\(range.upperBound)/\(total)")
            response.body = Array(body[range])
        case .unsatisfiable:
            response.status = 416
            response.headers.add(name: "Content-Range", value: "bytes */\(total)")
        case .whole, .ranges:
            // `.ranges` here is empty, which the range set never makes.
            response.bodyStream = DownloadStream(body: body, producesError: producesError)
        }
        return response
    }
}
