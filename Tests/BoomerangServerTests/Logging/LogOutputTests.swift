import Testing

@testable import BoomerangServer

#if canImport(Glibc)
import Glibc
#endif

@Suite struct LogOutputTests {
    /// Lines go out in the order they were handed over, from any thread.
    @Test func linesAreWrittenInOrder() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let output = LogOutput(limit: 1 << 20)
        for index in 0..<100 { output.write(Array("line \(index)\n".utf8), to: fds[1]) }
        #expect(output.waitUntilWritten(timeout: 30))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fds[0], &buffer, buffer.count)
        let lines = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).split(separator: "\n")
        #expect(lines == (0..<100).map { "line \($0)"[...] })
        #expect(output.takeDroppedLines() == nil)
    }

    /// An output nobody reads holds up only the writer: past the limit, lines are dropped
    /// (never half a batch), counted, and the count is given once the output moves again.
    @Test func linesPastTheLimitAreDroppedAndCountedOnceTheOutputMoves() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        // F_SETPIPE_SZ (Linux, not exported to Swift): the smallest pipe, one page.
        _ = fcntl(fds[1], 1031, Int32(4096))
        let output = LogOutput(limit: 64 * 1024)
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 1023) + [0x0A]
        for _ in 0..<100 { output.write(line, to: fds[1]) }
        #expect(output.takeDroppedLines() == nil, "nothing is told while the output is stuck")

        var received = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // Idle before the reads below: what they empty out of the pipe is all there is.
            let writerIdle = output.waitUntilWritten(timeout: 0.05)
            var count = read(fds[0], &buffer, buffer.count)
            while count > 0 {
                #expect(buffer[0..<count].allSatisfy { $0 == UInt8(ascii: "a") || $0 == 0x0A })
                received += count
                count = read(fds[0], &buffer, buffer.count)
            }
            if writerIdle { break }
        }
        let dropped = try #require(output.takeDroppedLines())
        #expect(received % 1024 == 0)
        #expect(received / 1024 >= 64, "a limit's worth of lines waited")
        #expect(received / 1024 + dropped == 100)
        #expect(output.takeDroppedLines() == nil, "the count is given once")
    }
}
