/// Chooses a ``ResponseFormat`` from an `Accept` field
/// ([RFC 9110 §12.5.1](https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1)).
///
/// - No `Accept`, an empty one, or one whose elements are all malformed: the default (JSON).
/// - Each format takes the quality of the most specific range that matches one of its
///   ``ResponseFormat/acceptedMediaTypes`` (the highest quality among equally specific ones);
///   range parameters other than `q` add specificity but are not compared. A format that no range
///   matches, whose quality is 0, or whose primary ``ResponseFormat/mediaType`` (the one the
///   response is labelled with) gets quality 0, is not acceptable.
/// - The acceptable format with the highest quality wins; ties go to the more specific match,
///   then to the earlier format in ``formats`` (JSON, plist, binary plist, XML).
/// - `nil` when nothing is acceptable: answer 406.
/// - A browser's page request (`text/html` accepted at a quality no range for another format
///   beats: Chrome, Firefox and Safari send `text/html,…,application/xml;q=0.9,…,*/*;q=0.8`) gets
///   the default format when that is acceptable, as httpbin answers it: a browser lists XML to read
///   XHTML pages, not to ask for data in XML.
///
/// ```swift
/// ResponseFormatNegotiator().negotiate(accept: "application/xml, */*;q=0.1")  // .xml
/// ```
public struct ResponseFormatNegotiator: Sendable {
    /// The formats on offer, in order of preference for ties.
    public var formats: [ResponseFormat]
    /// The format used when the request states no preference.
    public var defaultFormat: ResponseFormat

    /// Creates a negotiator.
    public init(formats: [ResponseFormat] = ResponseFormat.allCases, defaultFormat: ResponseFormat = .json) {
        self.formats = formats
        self.defaultFormat = defaultFormat
    }

    /// The best format for an `Accept` field value, or `nil` for 406.
    public func negotiate(accept: String?) -> ResponseFormat? {
        guard let accept, accept != "*/*" else { return defaultFormat }
        return negotiate(ranges: MediaRange.parseList(accept))
    }

    /// The best format for a request's headers; several `Accept` fields are joined with commas.
    public func negotiate(headers: HTTPHeaders) -> ResponseFormat? {
        let values = headers.values(for: "Accept")
        guard !values.isEmpty else { return defaultFormat }
        return negotiate(accept: values.joined(separator: ","))
    }

    /// The best format for already parsed ranges, or `nil` for 406. No ranges: the default.
    public func negotiate(ranges: [MediaRange]) -> ResponseFormat? {
        guard !ranges.isEmpty else { return defaultFormat }
        var best: (format: ResponseFormat, quality: Int, specificity: Int)?
        for format in formats {
            guard let match = Self.bestMatch(for: format, in: ranges), match.quality > 0 else { continue }
            if let current = best {
                guard match.quality > current.quality
                    || (match.quality == current.quality && match.specificity > current.specificity)
                else { continue }
            }
            best = (format, match.quality, match.specificity)
        }
        if let best, best.format != defaultFormat, let html = Self.htmlQuality(ranges), html >= best.quality,
            let fallback = Self.bestMatch(for: defaultFormat, in: ranges), fallback.quality > 0
        {
            return defaultFormat
        }
        return best?.format
    }

    /// The quality of an explicit `text/html` range, if there is one.
    private static func htmlQuality(_ ranges: [MediaRange]) -> Int? {
        ranges.filter { $0.mediaType.type == "text" && $0.mediaType.subtype == "html" }.map(\.quality).max()
    }

    /// The quality and specificity that `ranges` give `format`, or `nil` when no range matches.
    static func bestMatch(for format: ResponseFormat, in ranges: [MediaRange]) -> (quality: Int, specificity: Int)? {
        var best: (quality: Int, specificity: Int)?
        for mediaType in format.acceptedMediaTypes {
            // The most specific range decides this media type's quality.
            var decided: (quality: Int, specificity: Int)?
            for range in ranges where mediaType.matches(range.mediaType) {
                let candidate = (range.quality, range.specificity)
                if let current = decided {
                    if candidate.1 > current.specificity
                        || (candidate.1 == current.specificity && candidate.0 > current.quality)
                    {
                        decided = candidate
                    }
                } else {
                    decided = candidate
                }
            }
            guard let decided else { continue }
            // The response is labelled with the primary type, so refusing it refuses the format.
            if mediaType == format.mediaType && decided.quality == 0 { return nil }
            if let current = best {
                if decided.quality > current.quality
                    || (decided.quality == current.quality && decided.specificity > current.specificity)
                {
                    best = decided
                }
            } else {
                best = decided
            }
        }
        return best
    }
}
