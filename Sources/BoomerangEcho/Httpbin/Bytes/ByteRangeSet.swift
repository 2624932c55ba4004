import BoomerangExchange

/// A `Range: bytes=…` header resolved against a body of known length
/// ([RFC 9110 §14](https://www.rfc-editor.org/rfc/rfc9110#section-14)).
package enum ByteRangeSet: Equatable {
    /// No usable Range header (absent, another unit, or malformed): the whole body, 200.
    case whole
    /// These ranges, each within the body, in the order asked.
    case ranges([ClosedRange<Int>])
    /// No range overlaps the body: 416.
    case unsatisfiable

    /// The most ranges one request may ask for.
    package static let maxRangeCount = 16

    /// Resolves `header` for a body of `length` bytes.
    ///
    /// - Throws: ``ServerError/Code/invalidParameter`` when the header asks for more than
    ///   ``maxRangeCount`` ranges.
    package init(header: String?, length: Int) throws(ServerError) {
        guard let header else {
            self = .whole
            return
        }
        let trimmed = header.trimmingSpaces()
        guard trimmed.lowercased().hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let specs = trimmed.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false)
        guard specs.count <= Self.maxRangeCount else {
            throw ServerError(
                .invalidParameter, "Range may ask for at most \(Self.maxRangeCount) ranges", value: String(header.prefix(200)))
        }
        var ranges: [ClosedRange<Int>] = []
        for spec in specs {
            let text = String(spec).trimmingSpaces()
            guard let dash = text.firstIndex(of: "-") else {
                self = .whole
                return
            }
            let first = text[..<dash]
            let last = text[text.index(after: dash)...]
            guard first.allSatisfy(\.isASCIIDigit), last.allSatisfy(\.isASCIIDigit), !(first.isEmpty && last.isEmpty),
                first.count <= 18, last.count <= 18
            else {
                self = .whole
                return
            }
            if first.isEmpty {
                let suffix = Int(last)!
                if suffix > 0 && length > 0 { ranges.append(max(0, length - suffix)...(length - 1)) }
                continue
            }
            let start = Int(first)!
            let end = last.isEmpty ? length - 1 : min(Int(last)!, length - 1)
            if !last.isEmpty && Int(last)! < start {
                self = .whole
                return
            }
            if start < length { ranges.append(start...end) }
        }
        self = ranges.isEmpty ? .unsatisfiable : .ranges(ranges)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
