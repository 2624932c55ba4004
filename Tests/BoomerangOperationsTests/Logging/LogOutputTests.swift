import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import BoomerangOperations

@Suite struct LogOutputTests {
    /// Lines go out in the order they were handed over, from any thread.
    @Test func linesAreWrittenInOrder() throws {
        let pipe = try TestPipe()
        let output = LogOutput(limit: 1 << 20)
        for index in 0..<100 { output.write(Array("line \(index)\n".utf8), to: pipe.writeFD) }
        #expect(output.waitUntilWritten(timeout: 30))
        let lines = String(decoding: pipe.read(), as: UTF8.self).split(separator: "\n")
        #expect(lines == (0..<100).map { "line \($0)"[...] })
        #expect(output.takeDroppedLines() == nil)
    }

    /// An output nobody reads holds up only the writer: past the limit, lines are dropped
    /// (never half a batch), counted, and the count is given once the output moves again.
    @Test func linesPastTheLimitAreDroppedAndCountedOnceTheOutputMoves() throws {
        // The smallest pipe, one page.
        let pipe = try TestPipe(nonBlockingRead: true, capacity: 4096)
        let output = LogOutput(limit: 64 * 1024)
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 1023) + [0x0A]
        for _ in 0..<100 { output.write(line, to: pipe.writeFD) }
        #expect(output.takeDroppedLines() == nil, "nothing is told while the output is stuck")

        var received = 0
        while true {
            // Idle before the reads below: what they empty out of the pipe is all there is.
            let writerIdle = output.waitUntilWritten(timeout: 0.05)
            var bytes = pipe.read(upTo: 64 * 1024)
            while !bytes.isEmpty {
                #expect(bytes.allSatisfy { $0 == UInt8(ascii: "a") || $0 == 0x0A })
                received += bytes.count
                bytes = pipe.read(upTo: 64 * 1024)
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
