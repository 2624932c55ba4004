import BoomerangHTTP2Wire
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback server for the session's tests: one thread, blocking sockets, one connection at a
/// time, each fed through an ``HTTP2Session`` and answered by the test's handler. Every event is
/// kept, in order.
final class HTTP2TestServer: @unchecked Sendable {
    /// Called for each event with the session, and a function that sends the output so far.
    typealias Handler = (HTTP2Session, HTTP2Event, () -> Void) throws -> Void

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var recorded: [HTTP2Event] = []
    private var failures: [HTTP2Error] = []
    private let handler: Handler
    private let configuration: HTTP2Configuration
    private let done = DispatchSemaphore(value: 0)

    init(configuration: HTTP2Configuration = HTTP2Configuration(), handler: @escaping Handler) throws {
        self.handler = handler
        self.configuration = configuration
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    deinit {
        close(listener)
    }

    /// The events so far, and the errors the sessions threw.
    var events: [HTTP2Event] { lock.withLock { recorded } }
    var errors: [HTTP2Error] { lock.withLock { failures } }

    /// Stops accepting; waits for the connection being served to end.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        _ = done.wait(timeout: .now() + 10)
    }

    private func serve() {
        defer { done.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            serve(connection)
            close(connection)
        }
    }

    private func serve(_ fd: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        do {
            let session = try HTTP2Session(configuration: configuration)
            let flush = { Self.write(fd, (try? session.takeOutput()) ?? []) }
            flush()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !session.isFinished {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                let events: [HTTP2Event]
                do {
                    events = try buffer.withUnsafeBytes { try session.receive(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                } catch let error as HTTP2Error {
                    lock.withLock { failures.append(error) }
                    flush()
                    return
                }
                for event in events {
                    lock.withLock { recorded.append(event) }
                    try handler(session, event, flush)
                }
                flush()
            }
        } catch let error as HTTP2Error {
            lock.withLock { failures.append(error) }
        } catch {
            return
        }
    }

    private static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
