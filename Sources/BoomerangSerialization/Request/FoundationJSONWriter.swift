/// Writes a ``QueryValue`` as JSON text the way Foundation's `JSONSerialization` does on Linux.
///
/// - strings: `"` and `\` escaped, `/` as `\/` (unless ``JSONWritingOptions/withoutEscapingSlashes``),
///   `\b \f \n \r \t`, other control characters as `\u00xx` (lowercase hex), everything else as
///   UTF-8 (U+2028 and DEL included);
/// - numbers: integers in decimal, doubles per ``QueryValue/format(_:)`` (`1`, `1.5`, `1e+16`);
/// - Booleans `true`/`false`, null `null`;
/// - keys sorted ordinally by UTF-16 code unit.
///
/// NaN, infinities, sets and data are not JSON. The writer uses an explicit stack, so any depth
/// is safe.
///
/// This is not ``JSONWriter``: that one renders documents the way httpbin does (no `\/`, its own
/// pretty layout); this one reproduces the bytes an AFNetworking client puts in a request body.
struct FoundationJSONWriter {
    var options: JSONWritingOptions

    private enum Work {
        case value(QueryValue, level: Int)
        case member(key: String, value: QueryValue, first: Bool, level: Int)
        case element(QueryValue, first: Bool, level: Int)
        case close(UInt8, level: Int)
    }

    /// Checks that `value` is valid JSON, as `JSONSerialization.isValidJSONObject` does.
    ///
    /// - Returns: `nil` when valid, otherwise a description of the first offending value.
    func invalidValue(in value: QueryValue) -> String? {
        if !options.contains(.fragmentsAllowed) {
            switch value {
            case .array, .dictionary: break
            case .set: return "set"
            case .null: return "top-level null"
            case .string: return "top-level string"
            case .int, .double: return "top-level number"
            case .bool: return "top-level bool"
            case .data: return "data"
            }
        }
        var stack = [value]
        while let next = stack.popLast() {
            switch next {
            case .double(let number) where !number.isFinite:
                return QueryValue.format(number)
            case .set:
                return "set"
            case .data:
                return "data"
            case .array(let elements):
                stack.append(contentsOf: elements)
            case .dictionary(let dictionary):
                stack.append(contentsOf: dictionary.values)
            default:
                break
            }
        }
        return nil
    }

    /// The JSON text of `value`, which must be valid (see ``invalidValue(in:)``).
    func write(_ value: QueryValue) -> [UInt8] {
        let pretty = options.contains(.prettyPrinted)
        var output: [UInt8] = []
        var stack: [Work] = [.value(value, level: 0)]
        while let work = stack.popLast() {
            switch work {
            case .close(let bracket, let level):
                if pretty { newline(level: level, into: &output) }
                output.append(bracket)
            case .member(let key, let value, let first, let level):
                if !first { output.append(UInt8(ascii: ",")) }
                if pretty { newline(level: level, into: &output) }
                writeString(key, into: &output)
                if pretty {
                    output.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
                } else {
                    output.append(UInt8(ascii: ":"))
                }
                stack.append(.value(value, level: level))
            case .element(let value, let first, let level):
                if !first { output.append(UInt8(ascii: ",")) }
                if pretty { newline(level: level, into: &output) }
                stack.append(.value(value, level: level))
            case .value(let value, let level):
                switch value {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .int(let number): output.append(contentsOf: String(number).utf8)
                case .double(let number): output.append(contentsOf: QueryValue.format(number).utf8)
                case .string(let text): writeString(text, into: &output)
                case .data(let bytes): writeString(Base64.encode(bytes), into: &output)
                case .array(let elements), .set(let elements):
                    output.append(UInt8(ascii: "["))
                    if elements.isEmpty {
                        closeEmpty(UInt8(ascii: "]"), level: level, pretty: pretty, into: &output)
                        continue
                    }
                    stack.append(.close(UInt8(ascii: "]"), level: level))
                    var index = elements.count
                    while index > 0 {
                        index -= 1
                        stack.append(.element(elements[index], first: index == 0, level: level + 1))
                    }
                case .dictionary(let dictionary):
                    output.append(UInt8(ascii: "{"))
                    if dictionary.isEmpty {
                        closeEmpty(UInt8(ascii: "}"), level: level, pretty: pretty, into: &output)
                        continue
                    }
                    stack.append(.close(UInt8(ascii: "}"), level: level))
                    let entries = dictionary.sorted { UTF16Order.precedes($0.key, $1.key) }
                    var index = entries.count
                    while index > 0 {
                        index -= 1
                        let entry = entries[index]
                        stack.append(.member(key: entry.key, value: entry.value, first: index == 0, level: level + 1))
                    }
                }
            }
        }
        return output
    }

    private func newline(level: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }

    private func closeEmpty(_ bracket: UInt8, level: Int, pretty: Bool, into output: inout [UInt8]) {
        if pretty {
            output.append(UInt8(ascii: "\n"))
            newline(level: level, into: &output)
        }
        output.append(bracket)
    }

    private func writeString(_ text: String, into output: inout [UInt8]) {
        let escapesSlash = !options.contains(.withoutEscapingSlashes)
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (byte == UInt8(ascii: "/") && escapesSlash) else {
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0x00..<0x20:
                    output.append(contentsOf: "u00".utf8)
                    output.append(Hex.lowercaseDigit(byte >> 4))
                    output.append(Hex.lowercaseDigit(byte))
                default: output.append(byte)
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            output.append(UInt8(ascii: "\""))
        }
    }
}
