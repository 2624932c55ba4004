import BoomerangSerialization
import Foundation

/// Foundation's `PropertyListSerialization`, the reader's oracle in tests: what it reads, mapped to
/// a ``StructuredValue`` the way `PropertyListReader` maps (and mapped before it had its own
/// readers). On malformed input Foundation leaks its error on Linux (scripts/sanitize/lsan.supp).
enum PropertyListFoundationOracle {
    /// The value and flavour Foundation reads, or `nil` when it refuses the input or the value
    /// holds something a ``StructuredValue`` cannot.
    static func read(_ bytes: [UInt8]) -> (value: StructuredValue, format: PropertyListReader.Format)? {
        var format = PropertyListSerialization.PropertyListFormat.xml
        guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format),
            let value = convert(object)
        else { return nil }
        switch format {
        case .binary: return (value, .binary)
        case .openStep: return (value, .openStep)
        default: return (value, .xml)
        }
    }

    private static func convert(_ object: Any) -> StructuredValue? {
        if type(of: object) == Bool.self, let flag = object as? Bool { return .bool(flag) }
        switch object {
        case let text as String: return .string(text)
        case let data as Data: return .data([UInt8](data))
        case let date as Date: return .date(date)
        case let number as NSNumber:
            switch UInt8(bitPattern: number.objCType.pointee) {
            case UInt8(ascii: "c"), UInt8(ascii: "B"): return .bool(number.boolValue)
            case UInt8(ascii: "f"), UInt8(ascii: "d"): return .double(number.doubleValue)
            case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
                let unsigned = number.uint64Value
                return unsigned <= UInt64(Int64.max) ? .int(Int64(unsigned)) : .double(Double(unsigned))
            default: return .int(number.int64Value)
            }
        case let array as [Any]:
            var elements: [StructuredValue] = []
            for element in array {
                guard let value = convert(element) else { return nil }
                elements.append(value)
            }
            return .array(elements)
        case let dictionary as [AnyHashable: Any]:
            var pairs: [(String, StructuredValue)] = []
            for (key, element) in dictionary {
                guard let key = key.base as? String, let value = convert(element) else { return nil }
                pairs.append((key, value))
            }
            pairs.sort { $0.0.utf16.lexicographicallyPrecedes($1.0.utf16) }
            return .object(StructuredObject(pairs))
        default:
            return nil
        }
    }
}
