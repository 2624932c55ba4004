public import BoomerangSerialization
import Foundation
import FoundationXML

/// Checks that bytes are one well-formed XML document with FoundationXML's `XMLParser`, never
/// resolving external entities.
///
/// `XMLParser.parse()` on Linux returns `true` for a truncated document (`<a><b/>`) and for empty
/// input, so the check also requires no `parserError`, exactly one root element and every element
/// closed. libxml2's amplification guard stops entity expansion bombs (billion laughs) with error
/// 89; ``maxInputBytes`` and ``maxDepth`` bound the work otherwise (FoundationXML's parser
/// itself accepts 100,000 nested elements).
public struct XMLWellFormedness: Sendable {
    /// The longest input in bytes. Default 10 MiB.
    public var maxInputBytes: Int
    /// The deepest element nesting. Default 256, libxml2's own limit without `XML_PARSE_HUGE`.
    public var maxDepth: Int

    /// Creates a checker.
    public init(maxInputBytes: Int = 10 * 1024 * 1024, maxDepth: Int = 256) {
        self.maxInputBytes = maxInputBytes
        self.maxDepth = maxDepth
    }

    /// libxml2's `XML_ERR_INTERNAL_ERROR`, which it reports for excessive depth; used for
    /// ``maxDepth``.
    public static let excessiveDepth = 1

    /// `NSXMLParserPrematureDocumentEndError`, reported for a missing or unclosed root.
    public static let prematureDocumentEnd = 5
    /// `NSXMLParserEmptyDocumentError`, reported for empty or `nil` data.
    public static let emptyDocument = 4

    /// Checks `data`.
    ///
    /// - Throws: ``ResponseSerializationError`` with code
    ///   ``ResponseSerializationError/Code/invalidXML`` whose number is the parser's error code.
    public func check(_ data: [UInt8]) throws(ResponseSerializationError) {
        guard !data.isEmpty else {
            throw ResponseSerializationError(
                code: .invalidXML,
                message: "The document is empty.",
                offset: 0,
                number: Self.emptyDocument
            )
        }
        guard data.count <= maxInputBytes else {
            throw ResponseSerializationError(
                code: .invalidXML,
                message: "The document is longer than \(maxInputBytes) bytes.",
                offset: maxInputBytes,
                number: 0
            )
        }
        let parser = XMLParser(data: Data(data))
        parser.shouldResolveExternalEntities = false
        let tracker = ElementTracker(maxDepth: maxDepth)
        parser.delegate = tracker
        let finished = parser.parse()
        if tracker.tooDeep {
            throw ResponseSerializationError(
                code: .invalidXML,
                message: "Line \(parser.lineNumber): elements nested deeper than \(maxDepth).",
                number: Self.excessiveDepth
            )
        }
        // FoundationXML on Linux keeps parsing after a fatal error and `parserError` ends up holding
        // the last one (a mismatched end tag, 76, is followed by a premature end, 5); Darwin stops
        // at the first. The first error the delegate saw is the one reported.
        if let code = tracker.firstErrorCode ?? (parser.parserError as NSError?)?.code {
            throw ResponseSerializationError(
                code: .invalidXML,
                message: "Line \(parser.lineNumber), column \(parser.columnNumber): XML parser error \(code).",
                number: code
            )
        }
        guard finished, tracker.roots == 1, tracker.depth == 0 else {
            throw ResponseSerializationError(
                code: .invalidXML,
                message: tracker.roots == 0 ? "The document has no root element." : "The document ends early.",
                number: Self.prematureDocumentEnd
            )
        }
    }
}

/// Counts open elements and closed roots.
private final class ElementTracker: NSObject, XMLParserDelegate {
    let maxDepth: Int
    var depth = 0
    var roots = 0
    var tooDeep = false
    var firstErrorCode: Int?

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String]
    ) {
        depth += 1
        if depth > maxDepth {
            tooDeep = true
            parser.abortParsing()
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstErrorCode == nil { firstErrorCode = (parseError as NSError).code }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if depth == 0 { roots += 1 }
    }
}
