import BoomerangExchange
import BoomerangSerialization

/// The streamed routes' parameters, checked, and their producers: `/stream/{n}`,
/// `/stream-bytes/{n}`, `/drip`, go-httpbin's `/sse` and `/jsonl`. Each returns the response head
/// and the producer; a bad parameter is a 400 naming it.
package enum StreamProducers {
    /// The most lines `/stream/{n}` sends (httpbin's cap; larger counts are clamped to it).
    package static let maxStreamLineCount = 100
    /// The most events or lines `/sse` and `/jsonl` send.
    package static let maxEventCount = 10_000

    /// A streamed answer: status, headers and the producer of its body.
    package struct Plan: Sendable {
        package var status = 200
        package var headers: HTTPHeaders
        package var producer: PacedBodyProducer
    }

    /// `/stream/{n}`: min(n, 100) compact JSON lines of `url`, `args`, `headers`, `origin`, `id`.
    package static func stream(_ request: RouteRequest) throws(ServerError) -> Plan {
        let count = min(try request.parameters.int("n", in: 0...Int.max), maxStreamLineCount)
        let line = echoLine(request.context)
        return Plan(headers: ["Content-Type": "application/json"], producer: PacedBodyProducer(count: count) { index, _ in
            line(index)
        })
    }

    /// `/stream-bytes/{n}?seed=&chunk_size=`: n seeded random bytes (at most `maxBytes`) in chunks.
    package static func streamBytes(_ request: RouteRequest, maxBytes: Int) throws(ServerError) -> (HTTPHeaders, ByteStreamProducer) {
        let count = try request.parameters.int("n", in: 0...maxBytes)
        let query = HttpbinQuery(request.head)
        var chunkSize = 10 * 1024
        if let text = query.firstIgnoringCase("chunk_size") {
            chunkSize = try NumericParameter.int("chunk_size", text, in: 1...maxBytes)
        }
        let seed = try query.firstIgnoringCase("seed").map(NumericParameter.seed) ?? UInt64.random(in: .min ... .max)
        return (["Content-Type": "application/octet-stream"], ByteStreamProducer(count: count, chunkSize: chunkSize, seed: seed))
    }

    /// `/drip?numbytes=10&duration=2&delay=2&code=200`: `numbytes` asterisks spread over
    /// `duration` seconds after `delay` seconds, the last at `delay + duration`, with
    /// `Content-Length`; `duration + delay` at most `maxMilliseconds`.
    package static func drip(_ request: RouteRequest, maxBytes: Int, maxMilliseconds: Int) throws(ServerError) -> Plan {
        let query = HttpbinQuery(request.head)
        let count = try query.first("numbytes").map { text throws(ServerError) in try NumericParameter.int("numbytes", text, in: 0...maxBytes) } ?? 10
        let (duration, delay) = try timing(query, defaultDuration: 2, defaultDelay: 2, maxMilliseconds: maxMilliseconds)
        let status = try query.first("code").map { text throws(ServerError) in try NumericParameter.int("code", text, in: 100...599) } ?? 200
        let pause = count > 0 ? duration / UInt64(count) : 0
        // Each byte comes after its pause, as go-httpbin sends them: the last arrives when `duration`
        // is over. (httpbin sends the first at once and pauses after each, so a client, which
        // has the whole body with the last byte, is done a pause early: 0.8 s of a 1 s drip of 5.)
        let producer = PacedBodyProducer(
            count: count, delayNanoseconds: delay &+ pause, pauseNanoseconds: pause, contentLength: count, mergesDuePieces: true
        ) { _, _ in [UInt8(ascii: "*")] }
        return Plan(status: status, headers: ["Content-Type": "application/octet-stream"], producer: producer)
    }

    /// go-httpbin's `/sse?count=10&duration=5&delay=0&jitter=0`: `event: ping` with
    /// `data: {"id":N,"timestamp":ms}` events spread over `duration` after `delay`, each pause
    /// varied by up to ±`jitter` (0...1); `seed` fixes the variation.
    /// - Parameter wallClockMilliseconds: the Unix time of the first pull, for the timestamps.
    package static func serverSentEvents(
        _ request: RouteRequest, maxMilliseconds: Int, wallClockMilliseconds: Int64
    ) throws(ServerError) -> Plan {
        let query = HttpbinQuery(request.head)
        let count = try query.first("count").map { text throws(ServerError) in try NumericParameter.int("count", text, in: 1...maxEventCount) } ?? 10
        let (duration, delay) = try timing(query, defaultDuration: 5, defaultDelay: 0, maxMilliseconds: maxMilliseconds)
        let (jitter, seed) = try jitterParameters(query)
        let producer = PacedBodyProducer(
            count: count, delayNanoseconds: delay, pauseNanoseconds: pausePerWrite(duration, count), jitter: jitter, seed: seed
        ) { index, elapsed in
            let timestamp = wallClockMilliseconds + Int64(elapsed / 1_000_000)
            return Array("event: ping\ndata: {\"id\":\(index),\"timestamp\":\(timestamp)}\n\n".utf8)
        }
        return Plan(headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"], producer: producer)
    }

    /// go-httpbin's `/jsonl?count=10&duration=5&delay=0&jitter=0`: compact JSON lines of `id`,
    /// `args`, `headers`, `origin`, `url`, spread over `duration` after `delay`, each pause varied
    /// by up to ±`jitter` (0...1); `seed` fixes the variation.
    package static func jsonLines(_ request: RouteRequest, maxMilliseconds: Int) throws(ServerError) -> Plan {
        let query = HttpbinQuery(request.head)
        let count = try query.first("count").map { text throws(ServerError) in try NumericParameter.int("count", text, in: 1...maxEventCount) } ?? 10
        let (duration, delay) = try timing(query, defaultDuration: 5, defaultDelay: 0, maxMilliseconds: maxMilliseconds)
        let (jitter, seed) = try jitterParameters(query)
        let line = echoLine(request.context)
        let producer = PacedBodyProducer(
            count: count, delayNanoseconds: delay, pauseNanoseconds: pausePerWrite(duration, count), jitter: jitter, seed: seed
        ) { index, _ in line(index) }
        return Plan(headers: ["Content-Type": "application/jsonl; charset=utf-8"], producer: producer)
    }

    /// go-httpbin's spacing: with more than one write, the last one is not followed by a pause.
    package static func pausePerWrite(_ duration: UInt64, _ count: Int) -> UInt64 {
        count > 1 ? duration / UInt64(count - 1) : duration
    }

    /// go-httpbin's `jitter` (a fraction from 0 to 1, default 0) and the seed of its random
    /// variation (`seed`, random when absent).
    package static func jitterParameters(_ query: HttpbinQuery) throws(ServerError) -> (jitter: Double, seed: UInt64) {
        let jitter = try query.first("jitter").map { text throws(ServerError) in try NumericParameter.double("jitter", text, in: 0...1) } ?? 0
        let seed = try query.first("seed").map(NumericParameter.seed) ?? UInt64.random(in: .min ... .max)
        return (jitter, seed)
    }

    /// `duration` and `delay` in nanoseconds: seconds (`1.5`) or with a unit (`1500ms`, `2s`);
    /// together at most `maxMilliseconds`.
    package static func timing(
        _ query: HttpbinQuery, defaultDuration: Double, defaultDelay: Double, maxMilliseconds: Int
    ) throws(ServerError) -> (duration: UInt64, delay: UInt64) {
        let limit = Double(maxMilliseconds) / 1000
        let duration = try query.first("duration").map { text throws(ServerError) in try seconds("duration", text, limit) } ?? defaultDuration
        let delay = try query.first("delay").map { text throws(ServerError) in try seconds("delay", text, limit) } ?? defaultDelay
        guard duration + delay <= limit else {
            throw ServerError(
                .invalidParameter, "duration plus delay must be at most \(limit) seconds (max_response_delay_milliseconds)",
                value: "\(duration + delay)")
        }
        return (UInt64(duration * 1e9), UInt64(delay * 1e9))
    }

    private static func seconds(_ name: String, _ text: String, _ limit: Double) throws(ServerError) -> Double {
        var number = text.trimmingSpaces()
        var scale = 1.0
        if number.hasSuffix("ms") {
            number.removeLast(2)
            scale = 0.001
        } else if number.hasSuffix("s") {
            number.removeLast()
        }
        guard let value = Double(number), value.isFinite, value >= 0, value * scale <= limit else {
            throw ServerError(.invalidParameter, "\(name) must be seconds (or ms) from 0 to \(limit)", value: text)
        }
        return value * scale
    }

    /// A function that renders the request's echo line with a given `id`.
    private static func echoLine(_ context: RequestContext) -> @Sendable (Int) -> [UInt8] {
        let head = context.head
        let base = StructuredObject([
            ("url", .string(EchoDocument.url(context))),
            ("args", .object(EchoQuery(head.query ?? "").args)),
            ("headers", .object(EchoDocument.canonicalHeaders(head.headers))),
            ("origin", .string(EchoDocument.origin(context))),
        ])
        return { index in
            var object = base
            object.append(.int(Int64(index)), forKey: "id")
            return ((try? JSONWriter(configuration: .compact).write(.object(object))) ?? []) + [0x0A]
        }
    }
}
