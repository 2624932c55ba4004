/// One element of an `Accept` field: a media range and its quality
/// ([RFC 9110 §12.5.1](https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1)).
///
/// ```
/// Accept = #( media-range [ weight ] )
/// media-range = ( "*/*" / ( type "/" "*" ) / ( type "/" subtype ) ) parameters
/// weight = OWS ";" OWS "q=" qvalue
/// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
/// ```
public struct MediaRange: Sendable, Hashable {
    /// The range; `*` in ``MediaType/type`` or ``MediaType/subtype`` for wildcards. Its parameters
    /// are those before `q`.
    public var mediaType: MediaType
    /// The quality in thousandths, 0…1000 (`q=0.5` is 500). 0 means "not acceptable".
    public var quality: Int

    /// Creates a range.
    public init(mediaType: MediaType, quality: Int = 1000) {
        self.mediaType = mediaType
        self.quality = quality
    }

    /// How specific the range is: 0 for `*/*`, 1 for `type/*`, 2 for `type/subtype`, 3 for
    /// `type/subtype` with parameters.
    public var specificity: Int {
        if mediaType.type == "*" { return 0 }
        if mediaType.subtype == "*" { return 1 }
        return mediaType.parameters.isEmpty ? 2 : 3
    }

    /// Parses an `Accept` field value into its ranges, in order.
    ///
    /// Malformed elements are skipped: an element that is not a media type, a `*/subtype` range,
    /// a `q` outside the grammar (`q=1.5`, `q=0.1234`, `q=abc`). Parameters after `q` (accept
    /// extensions) are dropped. Empty elements (`a/b,,c/d`) are skipped as the list rule allows.
    public static func parseList(_ field: String) -> [MediaRange] {
        var ranges: [MediaRange] = []
        for element in splitList(field) {
            guard let parsed = try? MediaType(parsing: element) else { continue }
            guard parsed.type != "*" || parsed.subtype == "*" else { continue }
            var mediaType = parsed
            var quality = 1000
            if let qIndex = parsed.parameters.firstIndex(where: { $0.name == "q" }) {
                guard let q = QualityValue.thousandths(parsed.parameters[qIndex].value.utf8) else { continue }
                quality = q
                mediaType.parameters = Array(parsed.parameters[..<qIndex])
            }
            ranges.append(MediaRange(mediaType: mediaType, quality: quality))
        }
        return ranges
    }

    /// Splits a list field on commas outside quoted strings.
    static func splitList(_ field: String) -> [String] {
        var elements: [String] = []
        var current: [UInt8] = []
        var inQuotes = false
        var escaped = false
        for byte in field.utf8 {
            if inQuotes {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes = false
                }
                current.append(byte)
            } else if byte == UInt8(ascii: ",") {
                elements.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                if byte == UInt8(ascii: "\"") { inQuotes = true }
                current.append(byte)
            }
        }
        elements.append(String(decoding: current, as: UTF8.self))
        return elements.filter { !$0.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
    }
}
