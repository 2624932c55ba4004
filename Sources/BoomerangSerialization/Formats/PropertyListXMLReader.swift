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
    private let bytes: [UInt8]
    private let depthLimit: Int
    private var index = 0
    private var fromUTF16 = false

    /// Containers nested deeper than this are refused whatever the configuration says: the reader
    /// recurses, and this keeps its stack use far below a thread's (Foundation stops at 512 too).
    static let hardDepthLimit = 512

    private enum Kind {
        case plist, dict, array, key, string, integer, real, date, data, `true`, `false`, unknown
    }

    private struct Tag {
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

    private static let latin1Names: Set<String> = ["iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii"]

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
    private static func encodingName(in text: String) -> String? {
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

    // MARK: Markup

    private var atEndTag: Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "/")
    }

    /// Skips white space, comments and processing instructions (and in the prolog the declaration
    /// and a DOCTYPE); stops at an element's `<`. Other text here is an error.
    private mutating func skipMisc(inProlog: Bool = false) throws(PropertyListReadError) {
        while true {
            while index < bytes.count, PropertyListText.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count else { throw fail(.unexpectedEnd, "", at: index) }
            guard bytes[index] == UInt8(ascii: "<") else {
                throw fail(.malformed, "unexpected text " + PropertyListText.excerpt(bytes, from: index), at: index)
            }
            guard try skipMarkup(inProlog: inProlog) else { return }
        }
    }

    /// At a `<`: skips a comment, a processing instruction or (in the prolog) a DOCTYPE and
    /// returns `true`; returns `false` for anything else.
    private mutating func skipMarkup(inProlog: Bool) throws(PropertyListReadError) -> Bool {
        let start = index
        if has("<!--") {
            index = try position(after: "-->", from: start + 4, what: "comment")
            return true
        }
        if has("<?") {
            let end = try position(after: "?>", from: start + 2, what: "processing instruction")
            if has("<?xml"), start + 5 < bytes.count, PropertyListText.isWhitespace(bytes[start + 5]) {
                try checkDeclaration(start..<end)
            }
            index = end
            return true
        }
        if inProlog, has("<!DOCTYPE") {
            try skipDoctype()
            return true
        }
        return false
    }

    private func has(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    /// The index just past the first `terminator` at or after `from`.
    private func position(after terminator: StaticString, from: Int, what: String) throws(PropertyListReadError) -> Int {
        let pointer = terminator.utf8Start
        let count = terminator.utf8CodeUnitCount
        var cursor = from
        while cursor + count <= bytes.count {
            if bytes[cursor] == pointer[0] {
                var matched = true
                for offset in 1..<count where bytes[cursor + offset] != pointer[offset] {
                    matched = false
                    break
                }
                if matched { return cursor + count }
            }
            cursor += 1
        }
        throw fail(.unexpectedEnd, "unterminated \(what)", at: index)
    }

    /// The declaration's `encoding`, when present, must name UTF-8 (or ISO-8859-1, transcoded
    /// before the reader saw it).
    private func checkDeclaration(_ range: Range<Int>) throws(PropertyListReadError) {
        guard let encoding = Self.encodingName(in: String(decoding: bytes[range], as: UTF8.self)) else { return }
        let utf16 = fromUTF16 && ["utf-16", "utf16", "utf-16le", "utf-16be"].contains(encoding)
        guard encoding == "utf-8" || encoding == "utf8" || Self.latin1Names.contains(encoding) || utf16 else {
            throw fail(.invalidText, "encoding \(encoding) (UTF-8 and ISO-8859-1 are read)", at: range.lowerBound)
        }
    }

    /// Skips `<!DOCTYPE … >`, honouring quoted identifiers; an internal subset (`[`) is refused.
    private mutating func skipDoctype() throws(PropertyListReadError) {
        let start = index
        index += 9
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw fail(.malformed, "a DOCTYPE with an internal subset", at: index)
            } else if byte == UInt8(ascii: ">") {
                index += 1
                return
            }
            index += 1
        }
        throw fail(.unexpectedEnd, "unterminated DOCTYPE", at: start)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    private mutating func readName() throws(PropertyListReadError) -> Range<Int> {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start else {
            guard index < bytes.count else { throw fail(.unexpectedEnd, "", at: index) }
            throw fail(.malformed, "unexpected character " + PropertyListText.excerpt(bytes, from: index, upTo: index + 1), at: index)
        }
        return start..<index
    }

    /// Reads `<name attributes…>` or `<name …/>` at `index`.
    private mutating func readStartTag() throws(PropertyListReadError) -> Tag {
        let offset = index
        guard index < bytes.count else { throw fail(.unexpectedEnd, "", at: index) }
        guard bytes[index] == UInt8(ascii: "<") else {
            throw fail(.malformed, "unexpected text " + PropertyListText.excerpt(bytes, from: index), at: index)
        }
        index += 1
        let name = try readName()
        while true {
            while index < bytes.count, PropertyListText.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count else { throw fail(.unexpectedEnd, "", at: index) }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return Tag(kind: kind(name), name: name, isEmpty: false, offset: offset)
            }
            if has("/>") {
                index += 2
                return Tag(kind: kind(name), name: name, isEmpty: true, offset: offset)
            }
            _ = try readName()
            while index < bytes.count, PropertyListText.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count else { throw fail(.unexpectedEnd, "", at: index) }
            guard bytes[index] == UInt8(ascii: "=") else { throw fail(.malformed, "attribute without a value", at: index) }
            index += 1
            while index < bytes.count, PropertyListText.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count else { throw fail(.unexpectedEnd, "", at: index) }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw fail(.malformed, "unquoted attribute value", at: index)
            }
            index += 1
            while index < bytes.count, bytes[index] != quote {
                guard bytes[index] != UInt8(ascii: "<") else { throw fail(.malformed, "< in an attribute value", at: index) }
                index += 1
            }
            guard index < bytes.count else { throw fail(.unexpectedEnd, "unterminated attribute value", at: index) }
            index += 1
        }
    }

    /// Reads `</name>` for `tag` at `index`.
    private mutating func readEndTag(_ tag: Tag) throws(PropertyListReadError) {
        let offset = index
        guard atEndTag else {
            guard index < bytes.count else { throw fail(.unexpectedEnd, "no </\(name(tag))>", at: index) }
            throw fail(.malformed, "expected </\(name(tag))>", at: index)
        }
        index += 2
        let closing = try readName()
        guard bytes[closing].elementsEqual(bytes[tag.name]) else {
            throw fail(.mismatchedTag, "</\(String(decoding: bytes[closing], as: UTF8.self))> closes <\(name(tag))>", at: offset)
        }
        while index < bytes.count, PropertyListText.isWhitespace(bytes[index]) { index += 1 }
        guard index < bytes.count else { throw fail(.unexpectedEnd, "", at: index) }
        guard bytes[index] == UInt8(ascii: ">") else { throw fail(.malformed, "unexpected character in an end tag", at: index) }
        index += 1
    }

    private func kind(_ name: Range<Int>) -> Kind {
        let text = bytes[name]
        func equals(_ literal: StaticString) -> Bool {
            text.count == literal.utf8CodeUnitCount
                && text.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }
        switch text.count {
        case 3: return equals("key") ? .key : .unknown
        case 4:
            if equals("dict") { return .dict }
            if equals("real") { return .real }
            if equals("date") { return .date }
            if equals("data") { return .data }
            return equals("true") ? .true : .unknown
        case 5:
            if equals("plist") { return .plist }
            if equals("array") { return .array }
            return equals("false") ? .false : .unknown
        case 6: return equals("string") ? .string : .unknown
        case 7: return equals("integer") ? .integer : .unknown
        default: return .unknown
        }
    }

    private func name(_ tag: Tag) -> String {
        String(decoding: bytes[tag.name], as: UTF8.self)
    }

    // MARK: Text

    /// Reads the text of `tag` up to and including its end tag: references decoded, CDATA kept
    /// as it is, comments and processing instructions dropped. An element inside is an error.
    private mutating func readText(_ tag: Tag) throws(PropertyListReadError) -> [UInt8] {
        var text: [UInt8] = []
        while true {
            let runStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
            text.append(contentsOf: bytes[runStart..<index])
            guard index < bytes.count else { throw fail(.unexpectedEnd, "no </\(name(tag))>", at: index) }
            if bytes[index] == UInt8(ascii: "&") {
                try readReference(into: &text)
            } else if atEndTag {
                try readEndTag(tag)
                return text
            } else if has("<![CDATA[") {
                let start = index
                let end = try position(after: "]]>", from: index + 9, what: "CDATA section")
                text.append(contentsOf: bytes[(start + 9)..<(end - 3)])
                index = end
            } else {
                let skipped = try skipMarkup(inProlog: false)
                guard skipped else { throw fail(.unknownElement, "an element inside <\(name(tag))>", at: index) }
            }
        }
    }

    /// Reads `&name;` or `&#…;` at `index`.
    private mutating func readReference(into text: inout [UInt8]) throws(PropertyListReadError) {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw fail(.unknownEntity, PropertyListText.excerpt(bytes, from: start, upTo: min(end, start + 12)), at: start)
        }
        let body = bytes[(start + 1)..<end]
        let entity = String(decoding: body, as: UTF8.self)
        switch entity {
        case "amp": text.append(UInt8(ascii: "&"))
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default:
            guard let scalar = Self.characterReference(body) else {
                throw fail(.unknownEntity, "&\(entity);", at: start)
            }
            PropertyListText.appendUTF8(scalar, to: &text)
        }
        index = end + 1
    }

    /// `#digits` or `#xhex` naming a Unicode scalar (U+0000 included, as Foundation reads it).
    private static func characterReference(_ body: ArraySlice<UInt8>) -> Unicode.Scalar? {
        guard body.first == UInt8(ascii: "#") else { return nil }
        var digits = body.dropFirst()
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = PropertyListText.hexValue(byte), UInt32(digit) < radix else { return nil }
            value = value * radix + UInt32(digit)
            guard value <= 0x10FFFF else { return nil }
        }
        return Unicode.Scalar(value)
    }

    private func fail(_ code: PropertyListReadError.Code, _ value: String, at offset: Int) -> PropertyListReadError {
        PropertyListReadError(code: code, value: value, offset: offset)
    }
}
