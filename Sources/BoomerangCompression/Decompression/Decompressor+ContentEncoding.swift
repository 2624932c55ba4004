extension Decompressor {
    /// The codings of a `Content-Encoding` field value, in the order listed, without `identity`
    /// and empty elements. Offsets in errors count bytes of `value`.
    static func codings(inContentEncoding value: String, maxCodingCount: Int) throws(CompressionError)
        -> [ContentCoding]
    {
        var codings: [ContentCoding] = []
        var elementStart = 0
        for element in value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            defer { elementStart += element.count + 1 }
            let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            let leading = element.prefix(while: isSpace).count
            let name = element.dropFirst(leading).reversed().drop(while: isSpace).reversed()
            guard !name.isEmpty else { continue }
            let nameText = String(decoding: name, as: UTF8.self)
            let offset = Int64(elementStart + leading)
            guard let coding = ContentCoding(name: nameText) else {
                throw CompressionError(code: .unsupportedCoding, coding: nil, value: nameText, offset: offset)
            }
            guard coding != .identity else { continue }
            codings.append(coding)
            if codings.count > maxCodingCount {
                throw CompressionError(
                    code: .tooManyCodings,
                    coding: nil,
                    value: value,
                    limit: Int64(maxCodingCount),
                    offset: offset
                )
            }
        }
        return codings
    }
}
