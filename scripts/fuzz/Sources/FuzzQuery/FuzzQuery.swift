import BoomerangSerialization

/// One libFuzzer input: a query string. Properties: the strict and lenient decoders never crash,
/// the lenient one accepts whatever the strict one accepts with the same pairs, and the tree
/// decoder stays within its limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let strict = QueryStringDecoder()
    let lenient = QueryStringDecoder(decodesPlusAsSpace: true, percentMode: .lenient)
    let strictPairs = try? strict.pairs(input)
    let lenientPairs = try? QueryStringDecoder(percentMode: .lenient).pairs(input)
    if let strictPairs {
        precondition(lenientPairs == strictPairs, "lenient decoding differs on a valid query")
    }
    _ = try? lenient.decode(input)
    _ = try? strict.decode(input)
    return 0
}
