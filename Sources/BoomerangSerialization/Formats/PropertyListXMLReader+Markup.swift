/// The markup of an XML property list: white space, comments, processing instructions, the
/// declaration, a DOCTYPE, start and end tags.
extension PropertyListXMLReader {
    var atEndTag: Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "/")
    }

    /// Skips white space, comments and processing instructions (and in the prolog the declaration
    /// and a DOCTYPE); stops at an element's `<`. Other text here is an error.
    mutating func skipMisc(inProlog: Bool = false) throws(PropertyListReadError) {
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
    mutating func skipMarkup(inProlog: Bool) throws(PropertyListReadError) -> Bool {
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

    func has(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    /// The index just past the first `terminator` at or after `from`.
    func position(after terminator: StaticString, from: Int, what: String) throws(PropertyListReadError) -> Int {
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
    mutating func readStartTag() throws(PropertyListReadError) -> Tag {
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
    mutating func readEndTag(_ tag: Tag) throws(PropertyListReadError) {
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

    func name(_ tag: Tag) -> String {
        String(decoding: bytes[tag.name], as: UTF8.self)
    }
}
