import BoomerangSamples
import BoomerangSerialization
import BoomerangWire
import Testing

@testable import BoomerangSerialization

/// parse(write(request)) gives back the request: method, target, headers (plus Host and the
/// framing field the writer adds) and the exact body bytes.
@Suite struct HTTPRequestWriterRoundTripTests {
    struct Sample {
        var request: HTTPRequest
        var target: String
        var expectedHeaders: HTTPHeaders
        var body: [UInt8]
    }

    static func string(_ alphabet: String, count: ClosedRange<Int>, using rng: inout SplitMix64) -> String {
        let characters = Array(alphabet)
        return String((0..<Int.random(in: count, using: &rng)).map { _ in characters.randomElement(using: &rng)! })
    }

    static func sample(seed: UInt64) -> Sample {
        var rng = SplitMix64(seed: seed)
        let lower = "abcdefghijklmnopqrstuvwxyz"
        let unreserved = lower + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
        let host = string(lower, count: 1...10, using: &rng) + (Bool.random(using: &rng) ? ".example" : "")
        let scheme = Bool.random(using: &rng) ? "http" : "https"
        let port = [nil, "80", "443", "8080", String(Int.random(in: 1...65535, using: &rng))].randomElement(using: &rng)!
        var path = ""
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            path += "/" + string(unreserved + "%20!$&'()*+,;=:@", count: 0...12, using: &rng)
        }
        var query = ""
        if Bool.random(using: &rng) {
            query = "?" + string(unreserved + "=&%2F/?", count: 0...30, using: &rng)
        }
        let url = "\(scheme)://\(host)\(port.map { ":" + $0 } ?? "")\(path)\(query)"
        let isDefaultPort = port == nil || (scheme == "http" && port == "80") || (scheme == "https" && port == "443")
        let hostValue = isDefaultPort ? host : "\(host):\(port!)"

        var headers = HTTPHeaders()
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
            let name = "X-" + string(unreserved + "!#$%&'*+^_`|", count: 1...12, using: &rng)
            var value = string(unreserved + " \t\"(),/:;<=>?@[\\]{}", count: 0...40, using: &rng)
            if Int.random(in: 0..<4, using: &rng) == 0 {
                value += "café ☃"
            }
            while let last = value.last, last == " " || last == "\t" { value.removeLast() }
            while let first = value.first, first == " " || first == "\t" { value.removeFirst() }
            headers.add(name: name, value: value)
        }

        let methods: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .options, HTTPMethod("PURGE"), HTTPMethod("X-CUSTOM")]
        let method = methods.randomElement(using: &rng)!
        let bodyBytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let maxPiece = Int.random(in: 1...64, using: &rng)
        let kind = Int.random(in: 0..<4, using: &rng)
        let body: RequestBody
        switch kind {
        case 0: body = .none
        case 1: body = .bytes(bodyBytes)
        case 2: body = .stream(.memory(bodyBytes, declaring: Int64(bodyBytes.count), maxPiece: maxPiece))
        default: body = .stream(.memory(bodyBytes, declaring: nil, maxPiece: maxPiece))
        }

        var expected = HTTPHeaders()
        expected.add(name: "Host", value: hostValue)
        for field in headers {
            expected.add(name: field.name, value: field.value)
        }
        switch kind {
        case 0:
            if [HTTPMethod.post, .put, .patch].contains(method) {
                expected.add(name: "Content-Length", value: "0")
            }
        case 3:
            expected.add(name: "Transfer-Encoding", value: "chunked")
        default:
            expected.add(name: "Content-Length", value: String(bodyBytes.count))
        }
        return Sample(
            request: HTTPRequest(method: method, url: url, headers: headers, body: body),
            target: (path.isEmpty ? "/" : path) + query,
            expectedHeaders: expected,
            body: kind == 0 ? [] : bodyBytes
        )
    }

    @Test(arguments: 0..<200 as Range<UInt64>)
    func parseOfWriteGivesTheRequestBack(seed: UInt64) throws {
        let sample = Self.sample(seed: seed)
        let writer = HTTPRequestWriter(bodyChunkSize: Int(seed % 50) + 1)
        let bytes = try writer.message(for: sample.request)
        var feeds: [Feed] = [.whole, .byteByByte]
        if bytes.count <= 400 {
            feeds += (1..<bytes.count).map { Feed.split(at: $0) }
        } else {
            feeds += [.chunks(of: 7), .split(at: bytes.count / 2)]
        }
        for feed in feeds {
            let run = HTTPRequestParser.run(bytes, feed: feed, finishing: true)
            #expect(run.error == nil, "seed \(seed), \(feed)")
            #expect(run.requests.count == 1, "seed \(seed), \(feed)")
            guard let parsed = run.requests.first else { return }
            #expect(parsed.head.method == sample.request.method, "seed \(seed)")
            #expect(parsed.head.target == sample.target, "seed \(seed)")
            #expect(parsed.head.headers == sample.expectedHeaders, "seed \(seed)")
            #expect(parsed.body == sample.body, "seed \(seed), \(feed)")
            #expect(run.idle, "seed \(seed)")
        }
    }
}
