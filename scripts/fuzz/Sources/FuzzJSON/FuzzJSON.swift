import BoomerangSerialization

/// One libFuzzer input: a JSON text. Properties: no crash; a text that parses, written back by
/// the JSON writer, parses to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONParser().parse(input) else { return 0 }
    guard let written = try? JSONWriter().write(value) else { return 0 }
    let again = try? JSONParser().parse(written)
    precondition(again == value, "a parsed value written back parses differently")
    return 0
}
