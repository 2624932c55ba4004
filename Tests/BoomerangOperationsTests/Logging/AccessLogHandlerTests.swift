import BoomerangSettings
import Logging
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import BoomerangOperations

@Suite struct AccessLogHandlerTests {
    /// Logs one access line and one refused line through swift-log and returns what the sink wrote.
    private func lines(_ format: ServerSettings.LogFormat) throws -> [String] {
        let pipe = try TestPipe()
        let sink = LogSink(fd: pipe.writeFD)
        let logger = Logger(label: "test") { _ in AccessLogHandler(format: format, sink: sink, clock: AccessLogClock()) }
        let access = AccessRecord(
            kind: .access, remote: "127.0.0.1", method: "GET", target: "/get?q=\"x\"", version: "HTTP/1.1", status: 200,
            bytesOut: 512, bytesIn: 0, durationMicros: 250, requestID: "abc-000001")
        logger.info("access", metadata: ["access": .stringConvertible(access)])
        let refused = AccessRecord(kind: .refused, remote: "::1", status: 400, reason: "invalidTarget")
        logger.info("refused", metadata: ["access": .stringConvertible(refused)])
        logger.info("no record")
        sink.flush()
        #expect(LogOutput.shared.waitUntilWritten(timeout: 30))
        return String(decoding: pipe.read(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func textLinesAreOneLineEachWithQuotesEscaped() throws {
        let lines = try lines(.text)
        #expect(lines.count == 3)
        #expect(lines[2].hasSuffix(" info no record"))
        #expect(lines[0].hasSuffix(#" 127.0.0.1 "GET /get?q=\x22x\x22 HTTP/1.1" 200 512 in=0 0.250ms id=abc-000001"#), "\(lines[0])")
        #expect(lines[1].hasSuffix(#" ::1 "-" 400 refused=invalidTarget"#), "\(lines[1])")
    }

    @Test func jsonLinesHaveTypedFields() throws {
        let lines = try lines(.json)
        #expect(lines.count == 3)
        #expect(lines[2].hasSuffix(#""level":"info","message":"no record"}"#))
        #expect(lines[0].contains(#""type":"access","remote":"127.0.0.1","method":"GET","target":"/get?q=\"x\"""#), "\(lines[0])")
        #expect(lines[0].hasSuffix(#""status":200,"bytesOut":512,"bytesIn":0,"durationMs":0.250,"requestId":"abc-000001"}"#), "\(lines[0])")
        #expect(lines[1].hasSuffix(#""type":"refused","remote":"::1","status":400,"reason":"invalidTarget"}"#), "\(lines[1])")
    }
}
