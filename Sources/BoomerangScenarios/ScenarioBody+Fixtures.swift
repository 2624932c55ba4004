import BoomerangSerialization

/// The bodies of the catalogue. Every reading below is what the specification says the decoder
/// does with these bytes (spec §2.4–2.7 and the serializers' documented decisions).
extension ScenarioBody {
    // MARK: Shared

    /// No bytes at all.
    static let empty = ScenarioBody(
        label: "empty",
        summary: "no body",
        bytes: [],
        // Foundation's property-list reader fails on zero-length data (spec §2.6).
        propertyList: .failure(.cocoaReadCorrupt),
        // An empty document is NSXMLParserEmptyDocumentError (4).
        xml: .failure(.xmlParser(4))
    )

    // MARK: JSON

    /// The small document most JSON rows serve.
    static let jsonDocument: StructuredValue = ["name": "boomerang", "count": 3, "tags": ["a", "b"], "ok": true]
    private static let jsonText = #"{"name":"boomerang","count":3,"tags":["a","b"],"ok":true}"#

    /// One space byte (Rails' `head :ok`).
    static let space = ScenarioBody(label: "space", summary: "a single space byte", bytes: [0x20])

    /// A valid UTF-8 JSON object.
    static let jsonValid = ScenarioBody(
        label: "valid",
        summary: "a JSON object in UTF-8",
        bytes: Array(jsonText.utf8),
        json: .value(jsonDocument)
    )

