import BoomerangSerialization
import BoomerangXML
import Testing

@Suite struct XMLWellFormednessTests {
    let checker = XMLWellFormedness()

    @Test(arguments: [
        "<a/>",
        "<?xml version=\"1.0\"?><a><b>x</b><c d='1'/></a>",
        "<!-- c --><a>&amp;&lt;</a><!-- after -->",
        "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x \"hi\">]><a>&x;</a>",
    ])
    func wellFormedDocumentsPass(text: String) throws {
        try checker.check(Array(text.utf8))
    }

    @Test(arguments: [
        ("<a><b>x</b>", 5),
        ("<a><b>x</b></a", 73),
        ("<a/><b/>", 5),
        ("hello", 4),
        ("<a>&undefined;</a>", 26),
        // Linux's parser goes on to a premature end (5) and keeps that as `parserError`; the first
        // error, the tag mismatch, is reported, as Darwin's parser does.
        ("<a><b>x</a>", 76),
        ("<scenario><item>boomerang</scenario>", 76),
    ])
    func malformedDocumentsFailWithTheParserCode(text: String, number: Int) {
        do {
            try checker.check(Array(text.utf8))
            Issue.record("\(text) passed")
        } catch {
            #expect(error.code == .invalidXML)
            #expect(error.domain == "NSXMLParserErrorDomain")
            #expect(error.number == number, "\(text)")
        }
    }

    @Test func truncatedDocumentFailsAlthoughParseReturnsTrue() {
        #expect(throws: ResponseSerializationError.self) { try checker.check(Array("<root><child>".utf8)) }
    }

    @Test func emptyDocumentFails() {
        #expect(
            throws: ResponseSerializationError(
                code: .invalidXML,
                message: "The document is empty.",
                offset: 0,
                number: 4
            )
        ) {
            try checker.check([])
        }
        #expect(
            throws: ResponseSerializationError(
                code: .invalidXML,
                message: "Line 1, column 24: XML parser error 5.",
                number: 5
            )
        ) {
            try checker.check(Array("<!-- only a comment -->".utf8))
        }
    }

    @Test func sizeLimit() {
        let small = XMLWellFormedness(maxInputBytes: 4)
        #expect(
            throws: ResponseSerializationError(
                code: .invalidXML,
                message: "The document is longer than 4 bytes.",
                offset: 4,
                number: 0
            )
        ) {
            try small.check(Array("<abc/>".utf8))
        }
    }

    /// Stopped by libxml2's entity-amplification guard (error 89), not by expanding the entities.
    @Test func billionLaughsIsStoppedByTheAmplificationGuard() {
        var text = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            text += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        text += "]><lolz>&lol9;</lolz>"
        let error = #expect(throws: ResponseSerializationError.self) { try checker.check(Array(text.utf8)) }
        #expect(error?.number == 89)
    }

    @Test func veryDeepNestingIsRefusedWithoutCrashing() {
        let depth = 100_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(
            throws: ResponseSerializationError(
                code: .invalidXML,
                message: "Line 1: elements nested deeper than 256.",
                number: 1
            )
        ) { try checker.check(Array(text.utf8)) }
        let limit = String(repeating: "<a>", count: 256) + String(repeating: "</a>", count: 256)
        #expect(throws: Never.self) { try checker.check(Array(limit.utf8)) }
    }
}
