import BoomerangHTTP2Wire

/// One libFuzzer input: the frames a client sends after the connection preface, through
/// `HTTP2Session` whole and in two pieces split where the first byte says; every request that
/// ends is answered (a body and trailers, streamed), as the server will.
///
/// Properties checked (a broken one traps, and libFuzzer saves the input):
/// - an error's offset is where one of the pieces starts;
/// - events name client streams only (odd ids), a request's head before its body and end;
/// - the two feedings give the same events and the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP2(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
    let input = preface + Array(UnsafeBufferPointer(start: data, count: size))
    let split = preface.count + (size > 0 ? Int(data[0]) % (size + 1) : 0)
    let whole = feed([input[...]])
    let pieces = feed([input[..<split], input[split...]])
    precondition(whole.events == pieces.events, "events differ with the input split at \(split)")
    precondition(whole.error?.code == pieces.error?.code, "errors differ with the input split at \(split)")
    return 0
}

private func feed(_ pieces: [ArraySlice<UInt8>]) -> (events: [HTTP2Event], error: HTTP2Error?) {
    guard let session = try? HTTP2Session() else { preconditionFailure("no session") }
    var events: [HTTP2Event] = []
    var heads: Set<Int32> = []
    var offset = 0
    do throws(HTTP2Error) {
        _ = try session.takeOutput()
        for piece in pieces {
            let start = offset
            offset += piece.count
            let found: [HTTP2Event]
            do {
                found = try Array(piece).withUnsafeBytes { try session.receive($0) }
            } catch let error as HTTP2Error {
                precondition(error.offset == start, "error at \(error.offset), the piece starts at \(start)")
                return (events, error)
            } catch {
                preconditionFailure("\(error)")
            }
            for event in found {
                events.append(event)
                switch event {
                case .request(let head):
                    precondition(head.streamID > 0 && head.streamID % 2 == 1, "request on stream \(head.streamID)")
                    heads.insert(head.streamID)
                case .body(let stream, let bytes):
                    precondition(heads.contains(stream), "body before the head on \(stream)")
                    session.consume(stream: stream, count: bytes.count)
                case .requestEnded(let stream):
                    guard heads.contains(stream) else { break }
                    try session.respond(stream: stream, status: 200, fields: [HTTP2Field("content-type", "text/plain")], body: .streamed)
                    try session.send(stream: stream, Array("echo".utf8))
                    try session.finish(stream: stream, trailers: [HTTP2Field("x-done", "1")])
                default:
                    break
                }
            }
            _ = try session.takeOutput()
        }
    } catch {
        return (events, error)
    }
    return (events, nil)
}
