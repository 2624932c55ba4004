import BoomerangExchange
import BoomerangHTTP1
import BoomerangSerialization
import Logging

@testable import BoomerangLibevent

/// The transport alone on a loopback port: one event loop whose connections are answered by a
/// closure, with no router, history or product behind it.
final class TransportServer: Sendable {
    typealias Respond = @Sendable (RequestContext) -> Response

    let port: Int
    private let host: Host
    private let thread: LoopThread
    private let completion: LoopCompletion

    /// Serves on an ephemeral loopback port; `configure` changes the connections' configuration.
    init(configure: (inout ConnectionConfiguration) -> Void = { _ in }, respond: @escaping Respond) throws {
        var configuration = ConnectionConfiguration()
        configure(&configuration)
        host = Host(connectionConfiguration: configuration, respond: respond)
        let (fds, port) = try ListeningSocket.open(host: "127.0.0.1", port: 0, count: 1)
        self.port = port
        completion = try LoopCompletion()
        thread = try LoopThread.start(EventLoop(index: 0, listenFD: fds[0], host: host, completion: completion))
    }

    /// The client connections open now.
    var openConnections: Int { host.connectionBudget.current }

    deinit {
        thread.handle.send(.drain)
        _ = completion.wait(for: 1, timeoutNanoseconds: 2 * ConnectionConfiguration.second)
        thread.handle.send(.stop)
        thread.join()
    }

    private struct Host: LoopHost {
        let connectionConfiguration: ConnectionConfiguration
        let respond: Respond
        let connectionBudget = ConnectionBudget(limit: 100)
        let log = Logger(label: "transport-test")

        func services(forLoop index: Int) -> any LoopServicing {
            Services(respond: respond)
        }

        func connectionOpened() {}
    }

    private final class Services: LoopServicing {
        let respond: Respond
        private var requests = 0

        init(respond: @escaping Respond) {
            self.respond = respond
        }

        var loopIndex: Int { 0 }

        func requestID(for head: HTTPRequestHead) -> String {
            requests += 1
            return "transport-\(requests)"
        }

        func responder(for context: RequestContext) -> RoutedResponder {
            RoutedResponder(responder: FixedResponder(respond(context)), route: "test")
        }

        func dateField() -> [UInt8] { HTTPDate.now() }
        func exchangeCompleted(_ exchange: Exchange) {}
        func requestRefused(remote: String, status: Int, reason: String) {}
        func housekeep(now: UInt64) {}
        func flush() {}
    }
}
