/// `/stream/{n}` and `/stream-bytes/{n}`, sent whole with `Content-Length` until the connection
/// can stream a body: their producers have no pauses, so the bytes are the same. (`/drip`, `/sse`
/// and `/jsonl` need the pauses, and are registered when the streaming API lands.)
enum StreamRoutes {
    static func register(in table: inout RouteTable, configuration: HttpbinConfiguration) {
        table.add(
            "httpbin.stream", .only([.get]), "/stream/{n}",
            summary: "min(n, 100) JSON lines, each the request's url, args, headers, origin and an id"
        ) { request throws(ServerError) in
            let plan = try StreamProducers.stream(request)
            return FixedResponder(Response(status: plan.status, headers: plan.headers, body: plan.producer.drained()))
        }
        let maxBytes = configuration.maxGeneratedBytes
        table.add(
            "httpbin.stream-bytes", .only([.get]), "/stream-bytes/{n}",
            summary: "n random bytes in chunk_size pieces; seed gives the same bytes as /bytes/{n}"
        ) { request throws(ServerError) in
            let (headers, producer) = try StreamProducers.streamBytes(request, maxBytes: maxBytes)
            return FixedResponder(Response(status: 200, headers: headers, body: producer.drained()))
        }
    }
}
