import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP client that reads raw bytes and tells how the stream ended: the tool for observing
/// transport faults.
package final class ByteClient {
    package enum Ending: Equatable {
        /// The server closed (FIN).
        case closed
        /// The connection was reset (RST).
        case reset
        /// Nothing more arrived within the time given.
        case timedOut
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private var fd: Int32

    package init(port: Int) throws {
        do {
            fd = try LoopbackSocket.connect(port: port)
        } catch {
            throw Failure(description: error.description)
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    package func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written == bytes.count else { throw Failure(description: "send failed: errno \(errno)") }
    }

    /// Closes with an RST (`SO_LINGER` 0), as a client that crashes or gives up abruptly does.
    package func resetNow() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(fd)
        fd = -1
    }

    /// Reads until the server ends the stream or `seconds` pass without a byte.
    package func readToEnd(idleSeconds seconds: Double = 3) -> (bytes: [UInt8], ending: Ending) {
        read(until: { _ in false }, idleSeconds: seconds)
    }

    /// Reads until `done` says the bytes so far are enough, the stream ends, or `seconds` pass
    /// without a byte.
    package func read(until done: ([UInt8]) -> Bool, idleSeconds seconds: Double = 3) -> (bytes: [UInt8], ending: Ending) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(received) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return (received, .closed)
            } else {
                return (received, errno == ECONNRESET ? .reset : .timedOut)
            }
        }
        return (received, .timedOut)
    }

    /// Reads until `text` has arrived (or the stream ends).
    package func read(untilContains text: String, idleSeconds seconds: Double = 3) -> String {
        let marker = Array(text.utf8)
        let result = read(until: { $0.firstRange(of: marker) != nil }, idleSeconds: seconds)
        return String(decoding: result.bytes, as: UTF8.self)
    }
}
