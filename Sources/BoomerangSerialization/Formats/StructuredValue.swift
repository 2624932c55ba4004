public import FoundationEssentials

/// A rendered document as a tree: what the server echoes, in any of its response formats.
///
/// The cases cover the union of JSON and property-list values. Formats that lack a case render it
/// in a documented way: JSON writes `data` as base64 (or a data URL) and `date` as an ISO 8601
/// string; property lists have no `null` (see ``PropertyListNullStrategy``).
///
/// ```swift
/// let echo: StructuredValue = ["args": [:], "json": nil, "origin": "127.0.0.1"]
/// let bytes = try JSONWriter(configuration: .pretty).write(echo)
/// ```
public enum StructuredValue: Sendable, Hashable {
    /// No value: JSON `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A signed 64-bit integer.
    case int(Int64)
    /// A double-precision number.
    case double(Double)
    /// A Unicode string.
    case string(String)
    /// Raw bytes.
    case data([UInt8])
    /// A point in time (property lists carry it natively; JSON and XML write ISO 8601 text).
    case date(Date)
    /// An ordered list.
    case array([StructuredValue])
    /// An object whose keys keep their insertion order.
    case object(StructuredObject)
}

extension StructuredValue {
    /// The object, when this value is one.
    public var objectValue: StructuredObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements, when this value is an array.
    public var arrayValue: [StructuredValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string, when this value is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The value for `key` when this value is an object; `nil` otherwise or when the key is absent.
    public subscript(key: String) -> StructuredValue? {
        objectValue?[key]
    }
}

extension StructuredValue: ExpressibleByNilLiteral {
    /// Creates ``null``.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension StructuredValue: ExpressibleByBooleanLiteral {
    /// Creates a ``bool(_:)``.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension StructuredValue: ExpressibleByIntegerLiteral {
    /// Creates an ``int(_:)``.
    public init(integerLiteral value: Int64) {
        self = .int(value)
    }
}

extension StructuredValue: ExpressibleByFloatLiteral {
    /// Creates a ``double(_:)``.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension StructuredValue: ExpressibleByStringLiteral {
    /// Creates a ``string(_:)``.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension StructuredValue: ExpressibleByArrayLiteral {
    /// Creates an ``array(_:)``.
    public init(arrayLiteral elements: StructuredValue...) {
        self = .array(elements)
    }
}

extension StructuredValue: ExpressibleByDictionaryLiteral {
    /// Creates an ``object(_:)`` with the keys in the order written.
    ///
    /// - Precondition: no key appears twice.
    public init(dictionaryLiteral elements: (String, StructuredValue)...) {
        var object = StructuredObject(minimumCapacity: elements.count)
        for (key, value) in elements {
            object.append(value, forKey: key)
        }
        self = .object(object)
    }
}
