import BoomerangSerialization
import BoomerangWire

/// One libFuzzer input: the bytes a client sends on a connection (heads, bodies, pipelined
/// requests). Property: parsing them whole, one byte at a time and split at a point chosen by the
/// first byte gives the same events and the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let configuration = HTTPParserConfiguration(
        maxRequestLineBytes: 512, maxHeaderBytes: 2048, maxHeaderCount: 32, maxBodyBytes: 4096, keepsTrailers: true)
    let whole = HTTPWireRun(configuration, [input[...]])
    let bytewise = HTTPWireRun(configuration, input.indices.map { input[$0...$0] })
    precondition(whole == bytewise, "byte-by-byte parsing differs")
    if let first = input.first, !input.isEmpty {
        let cut = Int(first) % (input.count + 1)
        precondition(whole == HTTPWireRun(configuration, [input[..<cut], input[cut...]]), "split parsing differs")
    }
    return 0
}

/// The heads, bodies and trailers a parser finds in some pieces of input, and its error.
struct HTTPWireRun: Equatable {
    var heads: [HTTPRequestHead] = []
    var bodies: [[UInt8]] = []
    var trailers: [HTTPHeaders] = []
    var error: HTTPParseError?

    /// Errors compare by code and offset: the excerpt is taken from the piece at hand.
    static func == (a: HTTPWireRun, b: HTTPWireRun) -> Bool {
        a.heads == b.heads && a.bodies == b.bodies && a.trailers == b.trailers && a.error?.code == b.error?.code
            && a.error?.offset == b.error?.offset
    }

    init(_ configuration: HTTPParserConfiguration, _ pieces: [ArraySlice<UInt8>]) {
        var parser = HTTPRequestParser(configuration: configuration)
        var pending: [UInt8] = []
        do {
            for piece in pieces {
                pending += piece
                while true {
                    let (event, consumed) = try pending.withUnsafeBytes { try parser.parse($0) }
                    switch event {
                    case .head(let head):
                        heads.append(head)
                        bodies.append([])
                    case .body(let range):
                        bodies[bodies.count - 1] += pending[range]
                    case .end(let fields):
                        trailers.append(fields)
                    case nil:
                        break
                    }
                    pending.removeFirst(consumed)
                    if event == nil { break }
                }
            }
            try parser.finish()
        } catch let error as HTTPParseError {
            self.error = error
        } catch {
            preconditionFailure("not an HTTPParseError: \(error)")
        }
    }
}
