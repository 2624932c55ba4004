/// Reads an XML property list (Apple's `plist` 1.0) with a small, strict tokenizer of the XML that
/// property lists use.
///
/// Understood: an optional byte-order mark, the XML declaration (its encoding must be UTF-8, or
/// ISO-8859-1 or UTF-16, which are transcoded first),
/// a DOCTYPE (skipped and never fetched; an internal subset is refused, so no entity can be
/// declared), comments and processing instructions anywhere between elements and inside text,
/// CDATA sections in text, the five predefined entities and numeric character references,
/// attributes (read and ignored). The root is `<plist>` holding one value, or, as Foundation
/// allows, a value element alone. Text is kept as it is (no line-end or white-space
/// normalisation), as Foundation does. Anything else is an error with its byte offset.
struct PropertyListXMLReader {
    /// The document, in UTF-8.
    let bytes: [UInt8]
    private let depthLimit: Int
    /// Where reading is in ``bytes``.
    var index = 0
    /// Whether the input was UTF-16, transcoded by the caller (its declaration may then say so).
    var fromUTF16 = false

    /// Containers nested deeper than this are refused whatever the configuration says: the reader
    /// recurses, and this keeps its stack use far below a thread's (Foundation stops at 512 too).
    static let hardDepthLimit = 512

    enum Kind {
        case plist, dict, array, key, string, integer, real, date, data, `true`, `false`, unknown
    }

    struct Tag {
        var kind: Kind
        var name: Range<Int>
        var isEmpty: Bool
        var offset: Int
    }

    /// Reads `bytes` as a whole XML property list.
    /// `fromUTF16`: the input was UTF-16, transcoded by the caller, and its declaration may say so.
    static func read(_ bytes: [UInt8], maxDepth: Int, fromUTF16: Bool = false) throws(PropertyListReadError) -> StructuredValue {
        guard !fromUTF16, let encoding = declaredEncoding(bytes), latin1Names.contains(encoding) else {
            var reader = PropertyListXMLReader(bytes: bytes, depthLimit: min(maxDepth, hardDepthLimit))
            reader.fromUTF16 = fromUTF16
            return try reader.readDocument()
        }
        // A declared ISO-8859-1 (or US-ASCII, whose stray high bytes Foundation reads as Latin-1
        // too) document is transcoded to UTF-8; an error's offset is mapped back to the input's.
        var transcoded: [UInt8] = []
        transcoded.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                transcoded.append(byte)
            } else {
                transcoded.append(0xC0 | byte >> 6)
                transcoded.append(0x80 | byte & 0x3F)
            }
        }
        var reader = PropertyListXMLReader(bytes: transcoded, depthLimit: min(maxDepth, hardDepthLimit))
        do {
            return try reader.readDocument()
        } catch {
            var mapped = error
            if let offset = error.offset {
                let end = min(offset, transcoded.count)
                mapped.offset = offset - transcoded[..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 1 : 0) }
            }
            throw mapped
        }
    }

    static let latin1Names: Set<String> = ["iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii"]

    /// The lowercased `encoding` of an XML declaration at the start of `bytes`, if any.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let window = bytes.prefix(256)
        guard let close = window.dropFirst(2).firstIndex(of: UInt8(ascii: "?")), close + 1 < window.count,
            window[close + 1] == UInt8(ascii: ">")
        else { return nil }
        return encodingName(in: String(decoding: bytes[..<close], as: UTF8.self))
    }

    /// The lowercased value of `encoding="…"` in a declaration's text.
    static func encodingName(in text: String) -> String? {
        guard let found = text.range(of: "encoding") else { return nil }
        var rest = text[found.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        return rest.prefix { $0 != quote }.lowercased()
    }

    private init(bytes: [UInt8], depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    private mutating func readDocument() throws(PropertyListReadError) -> StructuredValue {
        index = try PropertyListText.contentStart(bytes)
        try skipMisc(inProlog: true)
        let root = try readStartTag()
        let value: StructuredValue
        if root.kind == .plist {
            guard !root.isEmpty else { throw fail(.malformed, "empty <plist>", at: root.offset) }
            try skipMisc()
            guard !atEndTag else { throw fail(.malformed, "empty <plist>", at: index) }
            value = try readValue(try readStartTag(), depth: 0)
            try skipMisc()
            try readEndTag(root)
        } else {
            value = try readValue(root, depth: 0)
        }
        while index < bytes.count {
            if PropertyListText.isWhitespace(bytes[index]) {
                index += 1
            } else {
                let skipped = bytes[index] == UInt8(ascii: "<") ? try skipMarkup(inProlog: false) : false
                guard skipped else { throw fail(.trailingContent, PropertyListText.excerpt(bytes, from: index), at: index) }
            }
        }
        return value
    }

    // MARK: Values

    private mutating func readValue(_ tag: Tag, depth: Int) throws(PropertyListReadError) -> StructuredValue {
        switch tag.kind {
        case .dict:
            try checkDepth(depth, tag)
            var pairs: [(key: String, value: StructuredValue)] = []
            if tag.isEmpty { return .object(StructuredObject()) }
            while true {
                try skipMisc()
                if atEndTag { break }
                let keyTag = try readStartTag()
                guard keyTag.kind == .key else {
                    throw fail(.unknownElement, "<\(name(keyTag))> where a <key> must be", at: keyTag.offset)
                }
                let key = keyTag.isEmpty ? "" : String(decoding: try readText(keyTag), as: UTF8.self)
                try skipMisc()
                guard !atEndTag else { throw fail(.malformed, "<key>\(key)</key> without a value", at: index) }
                let valueTag = try readStartTag()
                pairs.append((key, try readValue(valueTag, depth: depth + 1)))
            }
            try readEndTag(tag)
            return PropertyListReader.sortedObject(pairs)
        case .array:
            try checkDepth(depth, tag)
            var elements: [StructuredValue] = []
            if tag.isEmpty { return .array(elements) }
            while true {
                try skipMisc()
                if atEndTag { break }
                elements.append(try readValue(try readStartTag(), depth: depth + 1))
            }
            try readEndTag(tag)
            return .array(elements)
        case .string:
            return .string(tag.isEmpty ? "" : String(decoding: try readText(tag), as: UTF8.self))
        case .true, .false:
            if !tag.isEmpty {
                let start = index
                guard try readText(tag).isEmpty else {
                    throw fail(.malformed, "<\(name(tag))> is not empty", at: start)
                }
            }
            return .bool(tag.kind == .true)
        case .integer, .real, .date, .data:
            let start = index
            let text = tag.isEmpty ? [] : try readText(tag)
            switch tag.kind {
            case .integer: return try PropertyListXMLScalarReader.integer(text, at: start)
            case .real: return try PropertyListXMLScalarReader.real(text, at: start)
            case .date: return try PropertyListXMLScalarReader.date(text, at: start)
            default: return try PropertyListXMLScalarReader.base64(text, at: start)
            }
        case .key:
            throw fail(.unknownElement, "<key> outside a <dict>", at: tag.offset)
        case .plist, .unknown:
            throw fail(.unknownElement, name(tag), at: tag.offset)
        }
    }

    private func checkDepth(_ depth: Int, _ tag: Tag) throws(PropertyListReadError) {
        guard depth < depthLimit else {
            throw fail(.depthLimitExceeded, "", at: tag.offset)
        }
    }

    func fail(_ code: PropertyListReadError.Code, _ value: String, at offset: Int) -> PropertyListReadError {
        PropertyListReadError(code: code, value: value, offset: offset)
    }
}
