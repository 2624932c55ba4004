import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP client for sending exact bytes and reading exact responses from a server on
/// 127.0.0.1. A response without `Content-Length` is read until the server closes, framing
/// included.
public final class RawConnection: TestConnection {
    /// What the socket read functions answer with.
    public typealias Response = TestResponse

    private let fd: Int32
    private var pending: [UInt8] = []

    /// Connects to `port` on 127.0.0.1; reads give up after `timeout` seconds of silence.
    public init(port: Int, timeout: Double = 5) throws {
        do {
            fd = try LoopbackSocket.connect(port: port)
        } catch {
            throw TestConnectionFailure(description: error.description)
        }
        setTimeout(timeout)
    }

    public func setTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes a send that finds the socket full for `seconds` fail rather than wait for ever.
    public func setSendTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(fd)
    }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw TestConnectionFailure(description: "send failed: errno \(errno)") }
            offset += written
        }
    }

    public func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Whether the peer has acknowledged the FIN of ``shutdownWrite()`` (and so every byte sent
    /// before it) within `seconds`: the socket has left TCP's FIN-WAIT-1 state.
    public func endAcknowledged(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            var info = tcp_info()
            var length = socklen_t(MemoryLayout<tcp_info>.size)
            guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return false }
            if info.tcpi_state != UInt8(TCP_FIN_WAIT1) { return true }
            if Date() > deadline { return false }
            usleep(10_000)
        }
    }

    /// Reads exactly `count` bytes (after a head read with ``readResponse(forHead:)``, the bytes
    /// of an upgraded protocol); fewer when the stream ends or goes silent first.
    public func read(exactly count: Int) -> [UInt8] {
        while pending.count < count {
            guard fill() else { break }
        }
        let taken = Array(pending.prefix(count))
        pending.removeFirst(taken.count)
        return taken
    }

    /// Makes the close when the connection is released a reset (SO_LINGER 0), as when a client
    /// vanishes.
    public func resetOnRelease() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Reads more bytes; false at end of stream or on timeout.
    private func fill() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        pending.append(contentsOf: buffer[0..<count])
        return true
    }

    /// Reads one response (Content-Length framed, or until close); nil when the server closed
    /// or went silent before a status line.
    public func readResponse(forHead: Bool = false) throws -> TestResponse? {
        var headEnd: Int?
        while true {
            if let range = pending.firstRange(of: [13, 10, 13, 10]) {
                headEnd = range.upperBound
                break
            }
            guard fill() else { return nil }
        }
        let headText = String(decoding: pending[..<headEnd!], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst()
        let statusParts = statusLine.split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw TestConnectionFailure(description: "bad status line: \(statusLine)")
        }
        let headers = lines.map { line -> (name: String, value: String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = TestResponse(status: status, statusLine: statusLine, headers: headers, raw: Array(pending[..<headEnd!]))
        pending.removeFirst(headEnd!)
        if status == 100 { return response }
        if forHead || status == 204 || status == 304 { return response }
        if let lengthText = response.header("Content-Length"), let length = Int(lengthText) {
            while pending.count < length {
                guard fill() else { throw TestConnectionFailure(description: "body truncated at \(pending.count) of \(length)") }
            }
            response.body = Array(pending[..<length])
            pending.removeFirst(length)
        } else {
            while fill() {}
            response.body = pending
            pending = []
        }
        response.raw += response.body
        return response
    }

    /// The bytes that arrive before the server closes the connection (end of stream or a reset),
    /// or nil when it is still open after `seconds`.
    public func bytesUntilClosed(within seconds: Double) -> [UInt8]? {
        setTimeout(seconds)
        var received = pending
        pending = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
                continue
            }
            if count == 0 || errno == ECONNRESET { return received }
            return nil
        }
    }

    /// Whether the server closes the connection within `seconds` (reads return end of stream).
    public func closedByServer(within seconds: Double = 3) -> Bool {
        setTimeout(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }
}
