import BoomerangClient
import BoomerangSamples
import BoomerangSerialization

#if canImport(Glibc)
import Glibc
#endif

/// Multipart writer and parser throughput and memory.
enum MultipartBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(
            name: "multipart-write",
            summary: "read out a 256 MiB body of 16 in-memory parts through 64 KiB buffers (GB/s)",
            run: write
        ),
        Benchmark(
            name: "multipart-write-files",
            summary: "read out a 256 MiB body of 16 file parts (sparse files in /tmp) through 64 KiB buffers",
            run: writeFiles
        ),
        Benchmark(
            name: "multipart-parse",
            summary: "parse a 256 MiB message of 16 parts fed in 64 KiB chunks (GB/s)",
            run: parse
        ),
        Benchmark(
            name: "multipart-parse-adversarial",
            summary: "parse 64 MiB parts made of CRLF pairs and of near-miss delimiters (robustness M09)",
            run: parseAdversarial
        ),
        Benchmark(
            name: "multipart-parse-memory",
            summary: "peak RSS while parsing a message with one 1 GiB part fed in 64 KiB chunks",
            run: parseMemory
        ),
        Benchmark(
            name: "multipart-write-memory",
            summary: "peak RSS while reading out the body of a 1 GiB file part (sparse file in /tmp)",
            run: writeMemory
        ),
    ]

    static let partCount = 16
    static let partSize = 16 << 20
    static let chunkSize = 64 << 10
    static let iterations = 7

    /// Pseudo-random bytes, the same on every run.
    static func randomBytes(count: Int) -> [UInt8] {
        SplitMix64.bytes(count, seed: 0x1234_5678)
    }

    static func form() -> MultipartFormData {
        let body = randomBytes(count: partSize)
        var form = MultipartFormData(boundary: MultipartBoundary.afNetworking(0xDEAD_BEEF, 0x0123_4567))
        for index in 0..<partCount {
            form.appendPart(
                fileData: body,
                name: "part\(index)",
                filename: "part\(index).bin",
                mimeType: "application/octet-stream"
            )
        }
        return form
    }

    static func drain(_ form: MultipartFormData, buffer: UnsafeMutableRawBufferPointer) throws -> Int64 {
        var reader = form.makeReader()
        var total: Int64 = 0
        while true {
            let count = try reader.read(into: buffer)
            if count == 0 { return total }
            total += Int64(count)
        }
    }

    @Sendable static func write() throws {
        let form = form()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var produced: Int64 = 0
        let seconds = try Measure.times(iterations: iterations) { produced = try drain(form, buffer: buffer) }
        precondition(produced == form.contentLength)
        Measure.reportThroughput("multipart-write (memory parts)", bytes: produced, seconds: seconds)
    }

    @Sendable static func writeFiles() throws {
        var paths: [String] = []
        defer { for path in paths { unlink(path) } }
        var form = MultipartFormData(boundary: MultipartBoundary.afNetworking(0xDEAD_BEEF, 0x0123_4567))
        for index in 0..<partCount {
            let path = "/tmp/boomerang-bench-\(getpid())-\(index).bin"
            try makeSparseFile(path: path, size: Int64(partSize))
            paths.append(path)
            try form.appendPart(filePath: path, name: "part\(index)")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var produced: Int64 = 0
        let seconds = try Measure.times(iterations: iterations) { produced = try drain(form, buffer: buffer) }
        precondition(produced == form.contentLength)
        Measure.reportThroughput("multipart-write (sparse file parts)", bytes: produced, seconds: seconds)
    }

    @Sendable static func parse() throws {
        let form = form()
        let message = try form.encodedBytes()
        var bodyBytes = 0
        var parts = 0
        let seconds = try Measure.times(iterations: iterations) {
            bodyBytes = 0
            parts = 0
            var parser = try MultipartParser(contentType: form.contentType)
            try message.withUnsafeBytes { whole in
                var start = 0
                while start < whole.count {
                    let end = min(start + chunkSize, whole.count)
                    try parser.parse(UnsafeRawBufferPointer(rebasing: whole[start..<end])) { event in
                        switch event {
                        case .body(let bytes): bodyBytes &+= bytes.count
                        case .partBegin: parts += 1
                        case .partEnd, .end: break
                        }
                    }
                    start = end
                }
            }
            try parser.finish { _ in }
        }
        precondition(
            bodyBytes == partCount * partSize && parts == partCount,
            "parsed \(parts) parts, \(bodyBytes) bytes"
        )
        Measure.reportThroughput("multipart-parse (64 KiB chunks)", bytes: Int64(message.count), seconds: seconds)
    }

    @Sendable static func parseAdversarial() throws {
        let boundary = MultipartBoundary.afNetworking(0xDEAD_BEEF, 0x0123_4567)
        let nearMiss = Array("\r\n--\(boundary.dropLast())".utf8)
        let bodies: [(String, [UInt8])] = [
            ("CRLF pairs", [UInt8]((0..<(32 << 20)).lazy.flatMap { _ in [13, 10] as [UInt8] })),
            ("near-miss delimiters", Array(repeatElement(nearMiss, count: (64 << 20) / nearMiss.count).joined())),
        ]
        for (label, body) in bodies {
            var form = MultipartFormData(boundary: boundary)
            form.appendPart(fileData: body, name: "x", filename: "x", mimeType: "a/b")
            let message = try form.encodedBytes()
            var bodyBytes = 0
            let seconds = try Measure.times(iterations: 5) {
                bodyBytes = 0
                var parser = try MultipartParser(boundary: boundary)
                try message.withUnsafeBytes { whole in
                    var start = 0
                    while start < whole.count {
                        let end = min(start + chunkSize, whole.count)
                        try parser.parse(UnsafeRawBufferPointer(rebasing: whole[start..<end])) { event in
                            if case .body(let bytes) = event { bodyBytes &+= bytes.count }
                        }
                        start = end
                    }
                }
                try parser.finish { _ in }
            }
            precondition(bodyBytes == body.count)
            Measure.reportThroughput(
                "multipart-parse-adversarial (\(label))",
                bytes: Int64(message.count),
                seconds: seconds
            )
        }
    }

    @Sendable static func parseMemory() throws {
        let gib: Int64 = 1 << 30
        let boundary = MultipartBoundary.afNetworking(0xDEAD_BEEF, 0x0123_4567)
        let head = Array(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"big\"; filename=\"big.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8
        )
        let tail = MultipartBoundary.finalLine(boundary)
        let chunk = randomBytes(count: chunkSize)
        let before = Measure.peakResidentKiB()
        var parser = try MultipartParser(boundary: boundary)
        var bodyBytes: Int64 = 0
        let handler: (MultipartParser.Event) -> Void = { event in
            if case .body(let bytes) = event { bodyBytes += Int64(bytes.count) }
        }
        try parser.parse(head, handler)
        var fed: Int64 = 0
        try chunk.withUnsafeBytes { buffer in
            while fed < gib {
                try parser.parse(buffer, handler)
                fed += Int64(buffer.count)
            }
        }
        try parser.parse(tail, handler)
        try parser.finish(handler)
        precondition(bodyBytes == gib)
        report("multipart-parse-memory (1 GiB part)", before: before)
    }

    @Sendable static func writeMemory() throws {
        let path = "/tmp/boomerang-bench-\(getpid())-1GiB.bin"
        try makeSparseFile(path: path, size: 1 << 30)
        defer { unlink(path) }
        let before = Measure.peakResidentKiB()
        var form = MultipartFormData(boundary: MultipartBoundary.afNetworking(0xDEAD_BEEF, 0x0123_4567))
        try form.appendPart(filePath: path, name: "big")
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        let produced = try drain(form, buffer: buffer)
        precondition(produced == form.contentLength)
        report("multipart-write-memory (1 GiB file part, \(produced) bytes)", before: before)
    }

    static func report(_ label: String, before: Int) {
        let peak = Measure.peakResidentKiB()
        Measure.peakFigure(label)
        let peakMiB = Measure.format(Double(peak) / 1024)
        let beforeMiB = Measure.format(Double(before) / 1024)
        print("\(label): peak RSS (VmHWM) \(peakMiB) MiB, before the run \(beforeMiB) MiB")
    }

    static func makeSparseFile(path: String, size: Int64) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0, ftruncate(descriptor, off_t(size)) == 0 else {
            throw BenchmarkError(message: "cannot make \(path): errno \(errno)")
        }
        close(descriptor)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
