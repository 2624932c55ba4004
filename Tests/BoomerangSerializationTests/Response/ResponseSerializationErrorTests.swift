import BoomerangSerialization
import Testing

@Suite struct ResponseSerializationErrorTests {
    let top = ResponseSerializationError(code: .unacceptableStatusCode, message: "top")
    let below = ResponseSerializationError(code: .unacceptableContentType, message: "below")

    @Test func codesCarryDomainsAndNumbers() {
        let table: [(ResponseSerializationError.Code, String, Int)] = [
            (.unacceptableContentType, "com.alamofire.error.serialization.response", -1016),
            (.unacceptableStatusCode, "com.alamofire.error.serialization.response", -1011),
            (.invalidJSON, "NSCocoaErrorDomain", 3840),
            (.jsonFragmentNotAllowed, "NSCocoaErrorDomain", 3840),
            (.invalidPropertyList, "NSCocoaErrorDomain", 3840),
            (.invalidXML, "NSXMLParserErrorDomain", 0),
            (.unrecognizedImage, "NSURLErrorDomain", -1016),
            (.truncatedImage, "NSURLErrorDomain", -1016),
            (.missingContentType, "Alamofire.AFError", 0),
            (.inputDataNilOrZeroLength, "Alamofire.AFError", 0),
        ]
        for (code, domain, number) in table {
            let error = ResponseSerializationError(code: code, message: "")
            #expect(error.domain == domain, "\(code)")
            #expect(error.number == number, "\(code)")
        }
    }

    @Test func attachingFollowsAFErrorWithUnderlyingError() {
        #expect(ResponseSerializationError.attaching(below, to: nil) == below)
        #expect(ResponseSerializationError.attaching(nil, to: top) == top)
        var expected = top
        expected.underlyingError = below
        #expect(ResponseSerializationError.attaching(below, to: top) == expected)
        let third = ResponseSerializationError(code: .invalidJSON, message: "third")
        #expect(ResponseSerializationError.attaching(third, to: expected) == expected)
    }

    @Test func chainAndCodeSearch() {
        let error = ResponseSerializationError.attaching(below, to: top)!
        #expect(error.chain.map(\.message) == ["top", "below"])
        #expect(error.hasNumber(-1016, inDomain: "com.alamofire.error.serialization.response"))
        #expect(!error.hasNumber(-1016, inDomain: "NSURLErrorDomain"))
        #expect(
            error.description == "com.alamofire.error.serialization.response -1011 (unacceptableStatusCode): top"
                + " <- com.alamofire.error.serialization.response -1016 (unacceptableContentType): below"
        )
    }
}
