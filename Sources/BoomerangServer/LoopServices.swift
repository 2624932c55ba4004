import BoomerangExchange
import BoomerangHTTP1
import BoomerangLibevent
import BoomerangOperations
import BoomerangRuntime
import BoomerangSerialization

/// What the connections of one event loop call on the server around them, on the loop's thread:
/// the router for a responder, the history for what happened to each exchange, the access log,
/// the metrics and the heap trimmer. Independent of the transport, so that the same services
/// serve a connection driven over a socket and one driven in process.
final class LoopServices: LoopServicing {
    let loopIndex: Int
    let shared: ServerContext
    let accessLog: AccessLogWriter
    let metrics: LoopMetrics
    let dates = HTTPDate.Cache()

    init(index: Int, shared: ServerContext) {
        loopIndex = index
        self.shared = shared
        accessLog = AccessLogWriter(format: shared.settings.logFormat, enabled: shared.settings.accessLog)
        metrics = LoopMetrics(shared: shared.metrics)
    }

    /// The loop's periodic work: writes the access log's waiting lines, gives the heap trimmer its
    /// tick and tells of log lines dropped while the output was stuck.
    func housekeep(now milliseconds: UInt64) {
        accessLog.flush()
        shared.heapTrimmer.tick(now: milliseconds)
        if let dropped = LogOutput.shared.takeDroppedLines() {
            shared.log.warning(
                "\(dropped) log lines were dropped: the server's output was not being read, and \(LogOutput.shared.limit >> 20) MiB of lines were waiting")
        }
    }

    /// Writes the access log's waiting lines.
    func flush() {
        accessLog.flush()
    }

    func requestID(for head: HTTPRequestHead) -> String {
        RequestIDGenerator.clientID(in: head.headers) ?? shared.requestIDs.next()
    }

    func responder(for context: RequestContext) -> RoutedResponder {
        if let responderOverride = shared.responderOverride, let responder = responderOverride(context) {
            return RoutedResponder(responder: responder, route: "override")
        }
        return shared.router.responder(for: context)
    }

    func dateField() -> [UInt8] {
        dates.current()
    }

    func exchangeCompleted(_ exchange: Exchange) {
        let now = shared.clock()
        accessLog.record(exchange, now: now)
        metrics.record(exchange, now: now)
        shared.heapTrimmer.exchangeEnded(requestBodyBytes: exchange.bodyBytes, responseBytes: exchange.responseBytes, now: now / 1_000_000)
    }

    func requestRefused(remote: String, status: Int, reason: String) {
        accessLog.recordRefused(remote: remote, status: status, reason: reason)
        metrics.recordRefused(status: status)
    }

    func responseReady(_ exchange: Exchange, _ response: Response, written: [UInt8]?) -> Int {
        shared.history?.recordResponse(exchange, response, written: written) ?? 0
    }

    func largeOutputSent(_ bytes: Int) {
        shared.heapTrimmer.exchangeEnded(requestBodyBytes: 0, responseBytes: bytes, now: shared.clock() / 1_000_000)
    }

    func responseCut(_ entryID: Int, sentBytes: Int, cause: Exchange.EndCause) {
        shared.history?.responseCut(entryID, sentBytes: sentBytes, cause: cause)
    }

    func streamEnded(_ exchange: Exchange, _ response: Response, head: [UInt8], cut: Exchange.EndCause?) {
        shared.history?.recordStream(exchange, response, head: head, cut: cut)
    }

    func refused(_ error: ServerError, exchange: Exchange?, input: UnsafeRawBufferPointer, remote: String) {
        shared.history?.recordRefusal(error, exchange: exchange, input: input, remoteHost: remote, loop: loopIndex)
    }

    func handshakeFailed(_ failure: HandshakeFailure, remote: String) {
        let name = failure.serverName.map { " for \($0)" } ?? ""
        shared.log.info("TLS handshake from \(remote)\(name) failed: \(failure.summary)")
        shared.history?.recordHandshakeFailure(failure, remoteHost: remote, loop: loopIndex)
    }

    func exchangeAborted(_ exchange: Exchange, phase: Exchange.AbortPhase, cause: Exchange.EndCause) {
        shared.heapTrimmer.exchangeEnded(requestBodyBytes: exchange.bodyBytes, responseBytes: exchange.responseBytes, now: shared.clock() / 1_000_000)
        shared.history?.recordAbort(exchange, phase: phase, cause: cause)
    }
}
