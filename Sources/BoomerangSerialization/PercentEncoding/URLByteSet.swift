/// A set of bytes, stored as a 256-entry bit table, that says which bytes a percent-encoder
/// leaves as they are.
///
/// The sets are built from the grammar of [RFC 3986 §2](https://www.rfc-editor.org/rfc/rfc3986#section-2):
///
/// ```
/// unreserved  = ALPHA / DIGIT / "-" / "." / "_" / "~"
/// gen-delims  = ":" / "/" / "?" / "#" / "[" / "]" / "@"
/// sub-delims  = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
/// query       = *( pchar / "/" / "?" )
/// ```
public struct URLByteSet: Sendable, Hashable {
    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64)

    /// Creates an empty set.
    public init() {
        words = (0, 0, 0, 0)
    }

    /// Creates a set holding the UTF-8 bytes of the ASCII characters in `characters`.
    ///
    /// - Precondition: every character of `characters` is ASCII.
    public init(ascii characters: String) {
        self.init()
        for byte in characters.utf8 {
            precondition(byte < 0x80, "URLByteSet(ascii:) takes ASCII characters only")
            insert(byte)
        }
    }

    /// Whether `byte` is in the set.
    @inlinable
    public func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) &<< UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// Adds `byte` to the set.
    public mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) &<< UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Removes `byte` from the set.
    public mutating func remove(_ byte: UInt8) {
        let mask = ~(UInt64(1) &<< UInt64(byte & 63))
        switch byte >> 6 {
        case 0: words.0 &= mask
        case 1: words.1 &= mask
        case 2: words.2 &= mask
        default: words.3 &= mask
        }
    }

    /// The set with `other`'s bytes added.
    public func union(_ other: URLByteSet) -> URLByteSet {
        var result = self
        result.words.0 |= other.words.0
        result.words.1 |= other.words.1
        result.words.2 |= other.words.2
        result.words.3 |= other.words.3
        return result
    }

    /// The set without `other`'s bytes.
    public func subtracting(_ other: URLByteSet) -> URLByteSet {
        var result = self
        result.words.0 &= ~other.words.0
        result.words.1 &= ~other.words.1
        result.words.2 &= ~other.words.2
        result.words.3 &= ~other.words.3
        return result
    }

    /// Whether both sets hold the same bytes.
    public static func == (lhs: URLByteSet, rhs: URLByteSet) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }

    /// Hashes the set's bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// RFC 3986 `unreserved`: ASCII letters, digits and `-._~`.
    public static let unreserved = URLByteSet(
        ascii: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    /// RFC 3986 `gen-delims`: `:/?#[]@`.
    public static let generalDelimiters = URLByteSet(ascii: ":/?#[]@")

    /// RFC 3986 `sub-delims`: `!$&'()*+,;=`.
    public static let subDelimiters = URLByteSet(ascii: "!$&'()*+,;=")

    /// The bytes Foundation's `URLQueryAllowedCharacterSet` holds: `unreserved`, `sub-delims`,
    /// `:`, `@`, `/` and `?`.
    public static let urlQueryAllowed = unreserved.union(subDelimiters).union(URLByteSet(ascii: ":@/?"))

    /// The bytes AFNetworking and Alamofire leave unescaped in query names and values:
    /// `URLQueryAllowedCharacterSet` minus `:#[]@` and `!$&'()*+,;=`.
    ///
    /// That leaves ASCII letters, digits, `-._~`, and `?` and `/`, which RFC 3986 §3.4 allows in a
    /// query so that a value can hold a URL.
    public static let afQueryAllowed = urlQueryAllowed.subtracting(URLByteSet(ascii: ":#[]@"))
        .subtracting(subDelimiters)
}
