import BoomerangTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Readers that do not read (a closed receive window, as `slowhttptest -X` makes) over real
/// sockets: what the server's socket holds for each stays bounded, and a reader that does read
/// still gets every byte. Robustness K04 (memory held per slow reader).
@Suite struct SlowReaderLiveTests {
    /// A client socket with a tiny receive buffer that sends one request and then never reads.
    final class StalledReader {
        let fd: Int32
        let localPort: Int

        init(port: Int, request: String) throws {
            let fd = try LoopbackSocket.connect(port: port) { fd in
                var size: Int32 = 16
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            self.fd = fd
            var local = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            localPort = Int(UInt16(bigEndian: local.sin_port))
            let bytes = Array(request.utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        deinit {
            close(fd)
        }
    }

    /// The bytes queued in the server's socket towards `clientPort` and not acknowledged: the
    /// tx_queue column of /proc/net/tcp (the server runs in this process, so in this namespace).
    static func serverSendQueue(serverPort: Int, clientPort: Int) -> Int? {
        // /proc files report a size of 0: read to the end rather than by the size.
        guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return nil }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let local = String(format: ":%04X", serverPort)
        let remote = String(format: ":%04X", clientPort)
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1].hasSuffix(local), fields[2].hasSuffix(remote) else { continue }
            return Int(fields[4].split(separator: ":")[0], radix: 16)
        }
        return nil
    }

    @Test func aReaderThatDoesNotReadHoldsABoundedPartOfALargeBody() throws {
        let live = try LiveServer()
        let readers = try (0..<4).map { _ in
            try StalledReader(port: live.port, request: "GET /range/10000000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        }
        // The server sends until the socket refuses more; let it get there.
        var queues: [Int] = []
        for _ in 0..<20 {
            usleep(100_000)
            queues = readers.compactMap { Self.serverSendQueue(serverPort: live.port, clientPort: $0.localPort) }
        }
        #expect(queues.count == readers.count, "the server's sockets were not found in /proc/net/tcp")
        // Without TCP_NOTSENT_LOWAT the kernel took 1.6 MB per reader here (its autotuned buffer).
        #expect(queues.allSatisfy { $0 > 0 && $0 <= 256 << 10 }, "bytes queued per stalled reader: \(queues)")
        // Normal traffic is served meanwhile, and a reader that reads gets every byte.
        let connection = try RawConnection(port: live.port, timeout: 30)
        try connection.send("GET /range/3000000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 200)
        #expect(response.body.count == 3_000_000)
        #expect(response.body.prefix(28) == Array("abcdefghijklmnopqrstuvwxyzab".utf8)[...])
        #expect(response.body[2_999_999] == UInt8(ascii: "a") + UInt8(2_999_999 % 26))
        withExtendedLifetime(readers) {}
    }
}
