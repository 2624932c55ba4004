import BoomerangSerialization

/// Percent escaping and query-string encoding and decoding throughput.
enum QueryBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(
            name: "percent-escape",
            summary: "AFNetworking escaping of 32 MiB of mixed text (ASCII, reserved bytes, accents, CJK) (MB/s)",
            run: escape
        ),
        Benchmark(
            name: "percent-decode",
            summary: "strict percent-decoding of the escaped form of the same text (MB/s)",
            run: decode
        ),
        Benchmark(
            name: "query-encode",
            summary: "encode 100k parameters: flat keys, nested dictionaries and arrays (pairs/s)",
            run: encodeQuery
        ),
        Benchmark(
            name: "query-decode",
            summary: "decode the same query to ordered pairs and to the nested tree (pairs/s)",
            run: decodeQuery
        ),
    ]

    static let iterations = 7

    /// Text that exercises every escaping path: unreserved runs, `?` and `/`, reserved bytes,
    /// spaces, two-byte and three-byte UTF-8.
    static func mixedText(bytes target: Int) -> String {
        let sample = "name=Boomerang & co/path?x=1 [a]{b} café 東京 ~-._ 100% "
        var text = ""
        text.reserveCapacity(target + sample.utf8.count)
        while text.utf8.count < target { text += sample }
        return text
    }

    /// 100k leaf pairs: 40k flat keys, 30k under nested dictionaries, 30k in arrays.
    static func parameters() -> QueryValue {
        var top: [String: QueryValue] = [:]
        for index in 0..<40_000 { top["key\(index)"] = .string("value \(index)/ü") }
        for group in 0..<1_000 {
            var inner: [String: QueryValue] = [:]
            for index in 0..<30 { inner["field\(index)"] = .int(index * group) }
            top["group\(group)"] = .dictionary(inner)
        }
        for list in 0..<1_000 {
            top["list\(list)"] = .array((0..<30).map { .string("item \($0)") })
        }
        return .dictionary(top)
    }

    @Sendable static func escape() throws {
        let text = mixedText(bytes: 32 << 20)
        let encoder = PercentEncoder.afnetworking
        var output = 0
        let seconds = Measure.times(iterations: iterations) { output = encoder.encode(text).utf8.count }
        precondition(output > text.utf8.count)
        Measure.reportThroughput("percent-escape (input bytes)", bytes: Int64(text.utf8.count), seconds: seconds)
    }

    @Sendable static func decode() throws {
        let escaped = PercentEncoder.afnetworking.encode(mixedText(bytes: 32 << 20))
        let decoder = PercentDecoder()
        var output = 0
        let seconds = try Measure.times(iterations: iterations) { output = try decoder.decode(escaped).count }
        precondition(output > 0)
        Measure.reportThroughput("percent-decode (input bytes)", bytes: Int64(escaped.utf8.count), seconds: seconds)
    }

    @Sendable static func encodeQuery() throws {
        let value = parameters()
        let encoder = QueryStringEncoder()
        let pairs = encoder.pairs(value).count
        var length = 0
        let seconds = Measure.times(iterations: iterations) { length = encoder.encodedBytes(value).count }
        precondition(length > 0)
        reportPairs("query-encode", pairs: pairs, seconds: seconds)
    }

    @Sendable static func decodeQuery() throws {
        let query = QueryStringEncoder().encode(parameters())
        var decoder = QueryStringDecoder()
        decoder.configuration.maxPairCount = 1_000_000
        var pairs = 0
        let pairSeconds = try Measure.times(iterations: iterations) { pairs = try decoder.pairs(query).count }
        reportPairs("query-decode to pairs", pairs: pairs, seconds: pairSeconds)
        var keys = 0
        let treeSeconds = try Measure.times(iterations: iterations) { keys = try decoder.decode(query).count }
        precondition(keys == 42_000)
        reportPairs("query-decode to tree", pairs: pairs, seconds: treeSeconds)
    }

    static func reportPairs(_ label: String, pairs: Int, seconds: [Double]) {
        let rates = seconds.map { Double(pairs) / $0 }.sorted()
        Measure.figure(label, rates.last! / 1e6, unit: "M pairs/s", better: .higher)
        print(
            "\(label): \(pairs) pairs per run, \(seconds.count) runs, median \(Measure.format(rates[rates.count / 2] / 1e6)) M pairs/s, "
                + "best \(Measure.format(rates.last! / 1e6)) M pairs/s"
        )
    }
}
