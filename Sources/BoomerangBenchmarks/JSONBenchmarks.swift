import BoomerangSerialization

/// The JSON writer on what the echo writes most: long strings (a file echoed as text).
enum JSONBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(
            name: "json-write-text",
            summary: "write a document holding 32 MiB of base64 text and 32 MiB of prose with a quote every 1 KiB (MB/s)",
            run: writeText
        )
    ]

    static let iterations = 7

    /// Base64 text needs no escape: one scan and one copy. Prose with a quote now and then takes
    /// the scan back up after each escape.
    @Sendable static func writeText() throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let plain = String(decoding: (0..<(32 << 20)).map { alphabet[($0 &* 2_654_435_761 >> 7) & 63] }, as: UTF8.self)
        var prose = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 23) + "\"quoted\" "
        prose = String(repeating: prose, count: (32 << 20) / prose.utf8.count)
        let document: StructuredValue = ["files": ["file": .string(plain)], "data": .string(prose)]
        let writer = JSONWriter()
        var written = 0
        let seconds = try Measure.times(iterations: iterations) {
            written = try writer.write(document, capacity: 70 << 20).count
        }
        precondition(written > plain.utf8.count + prose.utf8.count)
        Measure.reportThroughput("json-write-text", bytes: Int64(plain.utf8.count + prose.utf8.count), seconds: seconds)
    }
}
