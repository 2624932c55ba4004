import BoomerangSerialization
import BoomerangWire

/// One libFuzzer input: a chunked request body after a fixed head. Properties: parsing it whole
/// and one byte at a time gives the same body, trailers and error; an accepted body is never
/// longer than its encoding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChunked(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let head = Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    let input = head + Array(UnsafeBufferPointer(start: data, count: size))
    let configuration = HTTPParserConfiguration(
        maxBodyBytes: 4096, maxChunkExtensionBytes: 256, maxTotalChunkExtensionBytes: 1024, keepsTrailers: true)
    let whole = ChunkedRun(configuration, [input[...]])
    let bytewise = ChunkedRun(configuration, input.indices.map { input[$0...$0] })
    precondition(whole == bytewise, "byte-by-byte decoding differs")
    precondition(whole.body.count <= size, "a body longer than its encoding")
    return 0
}

struct ChunkedRun: Equatable {
    var body: [UInt8] = []
    var trailers: [HTTPHeaders] = []
    var errorCode: HTTPParseError.Code?
    var errorOffset: Int?

    init(_ configuration: HTTPParserConfiguration, _ pieces: [ArraySlice<UInt8>]) {
        var parser = HTTPRequestParser(configuration: configuration)
        var pending: [UInt8] = []
        do {
            for piece in pieces {
                pending += piece
                while true {
                    let (event, consumed) = try pending.withUnsafeBytes { try parser.parse($0) }
                    if case .body(let range) = event { body += pending[range] }
                    if case .end(let fields) = event { trailers.append(fields) }
                    pending.removeFirst(consumed)
                    if event == nil { break }
                }
            }
            try parser.finish()
        } catch let error as HTTPParseError {
            errorCode = error.code
            errorOffset = error.offset
        } catch {
            preconditionFailure("not an HTTPParseError: \(error)")
        }
    }
}
