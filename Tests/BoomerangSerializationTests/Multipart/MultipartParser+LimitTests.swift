import BoomerangSamples
import BoomerangSerialization
import Testing

extension MultipartParserTests {
    // MARK: - Limits (M10, M11)

    @Test func refusesPartNumberOverTheLimit() {
        let part = "\r\n--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nv"
        let message = Array(("--b\r\n\r\n" + String(repeating: part, count: 1000) + "\r\n--b--").utf8)
        let outcome = parse(message, boundary: "b", chunking: .fixed(65536))
        let offset = Int64(7 + 999 * part.utf8.count + 7)
        #expect(outcome.error == MultipartParserError(code: .tooManyParts, value: "b", offset: offset))
        #expect(outcome.events.filter { if case .partBegin = $0 { true } else { false } }.count == 1000)
        let small = parse(
            Array("--b\r\n\r\n\r\n--b\r\n\r\n\r\n--b--".utf8),
            boundary: "b",
            configuration: MultipartParserConfiguration(maxPartCount: 1)
        )
        #expect(small.error == MultipartParserError(code: .tooManyParts, value: "b", offset: 14))
    }

    @Test func refusesTooManyHeaderLines() {
        let lines = (0..<17).map { "H\($0): v\r\n" }
        let message = Array(("--b\r\n" + lines.joined() + "\r\n--b--").utf8)
        let offset = Int64(5 + lines[..<16].joined().utf8.count)
        #expect(
            parse(message, boundary: "b").error
                == MultipartParserError(code: .tooManyHeaderLines, value: "H16: v", offset: offset)
        )
        let sixteen = Array(("--b\r\n" + lines[..<16].joined() + "\r\n\r\n--b--").utf8)
        #expect(parse(sixteen, boundary: "b").error == nil)
    }

    @Test func refusesLongHeaderLines() {
        let line = "X: " + String(repeating: "a", count: 4093)
        #expect(parse(Array(("--b\r\n" + line + "\r\n\r\n\r\n--b--").utf8), boundary: "b").error == nil)
        let long = Array(("--b\r\n" + line + "a" + String(repeating: "a", count: 1 << 20)).utf8)
        let outcome = parse(long, boundary: "b", chunking: .fixed(1000))
        #expect(
            outcome.error
                == MultipartParserError(code: .headerLineTooLong, value: Array(line.utf8.prefix(64)), offset: 5 + 4096)
        )
    }

    @Test func refusesLargeHeaderBlocks() {
        let line = "X: " + String(repeating: "a", count: 3000) + "\r\n"
        let message = Array(("--b\r\n" + line + line + line + "\r\n--b--").utf8)
        let outcome = parse(message, boundary: "b", chunking: .fixed(100))
        #expect(
            outcome.error
                == MultipartParserError(
                    code: .headerBlockTooLarge,
                    value: Array(line.utf8.prefix(64)),
                    offset: 5 + 8192
                )
        )
        let neverEnds = Array(("--b\r\n" + String(repeating: "X: y\r\n", count: 200_000)).utf8)
        #expect(parse(neverEnds, boundary: "b").error?.code == .tooManyHeaderLines)
    }

    // MARK: - Linear time (M08, M09)

    /// 12 MiB of CR/LF-dense preamble and data parse whole (a scan that went back over what it
    /// read would not end in any reasonable time; `make rows-cpu` measures the CPU of such rows).
    @Test func largePreamblesAndCRLFDenseDataParseWhole() throws {
        let crlf: [UInt8] = (0..<(2 << 20)).map { $0 % 2 == 0 ? 13 : 10 }
        var message = crlf + Array("--b\r\n\r\n".utf8)
        message.append(13)
        message += [UInt8](repeating: 0x41, count: 10 << 20)
        message += crlf
        message += Array("\r\n--b--".utf8)
        var bodyCount = 0
        var parser = try MultipartParser(boundary: "b")
        for start in stride(from: 0, to: message.count, by: 65536) {
            try parser.parse(Array(message[start..<min(start + 65536, message.count)])) { event in
                if case .body(let bytes) = event { bodyCount += bytes.count }
            }
        }
        try parser.finish { _ in }
        #expect(bodyCount == 1 + (10 << 20) + (2 << 20))
    }
}
