import BoomerangExchange
import BoomerangSerialization

/// `/bytes/{n}`, `/range/{n}` and `/links/{n}/{offset}`.
package enum BytesRoutes {
    /// The most links one `/links` page may hold (go-httpbin's bound).
    package static let maxLinkCount = 256

    package static func register(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        let maxBytes = configuration.maxGeneratedBytes
        let maxDelay = configuration.maxResponseDelayMilliseconds
        group.add(
            "bytes", .only([.get]), "/bytes/{n}",
            summary: "n random bytes; seed makes them repeatable (the same seed, the same bytes in Boomerang)"
        ) { request throws(ServerError) in
            let count = try request.parameters.int("n", in: 0...maxBytes)
            let query = HttpbinQuery(request.head)
            let seed = try query.firstIgnoringCase("seed").map(NumericParameter.seed) ?? UInt64.random(in: .min ... .max)
            var generator = SeededGenerator(seed: seed)
            guard count > RangeResponse.streamedAbove else {
                return FixedResponder(.bytes(generator.bytes(count), contentType: "application/octet-stream"))
            }
            var response = Response(status: 200, headers: ["Content-Type": "application/octet-stream"])
            response.bodyStream = SeededBytesStream(count: count, generator: generator)
            return FixedResponder(response)
        }
        group.add(
            "range", .only([.get]), "/range/{n}",
            summary: "n bytes (a–z repeated) honouring Range: 206, multipart/byteranges, 416; ETag range{n}"
        ) { request throws(ServerError) in
            let count = try request.parameters.int("n", in: 1...maxBytes)
            let query = HttpbinQuery(request.head)
            if let text = query.firstIgnoringCase("chunk_size") {
                _ = try NumericParameter.int("chunk_size", text, in: 1...maxBytes)
            }
            var delay = 0
            if let text = query.firstIgnoringCase("duration") {
                let seconds = try NumericParameter.double("duration", text, in: 0...86_400)
                delay = min(Int(seconds * 1000), maxDelay)
            }
            let ranges = try ByteRangeSet(header: request.head.headers["Range"], length: count)
            var response = RangeResponse.make(length: count, ranges: ranges)
            response.delayMilliseconds = delay
            return FixedResponder(response)
        }
        group.add(
            "links", .only([.get]), "/links/{n}",
            summary: "Redirects to /links/{n}/0"
        ) { request throws(ServerError) in
            let count = try request.parameters.int("n", in: 0...maxLinkCount)
            return FixedResponder(.redirect(to: "/links/\(count)/0"))
        }
        group.add(
            "links-page", .only([.get]), "/links/{n}/{offset}",
            summary: "An HTML page of n links to its siblings, the one at offset not linked"
        ) { request throws(ServerError) in
            let count = max(1, try request.parameters.int("n", in: 0...maxLinkCount))
            let offset = try request.parameters.int("offset", in: 0...1_000_000)
            var html = "<html><head><title>Links</title></head><body>"
            for index in 0..<count {
                html += index == offset ? "\(index) " : "<a href='/links/\(count)/\(index)'>\(index)</a> "
            }
            html += "</body></html>"
            return FixedResponder(.text(html, contentType: "text/html; charset=utf-8"))
        }
    }
}
