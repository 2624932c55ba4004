import Foundation

/// Reads an XML, binary or OpenStep property list into a ``StructuredValue`` through Foundation's
/// `PropertyListSerialization`, after a size check.
///
/// Mapping: dictionaries become objects with keys **sorted by UTF-16 code units** (a property list
/// dictionary has no order; this is the order ``PropertyListXMLWriter`` writes), `<true/>`/`<false/>`
/// become `bool`, `<integer>` becomes `int` (values above `Int64.max` become `double`), `<real>`
/// becomes `double`, `<data>` becomes `data`, `<date>` becomes `date`.
public struct PropertyListReader: Sendable {
    /// The property-list flavour that was read.
    public enum Format: Sendable, Hashable {
        /// `<?xml … <plist>`.
        case xml
        /// `bplist00`.
        case binary
        /// The old NeXT text format.
        case openStep
    }

    /// The limits.
    public var configuration: PropertyListReaderConfiguration

    /// Creates a reader.
    public init(configuration: PropertyListReaderConfiguration = PropertyListReaderConfiguration()) {
        self.configuration = configuration
    }

    /// Reads a property list.
    ///
    /// - Throws: ``PropertyListReadError``.
    public func read(_ bytes: [UInt8]) throws(PropertyListReadError) -> StructuredValue {
        try readWithFormat(bytes).value
    }

    /// Reads a property list and reports its flavour.
    ///
    /// - Throws: ``PropertyListReadError``.
    public func readWithFormat(_ bytes: [UInt8]) throws(PropertyListReadError) -> (value: StructuredValue, format: Format) {
        guard bytes.count <= configuration.maxInputBytes else {
            throw PropertyListReadError(code: .inputTooLarge, value: "", offset: configuration.maxInputBytes)
        }
        guard !bytes.isEmpty else {
            throw PropertyListReadError(code: .emptyInput, value: "")
        }
        if let refusal = BinaryPropertyListScreen.refusal(bytes) { throw refusal }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            let nsError = error as NSError
            let reason = nsError.userInfo["NSDebugDescription"] as? String ?? nsError.localizedDescription
            throw PropertyListReadError(code: .malformed, value: reason)
        }
        let value = try convert(object, depth: 0)
        let flavour: Format
        switch format {
        case .binary: flavour = .binary
        case .openStep: flavour = .openStep
        default: flavour = .xml
        }
        return (value, flavour)
    }

    private func convert(_ object: Any, depth: Int) throws(PropertyListReadError) -> StructuredValue {
        if type(of: object) == Bool.self, let flag = object as? Bool {
            return .bool(flag)
        }
        switch object {
        case let text as String:
            return .string(text)
        case let data as Data:
            return .data([UInt8](data))
        case let date as Date:
            return .date(date)
        case let number as NSNumber:
            return try convert(number)
        case let array as [Any]:
            guard depth < configuration.maxDepth else {
                throw PropertyListReadError(code: .depthLimitExceeded, value: "")
            }
            var elements: [StructuredValue] = []
            elements.reserveCapacity(array.count)
            for element in array {
                elements.append(try convert(element, depth: depth + 1))
            }
            return .array(elements)
        case let dictionary as [AnyHashable: Any]:
            guard depth < configuration.maxDepth else {
                throw PropertyListReadError(code: .depthLimitExceeded, value: "")
            }
            var pairs: [(String, Any)] = []
            pairs.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let key = key.base as? String else {
                    throw PropertyListReadError(code: .unsupportedValue, value: "\(type(of: key.base))")
                }
                pairs.append((key, element))
            }
            pairs.sort { $0.0.utf16.lexicographicallyPrecedes($1.0.utf16) }
            var result = StructuredObject(minimumCapacity: pairs.count)
            for (key, element) in pairs {
                result.updateValue(try convert(element, depth: depth + 1), forKey: key)
            }
            return .object(result)
        default:
            throw PropertyListReadError(code: .unsupportedValue, value: "\(type(of: object))")
        }
    }

    private func convert(_ number: NSNumber) throws(PropertyListReadError) -> StructuredValue {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            return .bool(number.boolValue)
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            return .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
            let unsigned = number.uint64Value
            return unsigned <= UInt64(Int64.max) ? .int(Int64(unsigned)) : .double(Double(unsigned))
        default:
            return .int(number.int64Value)
        }
    }
}
