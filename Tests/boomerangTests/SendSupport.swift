import BoomerangTesting
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Helpers for the `send` tests: the binary run with byte-exact output, and a raw TCP exchange.
enum SendSupport {
    struct Run {
        var status: Int32
        var output: [UInt8]
        var error: String

        var text: String { String(decoding: output, as: UTF8.self) }

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(output))) as? [String: Any]
        }
    }

    /// Runs `boomerang send <arguments>` and keeps its standard output as bytes.
    static func send(_ arguments: [String]) throws -> Run {
        let completed = try Subprocess.runBoomerang(["send"] + arguments, environment: ["LANG": "C"])
        return Run(status: completed.status, output: completed.output, error: completed.standardError)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends `bytes` to the loopback `port` and reads until the server closes the connection.
    static func exchange(port: Int, bytes: [UInt8]) throws -> [UInt8] {
        let fd = try Subprocess.socket(port: port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return received }
            guard count > 0 else { throw Failure(description: "recv: errno \(errno) after \(received.count) bytes") }
            received += buffer[..<count]
        }
    }

    /// Splits an HTTP/1.1 message at its empty line: the head's lines and the body.
    static func split(_ message: [UInt8]) -> (lines: [String], body: [UInt8])? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard message.count >= 4,
            let end = (0...(message.count - 4)).first(where: { message[$0..<($0 + 4)].elementsEqual(separator) })
        else { return nil }
        let head = String(decoding: message[..<end], as: UTF8.self)
        return (head.components(separatedBy: "\r\n"), Array(message[(end + 4)...]))
    }
}
