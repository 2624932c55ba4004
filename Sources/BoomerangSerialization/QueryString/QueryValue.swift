/// A parameter value for the query-string, JSON and property-list serializers: a tree, not `Any`.
///
/// The cases mirror what AFNetworking accepts in its `parameters` dictionary (`NSString`,
/// `NSNumber`, `NSNull`, `NSData`, `NSArray`, `NSSet`, `NSDictionary`).
///
/// ## Query-string encoding (``QueryStringEncoder``)
/// - ``dictionary(_:)``: keys sorted by text at every level, child keys `key[child]`;
/// - ``array(_:)``: order kept, child keys `key[]` (or per ``QueryStringConfiguration/ArrayStyle``);
/// - ``set(_:)``: elements sorted by their text, the key repeated with no `[]` (`s=a&s=b`);
/// - ``null``: the escaped key alone, no `=`;
/// - an empty container: nothing at all, the key vanishes.
///
/// ## What a round trip through the query string loses
/// `QueryStringDecoder.decode(QueryStringEncoder.encode(x)) == x` holds when every leaf is a
/// ``string(_:)`` or ``null`` and none of these shapes occur, because the text cannot tell them apart:
/// - ``int(_:)``, ``double(_:)``, ``bool(_:)`` and ``data(_:)`` come back as strings
///   (`1`, `1.5`, `1`/`0`, base64);
/// - empty arrays, sets and dictionaries vanish;
/// - a set comes back as an array (repeated keys); a one-element set comes back as a plain value;
/// - arrays of arrays flatten (`k[][]=1&k[][]=2`), and arrays of dictionaries are read one element
///   per pair (`k[][a]=1&k[][b]=2` is `[{a:1},{b:2}]`);
/// - a dictionary key that is empty, contains `[` or `]`, or (below the top level) is a decimal
///   number no larger than the array-index limit reads back as bracket syntax or an index;
/// - a top-level value that is not a dictionary encodes with an empty key (`=value`, `(null)[]=…`)
///   and comes back inside a dictionary.
public enum QueryValue: Sendable, Hashable {
    /// No value: AFNetworking's `NSNull`.
    case null
    /// Text.
    case string(String)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A Boolean: `1`/`0` in a query string by default, `true`/`false` in JSON.
    case bool(Bool)
    /// Raw bytes: base64 in a query string, `<data>` in a property list, invalid in JSON.
    case data([UInt8])
    /// An ordered list.
    case array([QueryValue])
    /// An unordered collection: sorted by text when encoded, invalid in JSON. Duplicates are kept
    /// as given; pass distinct elements, as an `NSSet` would hold.
    case set([QueryValue])
    /// Named values.
    case dictionary([String: QueryValue])

    /// Whether the value is a leaf (not an array, set or dictionary).
    public var isLeaf: Bool {
        switch self {
        case .array, .set, .dictionary: false
        default: true
        }
    }

    /// The text AFNetworking would render for a leaf (its Objective-C `description`, pinned to
    /// Darwin's output): strings as they are, numbers per ``QueryValue/format(_:)``, Booleans
    /// `1`/`0`, data as base64, `nil` for ``null`` and for containers.
    public var leafText: String? {
        leafText(boolStyle: .numeric)
    }

    func leafText(boolStyle: QueryStringConfiguration.BoolStyle) -> String? {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): QueryValue.format(number)
        case .bool(let flag):
            switch boolStyle {
            case .numeric: flag ? "1" : "0"
            case .literal: flag ? "true" : "false"
            }
        case .data(let bytes): Base64.encode(bytes)
        case .null, .array, .set, .dictionary: nil
        }
    }

    /// Formats a `Double` as Darwin's `NSNumber` prints it in a query string, and as Foundation's
    /// `JSONSerialization` writes it on both platforms.
    ///
    /// Swift's shortest round-trip form with a trailing `.0` removed: `1.0` → `1`, `-0.0` → `-0`,
    /// `1.5` → `1.5`, `1e16` → `1e+16`, `1e-7` → `1e-07`, `.nan` → `nan`, `.infinity` → `inf`.
    /// Linux `NSNumber` prints `1.0`; the core pins Darwin's `1` on every platform.
    public static func format(_ number: Double) -> String {
        let text = number.description
        if text.hasSuffix(".0") {
            return String(text.dropLast(2))
        }
        return text
    }
}

extension QueryValue: ExpressibleByStringLiteral {
    /// Creates a ``string(_:)``.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension QueryValue: ExpressibleByIntegerLiteral {
    /// Creates an ``int(_:)``.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension QueryValue: ExpressibleByFloatLiteral {
    /// Creates a ``double(_:)``.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension QueryValue: ExpressibleByBooleanLiteral {
    /// Creates a ``bool(_:)``.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension QueryValue: ExpressibleByNilLiteral {
    /// Creates ``null``.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension QueryValue: ExpressibleByArrayLiteral {
    /// Creates an ``array(_:)``.
    public init(arrayLiteral elements: QueryValue...) {
        self = .array(elements)
    }
}

extension QueryValue: ExpressibleByDictionaryLiteral {
    /// Creates a ``dictionary(_:)``; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, QueryValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
