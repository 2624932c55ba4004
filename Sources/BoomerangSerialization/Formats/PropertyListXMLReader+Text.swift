/// The text of an XML property list's elements: runs, CDATA sections and references.
extension PropertyListXMLReader {
    /// Reads the text of `tag` up to and including its end tag: references decoded, CDATA kept
    /// as it is, comments and processing instructions dropped. An element inside is an error.
    mutating func readText(_ tag: Tag) throws(PropertyListReadError) -> [UInt8] {
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
}
