import BoomerangSerialization

/// One libFuzzer input: a multipart body for the boundary `B0u`, whose first byte picks a split
/// point. Properties: parsing it whole, split in two and one byte at a time gives the same events
/// (body bytes merged) and the same error; every `.body` falls between `.partBegin` and `.partEnd`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let configuration = MultipartParserConfiguration(maxPartCount: 20, maxHeaderCount: 4, maxHeaderLineBytes: 128, maxHeaderBytes: 256)
    let whole = MultipartRun(configuration, [input[...]])
    let bytewise = MultipartRun(configuration, input.indices.map { input[$0...$0] })
    precondition(whole == bytewise, "byte-by-byte parsing differs")
    if let first = input.first {
        let cut = Int(first) % (input.count + 1)
        precondition(whole == MultipartRun(configuration, [input[..<cut], input[cut...]]), "split parsing differs")
    }
    var open = false
    for event in whole.events {
        switch event {
        case .partBegin: precondition(!open, "a part began inside a part"); open = true
        case .body: precondition(open, "body bytes outside a part")
        case .partEnd: precondition(open, "a part ended that never began"); open = false
        case .end: precondition(!open, "the message ended inside a part")
        }
    }
    return 0
}

struct MultipartRun: Equatable {
    var events: [MultipartEvent] = []
    var error: MultipartParserError?

    init(_ configuration: MultipartParserConfiguration, _ pieces: [ArraySlice<UInt8>]) {
        do {
            var parser = try MultipartParser(boundary: "B0u", configuration: configuration)
            for piece in pieces {
                try parser.parse(Array(piece)) { MultipartRun.collect($0, into: &events) }
            }
            try parser.finish { MultipartRun.collect($0, into: &events) }
        } catch {
            self.error = error
        }
    }

    static func collect(_ event: MultipartParser.Event, into events: inout [MultipartEvent]) {
        switch event {
        case .partBegin(let head): events.append(.partBegin(head))
        case .body(let bytes):
            if case .body(let previous) = events.last {
                events[events.count - 1] = .body(previous + Array(bytes))
            } else {
                events.append(.body(Array(bytes)))
            }
        case .partEnd: events.append(.partEnd)
        case .end: events.append(.end)
        }
    }
}
