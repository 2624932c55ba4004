import BoomerangSerialization

/// A parsed `Accept-Encoding` field value
/// ([RFC 9110 §12.5.3](https://www.rfc-editor.org/rfc/rfc9110#section-12.5.3)).
///
/// Elements are `coding [ ";" "q=" qvalue ]`, separated by commas, with optional spaces and tabs.
/// Reading is tolerant where a mistake cannot make an unwanted coding acceptable: empty elements
/// are skipped, parameters other than `q` are ignored, and an element whose name is not a token
/// or whose weight is not a valid qvalue (`0` to `1` with at most three decimals) is dropped.
public struct AcceptEncoding: Sendable, Hashable {
    /// One listed coding and its weight.
    public struct Element: Sendable, Hashable {
        /// The coding name in lowercase (`x-gzip` stays `x-gzip`), or `*`.
        public var name: String
        /// The weight in thousandths: 1000 for `q=1` or no weight, 0 for `q=0` (not acceptable).
        public var quality: Int

        /// Creates an element.
        public init(name: String, quality: Int) {
            self.name = name
            self.quality = quality
        }
    }

    /// The valid elements, in field order.
    public var elements: [Element]

    /// Reads a field value; several fields are read joined with commas.
    public init(parsing value: String) {
        elements = value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .compactMap { Self.element(Array($0)) }
    }

    /// The weight, in thousandths, that the field gives `coding`: that of the first element naming
    /// it (`x-gzip` names gzip), otherwise that of the `*` element, otherwise `nil`: not mentioned,
    /// which leaves ``ContentCoding/identity`` acceptable and any other coding not.
    public func quality(of coding: ContentCoding) -> Int? {
        if let element = elements.first(where: { ContentCoding(name: $0.name) == coding }) {
            return element.quality
        }
        return elements.first(where: { $0.name == "*" })?.quality
    }

    private static func element(_ bytes: [UInt8]) -> Element? {
        let parts = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(HTTPSyntax.trimmingWhitespace)
        guard let name = parts.first, !name.isEmpty, name.allSatisfy(HTTPSyntax.isTokenByte) else { return nil }
        var quality = 1000
        for parameter in parts.dropFirst() {
            guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            let key = HTTPSyntax.trimmingWhitespace(parameter[..<equals])
            guard key.count == 1, key.first! | 0x20 == UInt8(ascii: "q") else { continue }
            guard let weight = QualityValue.thousandths(HTTPSyntax.trimmingWhitespace(parameter[(equals + 1)...])) else {
                return nil
            }
            quality = weight
        }
        return Element(name: String(decoding: name, as: UTF8.self).lowercased(), quality: quality)
    }
}
