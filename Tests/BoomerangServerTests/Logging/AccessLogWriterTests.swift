import BoomerangSerialization
import Testing

@testable import BoomerangServer

#if canImport(Glibc)
import Glibc
#endif

/// The loop's access log writer formats the same lines as the swift-log handler, without it.
@Suite struct AccessLogWriterTests {
    /// Writes one exchange and one refused request and returns the lines, without their timestamps.
    private func lines(_ format: ServerSettings.LogFormat) throws -> [String] {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let writer = AccessLogWriter(format: format, enabled: true, fd: fds[1])
        let head = HTTPRequestHead(method: .get, target: "/get?q=\"x\"")
        let context = RequestContext(head: head, remoteHost: "127.0.0.1", requestID: "abc-000001", loopIndex: 0, receivedAt: 1_000)
        var exchange = Exchange(context: context)
        exchange.status = 200
        exchange.responseBytes = 512
        writer.record(exchange, now: 251_000)
        writer.recordRefused(remote: "::1", status: 400, reason: "invalidTarget")
        writer.flush()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fds[0], &buffer, buffer.count)
        return String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).split(separator: "\n").map(String.init)
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

    @Test func disabledWriterWritesNothing() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let writer = AccessLogWriter(format: .text, enabled: false, fd: fds[1])
        writer.recordRefused(remote: "::1", status: 400, reason: "x")
        writer.flush()
        close(fds[1])
        var byte: UInt8 = 0
        #expect(read(fds[0], &byte, 1) == 0)
    }
}
