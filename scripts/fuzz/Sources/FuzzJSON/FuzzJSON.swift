import BoomerangSerialization

/// One libFuzzer input: a JSON text. Properties: no crash; `validate` accepts exactly what
/// `parse` accepts and throws the same error otherwise; a text that parses, written back by the
/// JSON writer, parses to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let parsed = Result { () throws(JSONParseError) in try JSONParser().parse(input) }
    let validated = Result { () throws(JSONParseError) in try JSONParser().validate(input) }
    switch (parsed, validated) {
    case (.success, .success): break
    case (.failure(let parseError), .failure(let validateError)):
        precondition(parseError == validateError, "validate threw \(validateError), parse \(parseError)")
    default:
        preconditionFailure("validate and parse disagree: \(parsed), \(validated)")
    }
    guard case .success(let value) = parsed, let written = try? JSONWriter().write(value) else { return 0 }
    let again = try? JSONParser().parse(written)
    precondition(again == value, "a parsed value written back parses differently")
    return 0
}
