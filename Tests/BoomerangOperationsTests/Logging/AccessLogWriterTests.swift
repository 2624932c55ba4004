import BoomerangExchange
import BoomerangSerialization
import BoomerangSettings
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import BoomerangOperations

/// The loop's access log writer formats the same lines as the swift-log handler, without it.
@Suite struct AccessLogWriterTests {
    /// Writes one exchange and one refused request and returns the lines, without their timestamps.
    private func lines(_ format: ServerSettings.LogFormat) throws -> [String] {
        let pipe = try TestPipe()
        let writer = AccessLogWriter(format: format, enabled: true, fd: pipe.writeFD)
        let head = HTTPRequestHead(method: .get, target: "/get?q=\"x\"")
        let context = RequestContext(head: head, remoteHost: "127.0.0.1", requestID: "abc-000001", loopIndex: 0, receivedAt: 1_000)
        var exchange = Exchange(context: context)
        exchange.status = 200
        exchange.responseBytes = 512
        writer.record(exchange, now: 251_000)
        writer.recordRefused(remote: "::1", status: 400, reason: "invalidTarget")
        writer.flush()
        #expect(LogOutput.shared.waitUntilWritten(timeout: 30))
        return String(decoding: pipe.read(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func textLinesMatchTheHandlers() throws {
        let lines = try lines(.text)
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix(#"Z 127.0.0.1 "GET /get?q=\x22x\x22 HTTP/1.1" 200 512 in=0 0.250ms id=abc-000001"#), "\(lines[0])")
        #expect(lines[1].hasSuffix(#"Z ::1 "-" 400 refused=invalidTarget"#), "\(lines[1])")
    }

    @Test func jsonLinesMatchTheHandlers() throws {
        let lines = try lines(.json)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"time":""#))
        #expect(lines[0].contains(#"Z","level":"info","type":"access","remote":"127.0.0.1","method":"GET","target":"/get?q=\"x\"""#), "\(lines[0])")
        #expect(lines[0].hasSuffix(#""status":200,"bytesOut":512,"bytesIn":0,"durationMs":0.250,"requestId":"abc-000001"}"#), "\(lines[0])")
        #expect(lines[1].hasSuffix(#""level":"info","type":"refused","remote":"::1","status":400,"reason":"invalidTarget"}"#), "\(lines[1])")
    }

    /// A line that takes the buffer past 32 KiB is written at once, also when it needed the
    /// buffer emptied first to fit; lines below the mark wait for the next flush.
    @Test func aLongLineIsWrittenWithoutWaitingForTheTimer() throws {
        // Room for all 65 KB, so that the writer never blocks on a pipe nobody reads yet.
        let pipe = try TestPipe(nonBlockingRead: true, capacity: 1 << 20)
        #expect(pipe.capacity >= 128 * 1024)
        let writer = AccessLogWriter(format: .text, enabled: true, fd: pipe.writeFD)
        func record(_ target: String) {
            let context = RequestContext(
                head: HTTPRequestHead(method: .get, target: target), remoteHost: "127.0.0.1", requestID: "r", loopIndex: 0, receivedAt: 0)
            var exchange = Exchange(context: context)
            exchange.status = 200
            writer.record(exchange, now: 1_000)
        }
        // Five lines of about 5 KB: 25 KB held, under the mark.
        for _ in 0..<5 { record("/" + String(repeating: "a", count: 5_000)) }
        #expect(LogOutput.shared.waitUntilWritten(timeout: 30))
        #expect(pipe.read().isEmpty, "lines under the mark wait for a flush")
        // 10,000 control bytes escaped as \xNN: a 40 KB line that fits only in an emptied buffer.
        record("/" + String(repeating: "\u{01}", count: 10_000))
        #expect(LogOutput.shared.waitUntilWritten(timeout: 30))
        let text = String(decoding: pipe.read(), as: UTF8.self)
        // Counted, not printed on failure: the text is 65 KB.
        let lineCount = text.split(separator: "\n").count
        let escapedRun = text.contains(String(repeating: "\\x01", count: 10_000))
        #expect(lineCount == 6)
        #expect(escapedRun)
    }

    @Test func disabledWriterWritesNothing() throws {
        let pipe = try TestPipe()
        let writer = AccessLogWriter(format: .text, enabled: false, fd: pipe.writeFD)
        writer.recordRefused(remote: "::1", status: 400, reason: "x")
        writer.flush()
        #expect(LogOutput.shared.waitUntilWritten(timeout: 30))
        pipe.closeWriteEnd()
        #expect(pipe.read(upTo: 1).isEmpty, "the pipe ends with nothing in it")
    }
}
