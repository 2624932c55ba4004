import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization

@testable import BoomerangHTTP1

/// Services for a state machine under test: answers every request through `respond`, with a fixed
/// date, and records what the access log would.
final class RecordingServices: ConnectionServices {
    typealias Respond = (RequestContext, [UInt8]) -> Response

    let respond: Respond
    private(set) var completed: [Exchange] = []
    private(set) var refusals: [(status: Int, reason: String)] = []
    /// What ``ConnectionServices/largeOutputSent(_:)`` reported, in order.
    private(set) var largeOutputs: [Int] = []
    private var requestCount = 0

    init(respond: @escaping Respond) {
        self.respond = respond
    }

    var loopIndex: Int { 0 }

    func requestID(for head: HTTPRequestHead) -> String {
        requestCount += 1
        return "test-\(requestCount)"
    }

    func responder(for context: RequestContext) -> RoutedResponder {
        RoutedResponder(responder: CollectingResponder(context: context, respond: respond), route: "test")
    }

    func dateField() -> [UInt8] {
        Array("Thu, 01 Jan 2026 00:00:00 GMT".utf8)
    }

    func exchangeCompleted(_ exchange: Exchange) {
        completed.append(exchange)
    }

    func requestRefused(remote: String, status: Int, reason: String) {
        refusals.append((status, reason))
    }

    func largeOutputSent(_ bytes: Int) {
        largeOutputs.append(bytes)
    }
}

/// Collects the body, then answers with the services' closure.
struct CollectingResponder: Responder {
    let context: RequestContext
    let respond: RecordingServices.Respond
    var body: [UInt8] = []

    mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
    }

    mutating func finish(trailers: HTTPHeaders) -> Response {
        respond(context, body)
    }
}

/// Records the connection ids a waker was woken for.
final class RecordingWakeTarget: ConnectionWakeTarget {
    let woken = Locked<[UInt64]>([])

    func wake(connectionID: UInt64) {
        woken.withLock { $0.append(connectionID) }
    }
}

/// A state machine with a manual clock (nanoseconds) and a pretend socket: `send` moves queued
/// output into `wire`, as much as the test allows.
struct ConnectionHarness {
    static let ms: UInt64 = 1_000_000
    static let second: UInt64 = 1_000_000_000

    var machine: ConnectionStateMachine
    let services: RecordingServices
    let wakeTarget = RecordingWakeTarget()
    var now: UInt64 = 1000 * ConnectionHarness.second
    /// Every byte the pretend socket has taken.
    var wire: [UInt8] = []

    /// Answers `200` with the body `<METHOD> <target>` unless `respond` says otherwise.
    init(
        configure: (inout ConnectionConfiguration) -> Void = { _ in },
        respond: @escaping RecordingServices.Respond = { context, _ in
            Response(status: 200, body: Array("\(context.head.method) \(context.head.target)".utf8))
        }
    ) {
        var configuration = ConnectionConfiguration()
        configure(&configuration)
        services = RecordingServices(respond: respond)
        machine = ConnectionStateMachine(
            configuration: configuration, services: services, remoteHost: "127.0.0.1",
            waker: ConnectionWaker(target: wakeTarget, connectionID: 7), now: now)
    }

    /// A harness whose requests are answered by `respond`, with the default configuration.
    static func responding(_ respond: @escaping RecordingServices.Respond) -> ConnectionHarness {
        ConnectionHarness(respond: respond)
    }

    var configuration: ConnectionConfiguration { machine.configuration }

    /// The actions asked for since the last call.
    mutating func actions() -> [ConnectionAction] {
        var list: [ConnectionAction] = []
        while let action = machine.nextAction() { list.append(action) }
        return list
    }

    mutating func start() -> [ConnectionAction] {
        machine.start(now: now)
        return actions()
    }

    mutating func receive(_ text: String) -> [ConnectionAction] {
        receive(Array(text.utf8))
    }

    mutating func receive(_ bytes: [UInt8]) -> [ConnectionAction] {
        bytes.withUnsafeBytes { machine.received($0, now: now) }
        return actions()
    }

