import BoomerangRuntime
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SIGHUP reloads the mapping files of a running `boomerang` while requests keep flowing: no
/// request fails and no connection drops.
@Suite struct MappingReloadSignalTests {
    @Test func sighupUnderContinuousLoadFailsNoRequest() throws {
        let root = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appending(path: "mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        func write(_ version: Int) throws {
            let text = "request: { urlPath: /hello }\nresponse: { body: v\(version) }\n"
            try Data(text.utf8).write(to: mappings.appending(path: "hello.yaml"), options: .atomic)
        }
        try write(0)
        let server = try Subprocess.startBoomerang(
            ["--port", "0", "--threads", "2", "--no-access-log", "--mappings-directory", mappings.path], in: root)
        let line = try server.waitForOutputLine(containing: "listening on")
        let port = try #require(Int(line.split(separator: ":")[2].prefix { $0.isNumber }))

        let stop = Locked(false)
        let counts = Locked((ok: 0, failed: 0, failures: [String]()))
        let clients = (0..<2).map { _ in
            Thread {
                var client = KeepAliveClient(port: port)
                var sent = 0
                while !stop.withLock({ $0 }) && sent < 20_000 {
                    sent += 1
                    let answer = client.get("/hello")
                    counts.withLock { counts in
                        if let answer, answer.status == 200, answer.body.hasPrefix("v") {
                            counts.ok += 1
                        } else {
                            counts.failed += 1
                            if counts.failures.count < 5 { counts.failures.append(String(describing: answer)) }
                        }
                    }
                }
                client.closeConnection()
            }
        }
        clients.forEach { $0.start() }
        for version in 1...10 {
            try write(version)
            kill(server.process.processIdentifier, SIGHUP)
            Thread.sleep(forTimeInterval: 0.05)
        }
        // The last reload is in force once /hello answers v10.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, (try? Subprocess.get(port: port, path: "/hello"))?.hasSuffix("v10") != true {
            Thread.sleep(forTimeInterval: 0.02)
        }
        stop.withLock { $0 = true }
        while clients.contains(where: { !$0.isFinished }) { Thread.sleep(forTimeInterval: 0.01) }
        #expect(try Subprocess.get(port: port, path: "/hello").hasSuffix("v10"))
        #expect(server.stop(signal: SIGTERM) == 0)
        let result = counts.withLock { $0 }
        #expect(result.failed == 0, "\(result.failures)")
        #expect(result.ok > 0)
        #expect(server.standardError.contains("mappings loaded (SIGHUP)"), "\(server.standardError)")
    }
}

/// One keep-alive connection that sends GETs and reads `Content-Length` responses; reconnects
/// only when the server closes (which counts as a failed request).
struct KeepAliveClient {
    let port: Int
    private var fd: Int32 = -1

    init(port: Int) {
        self.port = port
    }

    mutating func get(_ path: String) -> (status: Int, body: String)? {
        if fd < 0 { fd = Self.connect(port) }
        guard fd >= 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return reset() }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = Self.headEnd(received) {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count >= end + 4 + length {
                    let status = Int(head.split(separator: " ")[1]) ?? 0
                    let body = String(decoding: received[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                    return (status, body)
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return reset() }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    private mutating func reset() -> (status: Int, body: String)? {
        close(fd)
        fd = -1
        return nil
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func connect(_ port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 {
            close(fd)
            return -1
        }
        return fd
    }

    func closeConnection() {
        if fd >= 0 { close(fd) }
    }
}
