import BoomerangSerialization
import Testing

@Suite struct XMLParserResponseSerializerTests {
    let serializer = XMLParserResponseSerializer()

    @Test(arguments: ["application/xml", "text/xml", "Text/XML; charset=utf-8"])
    func returnsTheBytesUnparsed(contentType: String) {
        let data = bytes("<a><unclosed>")
        #expect(
            serializer.serialize(response: .fixture(contentType: contentType), data: data)
                == ResponseSerialization(object: data, error: nil)
        )
    }

    @Test func emptyDataStillGivesAParserButNilDataDoesNot() {
        let response = ResponseValue.fixture(contentType: "application/xml")
        #expect(serializer.serialize(response: response, data: []) == ResponseSerialization(object: [], error: nil))
        #expect(serializer.serialize(response: response, data: nil) == ResponseSerialization(object: nil, error: nil))
    }

    @Test func wrongTypeGivesNilAndError() {
        let response = ResponseValue.fixture(contentType: "application/json")
        let data = bytes("<a/>")
        #expect(
            serializer.serialize(response: response, data: data)
                == ResponseSerialization(object: nil, error: .contentType(response, data))
        )
    }

    @Test func badStatusGivesParserAndError() {
        let response = ResponseValue.fixture(status: 503, contentType: "text/xml")
        let data = bytes("<a/>")
        #expect(
            serializer.serialize(response: response, data: data)
                == ResponseSerialization(object: data, error: .status(response, data, "service unavailable"))
        )
        #expect(serializer.objectIgnoringErrors(response: response, data: data) == nil)
        #expect(serializer.serializeResponseObject(response: nil, data: data).object == .xmlParser(data))
    }
}