    /// The pretend socket takes up to `limit` queued bytes.
    @discardableResult
    mutating func send(limit: Int = .max) -> [ConnectionAction] {
        // As the driver flushes: one send per queued segment (a large body is one of its own).
        var left = limit
        repeat {
            let taken = machine.withPendingOutput { Array($0.prefix(left)) }
            wire.append(contentsOf: taken)
            machine.sent(taken.count, now: now)
            left -= taken.count
        } while left > 0 && machine.hasPendingOutput
        return actions()
    }

    /// Sends everything, including what a stream produces while it is sent.
    @discardableResult
    mutating func sendAll() -> [ConnectionAction] {
        var all: [ConnectionAction] = []
        repeat {
            all += send()
        } while machine.hasPendingOutput
        return all
    }

    /// Moves the clock by `milliseconds` and fires the timer.
    mutating func advance(milliseconds: UInt64) -> [ConnectionAction] {
        now += milliseconds * ConnectionHarness.ms
        machine.timerFired(now: now)
        return actions()
    }

    /// Moves the clock to `time` and fires the timer.
    mutating func advance(to time: UInt64) -> [ConnectionAction] {
        now = time
        machine.timerFired(now: now)
        return actions()
    }

    mutating func peerClosed() -> [ConnectionAction] {
        machine.peerClosed(now: now)
        return actions()
    }

    mutating func peerClosedBehindUnreadInput() -> [ConnectionAction] {
        machine.peerClosedBehindUnreadInput(now: now)
        return actions()
    }

    mutating func transportFailed() -> [ConnectionAction] {
        machine.transportFailed(now: now)
        return actions()
    }

    mutating func drain() -> [ConnectionAction] {
        machine.drainRequested(now: now)
        return actions()
    }

    mutating func woken() -> [ConnectionAction] {
        machine.woken(now: now)
        return actions()
    }

    /// The responses on the wire so far, parsed; the wire is emptied.
    mutating func takeResponses() -> [WireResponse] {
        let parsed = WireResponse.parseAll(wire)
        wire = []
        return parsed
    }

    var wireText: String { String(decoding: wire, as: UTF8.self) }

    var isClosed: Bool {
        if case .closed = machine.state { return true }
        return false
    }
}

/// A response read back from the bytes a state machine sent.
struct WireResponse: Equatable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var trailers: [String: String] = [:]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// Splits `bytes` into responses framed by Content-Length or chunked encoding; a response
    /// without either takes the rest.
    static func parseAll(_ bytes: [UInt8]) -> [WireResponse] {
        var responses: [WireResponse] = []
        var rest = bytes[...]
        while let end = rest.firstRange(of: [13, 10, 13, 10]) {
            let lines = String(decoding: rest[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
            }
            let status = Int(lines[0].split(separator: " ")[1]) ?? 0
            var response = WireResponse(status: status, headers: headers, body: [])
            rest = rest[end.upperBound...]
            if let length = headers["content-length"].flatMap(Int.init), status >= 200, status != 204, status != 304 {
                response.body = Array(rest.prefix(length))
                rest = rest.dropFirst(length)
            } else if headers["transfer-encoding"] == "chunked" {
                while let lineEnd = rest.firstRange(of: [13, 10]) {
                    let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
                    rest = rest[lineEnd.upperBound...]
                    if size == 0 {
                        while let trailerEnd = rest.firstRange(of: [13, 10]) {
                            let line = String(decoding: rest[..<trailerEnd.lowerBound], as: UTF8.self)
                            rest = rest[trailerEnd.upperBound...]
                            guard let colon = line.firstIndex(of: ":") else { break }
                            response.trailers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
                        }
                        break
                    }
                    response.body += rest.prefix(size)
                    rest = rest.dropFirst(size + 2)
                }
            } else if status >= 200 && status != 204 && status != 304 {
                response.body = Array(rest)
                rest = rest.dropFirst(rest.count)
            }
            responses.append(response)
        }
        return responses
    }
}
