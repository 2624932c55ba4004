import BoomerangSerialization
import Logging

/// One access log line per exchange, through swift-log, on standard output.
///
/// Each loop has its own writer, logger and sink: lines are buffered per loop and written when
/// the buffer passes 32 KiB and on every deadline sweep (four times a second).
final class AccessLogWriter {
    private let logger: Logger?
    private let sink = LogSink(fd: 1)

    init(format: ServerSettings.LogFormat, enabled: Bool) {
        guard enabled else {
            logger = nil
            return
        }
        let sink = self.sink
        let clock = AccessLogClock()
        logger = Logger(label: "boomerang.access") { _ in AccessLogHandler(format: format, sink: sink, clock: clock) }
    }

    func record(_ exchange: Exchange, now: UInt64) {
        guard let logger else { return }
        let head = exchange.context.head
        let record = AccessRecord(
            kind: .access,
            remote: exchange.context.remoteHost,
            method: head.method.rawValue,
            target: head.target,
            version: head.version.minor == 0 ? "HTTP/1.0" : "HTTP/1.1",
            status: exchange.status,
            bytesOut: exchange.responseBytes,
            bytesIn: Int(exchange.bodyBytes),
            durationMicros: Int((now &- exchange.context.receivedAt) / 1000),
            requestID: exchange.context.requestID
        )
        logger.info("access", metadata: ["access": .stringConvertible(record)])
    }

    /// A request that got no regular exchange: refused by the parser, timed out or aborted.
    func recordRefused(remote: String, status: Int, reason: String) {
        guard let logger else { return }
        let record = AccessRecord(kind: .refused, remote: remote, status: status, reason: reason)
        logger.info("refused", metadata: ["access": .stringConvertible(record)])
    }

    func flush() {
        sink.flush()
    }
}
