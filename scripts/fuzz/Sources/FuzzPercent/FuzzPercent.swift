import BoomerangSerialization

/// One libFuzzer input: percent-encoded text. Properties: strict decoding never crashes and never
/// grows the input; what it decodes (as UTF-8 text) re-encodes and decodes to the same text; lenient
/// decoding accepts everything.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPercent(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    if let bytes = try? PercentDecoder().decode(input) {
        precondition(bytes.count <= input.count, "decoding grew the input")
    }
    if let text = try? PercentDecoder(decodesPlusAsSpace: true).decodeString(input) {
        let encoded = PercentEncoder().encode(text)
        precondition((try? PercentDecoder().decodeString(encoded)) == text, "encode then decode differs")
    }
    precondition((try? PercentDecoder(mode: .lenient).decode(input)) != nil, "lenient decoding refused")
    return 0
}
