/// How ``QueryStringEncoder`` writes arrays, Booleans and spaces.
///
/// The defaults give AFNetworking's output exactly; the options are Alamofire's
/// (`URLEncoding.ArrayEncoding`, `BoolEncoding`, `URLEncodedFormEncoder.SpaceEncoding`).
/// Data leaves are always written as base64 (Alamofire's default `DataEncoding.base64`);
/// AFNetworking would write `NSData`'s meaningless `description`.
public struct QueryStringConfiguration: Sendable, Hashable {
    /// How an array element's key is written.
    public enum ArrayStyle: Sendable, Hashable {
        /// `key[]` for every element (AFNetworking, Alamofire's default).
        case brackets
        /// `key` repeated, with no brackets.
        case noBrackets
        /// `key[0]`, `key[1]`, … .
        case indexInBrackets
    }

    /// How a Boolean is written.
    public enum BoolStyle: Sendable, Hashable {
        /// `1` and `0` (AFNetworking, Alamofire's default).
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// How a space in a name or value is written.
    public enum SpaceStyle: Sendable, Hashable {
        /// `%20` (AFNetworking, Alamofire's default).
        case percentEscaped
        /// `+`.
        case plus
    }

    /// How array elements are keyed.
    public var arrayStyle: ArrayStyle
    /// How Booleans are written.
    public var boolStyle: BoolStyle
    /// How spaces are written.
    public var spaceStyle: SpaceStyle

    /// Creates a configuration; the defaults are AFNetworking's behaviour.
    public init(arrayStyle: ArrayStyle = .brackets, boolStyle: BoolStyle = .numeric, spaceStyle: SpaceStyle = .percentEscaped) {
        self.arrayStyle = arrayStyle
        self.boolStyle = boolStyle
        self.spaceStyle = spaceStyle
    }

    /// AFNetworking's behaviour.
    public static let afnetworking = QueryStringConfiguration()
}