    /// Not JSON: a bare word as a value.
    static let jsonInvalid = ScenarioBody(
        label: "invalid",
        summary: "not JSON (an unquoted word as a value)",
        bytes: Array(#"{"name": boomerang}"#.utf8),
        json: .failure(.cocoaReadCorrupt)
    )

    /// `null` in an object at every depth.
    static let jsonNullsInObject = ScenarioBody(
        label: "nulls",
        summary: "an object with null values at every depth",
        bytes: Array(#"{"a":null,"b":{"c":null,"d":[null,1,{"e":null,"f":[null]}]},"g":[null,null],"h":1}"#.utf8),
        json: .value(["a": nil, "b": ["c": nil, "d": [nil, 1, ["e": nil, "f": [nil]]]], "g": [nil, nil], "h": 1]),
        // Null object values and null array elements go at every depth (4.x, spec §2.4).
        jsonWithoutNulls: ["b": ["d": [1, ["f": []]]], "g": [], "h": 1]
    )

    /// A top-level array of nulls and containers of nulls.
    static let jsonNullsInArray = ScenarioBody(
        label: "null-array",
        summary: "a top-level array with null elements and nested nulls",
        bytes: Array(#"[null,{"a":null},[null],2]"#.utf8),
        json: .value([nil, ["a": nil], [nil], 2]),
        jsonWithoutNulls: [[:], [], 2]
    )

    /// A top-level string: a fragment, refused without `allowFragments`.
    static let jsonStringFragment = ScenarioBody(
        label: "fragment",
        summary: "a top-level JSON string (a fragment)",
        bytes: Array(#""boomerang""#.utf8),
        json: .failure(.cocoaReadCorrupt)
    )

    /// A top-level number: a fragment.
    static let jsonNumberFragment = ScenarioBody(
        label: "number-fragment",
        summary: "a top-level JSON number (a fragment)",
        bytes: Array("42".utf8),
        json: .failure(.cocoaReadCorrupt)
    )

    /// The valid document after a UTF-8 byte order mark, which Foundation skips.
    static let jsonUTF8BOM = ScenarioBody(
        label: "utf8-bom",
        summary: "the JSON object after a UTF-8 BOM (EF BB BF)",
        bytes: [0xEF, 0xBB, 0xBF] + Array(jsonText.utf8),
        json: .value(jsonDocument)
    )

    /// The valid document in UTF-16LE with a BOM; Foundation detects the encoding and decodes it.
    static let jsonUTF16LittleEndianBOM = ScenarioBody(
        label: "utf16le-bom",
        summary: "the JSON object in UTF-16LE after FF FE",
        bytes: [0xFF, 0xFE] + utf16(jsonText, bigEndian: false),
        json: .value(jsonDocument)
    )

    /// The valid document in UTF-16BE with a BOM.
    static let jsonUTF16BigEndianBOM = ScenarioBody(
        label: "utf16be-bom",
        summary: "the JSON object in UTF-16BE after FE FF",
        bytes: [0xFE, 0xFF] + utf16(jsonText, bigEndian: true),
        json: .value(jsonDocument)
    )

    /// UTF-16LE without a BOM: detected from the zero bytes (`{ 00 " 00`).
    static let jsonUTF16LittleEndian = ScenarioBody(
        label: "utf16le",
        summary: "the JSON object in UTF-16LE without a BOM",
        bytes: utf16(jsonText, bigEndian: false),
        json: .value(jsonDocument)
    )

    /// UTF-16BE without a BOM: detected from the zero bytes (`00 { 00 "`).
    static let jsonUTF16BigEndian = ScenarioBody(
        label: "utf16be",
        summary: "the JSON object in UTF-16BE without a BOM",
        bytes: utf16(jsonText, bigEndian: true),
        json: .value(jsonDocument)
    )

    /// The valid document cut in the middle of an array.
    static let jsonTruncated = ScenarioBody(
        label: "truncated",
        summary: "the JSON object cut off inside an array",
        bytes: Array(#"{"name":"boomerang","count":3,"tags":["a""#.utf8),
        json: .failure(.cocoaReadCorrupt)
    )

    // MARK: XML

    /// A well-formed XML document.
    static let xmlWellFormed = ScenarioBody(
        label: "well-formed",
        summary: "a well-formed XML document with a declaration",
        bytes: Array(#"<?xml version="1.0" encoding="UTF-8"?><scenario id="xml"><item>boomerang</item></scenario>"#.utf8),
        xml: .value(true)
    )

    /// An end tag that does not match: libxml2's XML_ERR_TAG_NAME_MISMATCH (76).
    static let xmlMalformed = ScenarioBody(
        label: "malformed",
        summary: "mismatched end tag (<item> closed by </scenario>)",
        bytes: Array("<scenario><item>boomerang</scenario>".utf8),
        xml: .failure(.xmlParser(76))
    )

    /// The root is never closed: the checker's premature-end error (5).
    static let xmlTruncated = ScenarioBody(
        label: "truncated",
        summary: "the document ends before the root element is closed",
        bytes: Array("<scenario><item>boomerang</item>".utf8),
        xml: .failure(.xmlParser(5))
    )

    // MARK: Property lists

    /// The value the property-list rows serve.
    static let propertyListDocument: StructuredValue = ["name": "boomerang", "count": 3]

    /// An XML property list (its DOCTYPE is never fetched).
    static let propertyListXML = ScenarioBody(
        label: "xml",
        summary: "an XML property list with a dictionary",
        bytes: Array(
            (#"<?xml version="1.0" encoding="UTF-8"?>"#
                + #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
                + #"<plist version="1.0"><dict><key>count</key><integer>3</integer>"#
                + #"<key>name</key><string>boomerang</string></dict></plist>"#).utf8
        ),
        propertyList: .value(propertyListDocument),
        xml: .value(true)
    )

    /// A binary property list (`bplist00`) of the same dictionary.
    static let propertyListBinary = ScenarioBody(
        label: "binary",
        summary: "a binary property list (bplist00) with a dictionary",
        bytes: binaryPropertyList(propertyListDocument),
        propertyList: .value(propertyListDocument)
    )

    /// An XML property list whose dictionary has a key without a value and a mismatched end tag.
    static let propertyListMalformed = ScenarioBody(
        label: "malformed",
        summary: "an XML property list with a dangling key and a mismatched end tag",
        bytes: Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>name</key></plist>"#.utf8),
        propertyList: .failure(.cocoaReadCorrupt),
        xml: .failure(.xmlParser(76))
    )

    // MARK: Helpers

    private static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for unit in text.utf16 {
            let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    private static func binaryPropertyList(_ value: StructuredValue) -> [UInt8] {
        // The writer only throws for trees deeper than its limit; this one is two levels deep.
        (try? BinaryPropertyListWriter().write(value)) ?? []
    }
}
