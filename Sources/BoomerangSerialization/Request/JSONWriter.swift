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
struct JSONWriter {
    var options: JSONWritingOptions

    private enum Work {
        case value(QueryValue, level: Int)
        case text([UInt8])
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
            case .text(let text):
                output.append(contentsOf: text)
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
                        closeEmpty("]", level: level, pretty: pretty, into: &output)
                        continue
                    }
                    stack.append(.text(closing("]", level: level, pretty: pretty)))
                    for (index, element) in elements.enumerated().reversed() {
                        stack.append(.value(element, level: level + 1))
                        stack.append(.text(opening(first: index == 0, level: level + 1, pretty: pretty)))
                    }
                case .dictionary(let dictionary):
                    output.append(UInt8(ascii: "{"))
                    if dictionary.isEmpty {
                        closeEmpty("}", level: level, pretty: pretty, into: &output)
                        continue
                    }
                    stack.append(.text(closing("}", level: level, pretty: pretty)))
                    let keys = dictionary.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
                    for (index, key) in keys.enumerated().reversed() {
                        stack.append(.value(dictionary[key]!, level: level + 1))
                        var prefix = opening(first: index == 0, level: level + 1, pretty: pretty)
                        writeString(key, into: &prefix)
                        prefix.append(contentsOf: (pretty ? " : " : ":").utf8)
                        stack.append(.text(prefix))
                    }
                }
            }
        }
        return output
    }

    private func opening(first: Bool, level: Int, pretty: Bool) -> [UInt8] {
        var text: [UInt8] = first ? [] : [UInt8(ascii: ",")]
        if pretty {
            text.append(UInt8(ascii: "\n"))
            text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
        }
        return text
    }

    private func closing(_ bracket: Character, level: Int, pretty: Bool) -> [UInt8] {
        var text: [UInt8] = []
        if pretty {
            text.append(UInt8(ascii: "\n"))
            text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
        }
        text.append(contentsOf: String(bracket).utf8)
        return text
    }

    private func closeEmpty(_ bracket: Character, level: Int, pretty: Bool, into output: inout [UInt8]) {
        if pretty {
            output.append(contentsOf: "\n\n".utf8)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
        }
        output.append(contentsOf: String(bracket).utf8)
    }

    private func writeString(_ text: String, into output: inout [UInt8]) {
        let escapesSlash = !options.contains(.withoutEscapingSlashes)
        let hex = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case UInt8(ascii: "/") where escapesSlash: output.append(contentsOf: [0x5C, 0x2F])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
