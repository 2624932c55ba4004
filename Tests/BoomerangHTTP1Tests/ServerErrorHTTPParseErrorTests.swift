import BoomerangExchange
import BoomerangWire
import Testing

@testable import BoomerangHTTP1

/// A parse error of the request becomes the server error the connection answers with.
@Suite struct ServerErrorHTTPParseErrorTests {
    @Test func aParseErrorKeepsItsStatusValueAndOffsetAndCloses() {
        let parse = ServerError(HTTPParseError(code: .headersTooLarge, value: "x", offset: 9))
        #expect(parse.status == 431)
        #expect(parse.code.closesConnection)
        #expect(parse.offset == 9)
        #expect(parse.value == "x")
    }
}
