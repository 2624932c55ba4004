import BoomerangSamples
import BoomerangSerialization
import Testing

/// parse(write(parts)) == parts, for seeded random forms.
@Suite struct MultipartRoundTripTests {
    enum Kind { case form, file, custom }

    static func randomName(_ generator: inout SplitMix64) -> String {
        let alphabet = Array("abcXYZ019 _-[]\\/;=.'é€😀")
        let length = Int.random(in: 0...12, using: &generator)
        return String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    static func randomToken(_ generator: inout SplitMix64) -> String {
        let alphabet = Array("abcdefXYZ0123456789-_!#$%&'*+.^`|~")
        return String(
            (0..<Int.random(in: 1...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        )
    }

    /// Binary bytes with CRLFs and runs that look like the boundary but are not delimiters.
    static func randomBody(_ generator: inout SplitMix64, boundary: String) -> [UInt8] {
        let lookalikes: [[UInt8]] = [
            Array("\r\n--".utf8), Array("\r\n".utf8), Array("\r\n--\(boundary)X".utf8),
            Array("\r\n--\(boundary.dropLast())".utf8), Array("--\(boundary)\r\n".utf8), Array("\r\n--Boundary+".utf8),
            Array("\r\n--\(boundary)-x".utf8), Array("\r\n--\(boundary)\rx".utf8), [13], [10], [45, 45],
        ]
        var body: [UInt8] = []
        let pieces = Int.random(in: 0...8, using: &generator)
        for _ in 0..<pieces {
            if Bool.random(using: &generator) {
                body += lookalikes.randomElement(using: &generator)!
            } else {
                body += (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
            }
        }
        return removingDelimiters(body, boundary: boundary)
    }

    /// A real delimiter (CRLF `--B` then `-`, CR, space, tab or the end) may not be in a body.
    static func removingDelimiters(_ body: [UInt8], boundary: String) -> [UInt8] {
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var body = body
        var index = 0
        while index + delimiter.count <= body.count {
            if body[index] == 13, body[index..<index + delimiter.count].elementsEqual(delimiter) {
                let next = index + delimiter.count
                if next == body.count {
                    body.append(0x58)
                } else if [45, 13, 32, 9].contains(body[next]) {
                    body[next] = 0x58
                }
            }
            index += 1
        }
        return body
    }

    static func randomForm(seed: UInt64) -> (MultipartFormData, [[UInt8]]) {
        var generator = SplitMix64(seed: seed)
        let boundary =
            Bool.random(using: &generator)
            ? MultipartBoundary.random(using: &generator)
            : "alamofire.boundary.\(String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16))"
        var form = MultipartFormData(boundary: boundary)
        var bodies: [[UInt8]] = []
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let body = randomBody(&generator, boundary: boundary)
            bodies.append(body)
            switch [Kind.form, .file, .custom].randomElement(using: &generator)! {
            case .form:
                form.appendPart(formData: body, name: randomName(&generator))
            case .file:
                form.appendPart(
                    fileData: body,
                    name: randomName(&generator),
                    filename: randomName(&generator),
                    mimeType: "\(randomToken(&generator))/\(randomToken(&generator))"
                )
            case .custom:
                var headers = HTTPHeaders()
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    headers.add(name: randomToken(&generator), value: "v\(randomName(&generator))v")
                }
                form.appendPart(headers: headers, body: body)
            }
        }
        return (form, bodies)
    }

    @Test(arguments: 0..<200)
    func parseInvertsWrite(seed: Int) throws {
        let (form, bodies) = Self.randomForm(seed: UInt64(seed))
        let message = try form.encodedBytes()
        #expect(Int64(message.count) == form.contentLength, "seed \(seed)")
        let parser = try MultipartParser(contentType: form.contentType)
        let parts = try MultipartParser.parts(of: message, boundary: parser.boundary)
        #expect(parts.map(\.body) == bodies, "seed \(seed)")
        #expect(parts.map(\.head.headers) == form.parts.map(\.headers), "seed \(seed)")
        for (parsed, written) in zip(parts, form.parts) {
            let expected = ContentDisposition(parsing: written.headers["Content-Disposition"] ?? "")
            #expect(parsed.head.name == expected?.name, "seed \(seed)")
            #expect(parsed.head.filename == expected?.filename, "seed \(seed)")
        }
        let chunkSize = seed % 13 + 1
        let chunked = parse(message, boundary: form.boundary, chunking: .fixed(chunkSize))
        #expect(chunked == parse(message, boundary: form.boundary), "seed \(seed)")
    }

    @Test func smallFormsRoundTripAtEverySplitPoint() throws {
        let forms = (1000..<3000).lazy.map { Self.randomForm(seed: UInt64($0)).0 }.filter { $0.contentLength <= 600 }
        var tested = 0
        for form in forms.prefix(12) {
            let message = try form.encodedBytes()
            let whole = parse(message, boundary: form.boundary)
            #expect(whole.error == nil)
            #expect(whole.events.last == .end)
            for chunking in Chunking.all(for: message) {
                #expect(parse(message, boundary: form.boundary, chunking: chunking) == whole, "\(chunking)")
            }
            tested += 1
        }
        #expect(tested == 12)
    }

    /// Robustness M07 (Go TestParseAllSizes): every body size from 0 to 5 KiB, CRLF-rich, in odd chunks.
    @Test func everyBodySizeUpTo5KiB() throws {
        var generator = SplitMix64(seed: 5)
        let pool: [UInt8] = (0..<5120).map { _ in [13, 10, 45, 66, 0x41].randomElement(using: &generator)! }
        for size in 0...5120 {
            var form = MultipartFormData(boundary: "B")
            let body = Self.removingDelimiters(Array(pool[..<size]), boundary: "B")
            form.appendPart(formData: body, name: "n")
            let outcome = parse(try form.encodedBytes(), boundary: "B", chunking: .fixed(61))
            #expect(
                outcome
                    == ParseOutcome(
                        events: [
                            .partBegin(
                                MultipartPartHead(
                                    headers: ["Content-Disposition": "form-data; name=\"n\""],
                                    rawHeaders: Array("Content-Disposition: form-data; name=\"n\"\r\n".utf8)
                                )
                            )
                        ] + (body.isEmpty ? [] : [.body(body)]) + [.partEnd, .end],
                        error: nil
                    ),
                "size \(size)"
            )
        }
    }
}
