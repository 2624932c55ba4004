import BoomerangSerialization

/// One libFuzzer input: the first byte is a selector, the rest the document; an odd selector puts
/// a `bplist00` header in front, so the binary reader is reached as often as the text ones (XML
/// when the text starts with `<`, OpenStep otherwise); selector bit 1 (of an even selector) puts
/// a UTF-16LE byte-order mark in front instead. Properties: no crash, no hang; an error
/// carries an offset within the input (or none only for the empty input); a value that was read,
/// written again by `BinaryPropertyListWriter`, reads back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    var input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 1 == 1 {
        input = Array("bplist00".utf8) + input
    } else if data[0] & 2 == 2 {
        input = [0xFF, 0xFE] + input
    }
    let reader = PropertyListReader()
    let value: StructuredValue
    do {
        value = try reader.read(input)
    } catch {
        guard let offset = error.offset else {
            precondition(input.isEmpty, "no offset: \(error)")
            return 0
        }
        precondition(offset >= 0 && offset <= input.count, "offset \(offset) outside \(input.count) bytes: \(error)")
        return 0
    }
    var budget = 10_000
    guard isSmall(value, budget: &budget), !containsNaN(value), let written = try? BinaryPropertyListWriter().write(value) else { return 0 }
    do {
        let again = try reader.read(written)
        precondition(again == value, "binary round trip changed \(value) into \(again)")
    } catch {
        preconditionFailure("binary round trip refused \(value): \(error)")
    }
    return 0
}

private func containsNaN(_ value: StructuredValue) -> Bool {
    switch value {
    case .double(let number): return number.isNaN
    case .array(let elements): return elements.contains(where: containsNaN)
    case .object(let object): return object.entries.contains { containsNaN($0.value) }
    default: return false
    }
}

/// Whether the tree has at most `budget` values (shared binary references expand here).
private func isSmall(_ value: StructuredValue, budget: inout Int) -> Bool {
    budget -= 1
    guard budget >= 0 else { return false }
    switch value {
    case .array(let elements):
        for element in elements where !isSmall(element, budget: &budget) { return false }
    case .object(let object):
        for entry in object.entries where !isSmall(entry.value, budget: &budget) { return false }
    default:
        break
    }
    return true
}
