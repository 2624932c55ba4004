import BoomerangSerialization

/// One libFuzzer input: a property list, XML or binary (`bplist00`); the first byte picks which
/// prefix is added so both readers are reached. Property: no crash, no hang, an error or a value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Array(UnsafeBufferPointer(start: data, count: size))
    if let first = input.first, first & 1 == 1 {
        input = Array("bplist00".utf8) + input.dropFirst()
    }
    _ = try? PropertyListReader().read(input)
    return 0
}
