import BoomerangSerialization
import Testing

@Suite struct JSONResponseSerializerTests {
    let serializer = JSONResponseSerializer()

    @Test func defaults() {
        #expect(serializer.base.acceptableContentTypes == ["application/json", "text/json", "text/javascript"])
        #expect(serializer.base.acceptableStatusCodes == Set(200..<300))
        #expect(!serializer.allowsFragments)
        #expect(!serializer.removesKeysWithNullValues)
        #expect(serializer.parserConfiguration.maxDepth == 512)
    }

    @Test(arguments: ["application/json", "text/json", "text/javascript", "Application/JSON; charset=UTF-8"])
    func acceptableTypesDecode(contentType: String) {
        let result = serializer.serialize(
            response: .fixture(contentType: contentType),
            data: bytes(#"{"a":[1,2.5,"x",true]}"#)
        )
        #expect(result == ResponseSerialization(object: ["a": [1, 2.5, "x", true]], error: nil))
    }

    @Test func badStatusWithDecodableBodyGivesObjectAndStatusError() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/json")
        let data = bytes(#"{"error":"missing"}"#)
        let result = serializer.serialize(response: response, data: data)
        #expect(result.object == ["error": "missing"])
        #expect(result.error == .status(response, data, "not found"))
        #expect(serializer.objectIgnoringErrors(response: response, data: data) == nil)
    }

    @Test func wrongTypeWithBodyGivesNilAndContentTypeError() {
        let response = ResponseValue.fixture(contentType: "text/html")
        let data = bytes("hello")
        #expect(
            serializer.serialize(response: response, data: data)
                == ResponseSerialization(object: nil, error: .contentType(response, data))
        )
    }

    @Test func wrongTypeWithBodyAndBadStatusStops() {
        let response = ResponseValue.fixture(status: 500, contentType: "text/html")
        let data = bytes(#"{"a":1}"#)
        let result = serializer.serialize(response: response, data: data)
        #expect(result.object == nil)
        #expect(
            result.error == .status(response, data, "internal server error", underlying: .contentType(response, data))
        )
    }

    @Test func applicationProblemJSONFails() {
        let response = ResponseValue.fixture(status: 400, contentType: "application/problem+json")
        let result = serializer.serialize(response: response, data: bytes(#"{"title":"x"}"#))
        #expect(result.object == nil)
        #expect(result.error?.chain.map(\.code) == [.unacceptableStatusCode, .unacceptableContentType])
    }

    @Test(
        arguments: [
            ("text/html", [UInt8]?.some([])), ("text/html", nil), ("application/json", []), ("application/json", nil),
            ("application/json", [0x20]), (nil, []),
        ] as [(String?, [UInt8]?)]
    )
    func emptyOrSingleSpaceBodyGivesNilWithoutError(contentType: String?, data: [UInt8]?) {
        let result = serializer.serialize(response: .fixture(contentType: contentType), data: data)
        #expect(result == ResponseSerialization(object: nil, error: nil))
    }

    @Test func singleSpaceWithoutContentTypeIsAContentTypeFailure() {
        let response = ResponseValue.fixture()
        #expect(
            serializer.serialize(response: response, data: [0x20])
                == ResponseSerialization(object: nil, error: .contentType(response, [0x20]))
        )
    }

    @Test func singleSpaceWithBadStatusKeepsTheStatusError() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/json")
        #expect(
            serializer.serialize(response: response, data: [0x20])
                == ResponseSerialization(object: nil, error: .status(response, [0x20], "not found"))
        )
    }

    @Test func twoSpacesAreAParseError() {
        let result = serializer.serialize(response: .fixture(contentType: "application/json"), data: bytes("  "))
        #expect(result.object == nil)
        #expect(result.error?.code == .invalidJSON)
        #expect(result.error?.offset == 2)
    }

    @Test func invalidJSONIsCocoa3840WithOffset() {
        let result = serializer.serialize(response: .fixture(contentType: "application/json"), data: bytes("[1,]"))
        let error = JSONParseError(code: .unexpectedByte, value: "]", offset: 3)
        #expect(
            result
                == ResponseSerialization(
                    object: nil,
                    error: ResponseSerializationError(code: .invalidJSON, message: error.description, offset: 3)
                )
        )
        #expect(result.error?.domain == "NSCocoaErrorDomain")
        #expect(result.error?.number == 3840)
    }

    @Test func parseErrorIsOnTopOfTheValidationError() {
        let response = ResponseValue.fixture(status: 500, contentType: "application/json")
        let data = bytes(#"{"a":}"#)
        let result = serializer.serialize(response: response, data: data)
        #expect(result.object == nil)
        #expect(result.error?.code == .invalidJSON)
        #expect(result.error?.offset == 5)
        #expect(result.error?.response == nil)
        #expect(result.error?.underlyingError == .status(response, data, "internal server error"))
        #expect(serializer.objectIgnoringErrors(response: .fixture(contentType: "application/json"), data: data) == nil)
    }

    @Test(arguments: [#""str""#, "123", "true", "null", " 1.5 "])
    func fragmentsAreRejectedByDefault(text: String) {
        let result = serializer.serialize(response: .fixture(contentType: "application/json"), data: bytes(text))
        #expect(
            result
                == ResponseSerialization(
                    object: nil,
                    error: ResponseSerializationError(
                        code: .jsonFragmentNotAllowed,
                        message: "JSON text did not start with array or object and option to allow fragments not set.",
                        offset: 0
                    )
                )
        )
        #expect(result.error?.number == 3840)
    }

    @Test func fragmentsAreAcceptedWhenAllowed() {
        let allowing = JSONResponseSerializer(allowsFragments: true)
        let response = ResponseValue.fixture(contentType: "application/json")
        #expect(allowing.serialize(response: response, data: bytes(#""str""#)).object == "str")
        #expect(allowing.serialize(response: response, data: bytes("null")).object == .null)
    }

    @Test func nullsAreRemovedAtEveryDepthIncludingArrayElements() {
        let removing = JSONResponseSerializer(removesKeysWithNullValues: true)
        let data = bytes(#"{"a":null,"b":[1,null,{"c":null,"d":[null]}],"e":{"f":{"g":null,"h":0}},"i":"x"}"#)
        let result = removing.serialize(response: .fixture(contentType: "application/json"), data: data)
        #expect(result.object == ["b": [1, ["d": []]], "e": ["f": ["h": 0]], "i": "x"])
        #expect(JSONResponseSerializer.removingNulls([nil, [nil]]) == [[]])
        #expect(JSONResponseSerializer.removingNulls(nil) == nil)
    }

    @Test func nullsAreKeptByDefault() {
        let result = serializer.serialize(
            response: .fixture(contentType: "application/json"),
            data: bytes(#"{"a":null,"b":[null]}"#)
        )
        #expect(result.object == ["a": nil, "b": [nil]])
    }

    @Test func otherEncodingsDecodeLikeFoundation() {
        let text = #"{"é":[1]}"#
        let utf16LE = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32LE = text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8(scalar.value >> (8 * $0) & 0xFF) } }
        let response = ResponseValue.fixture(contentType: "application/json")
        for body in [
            [0xEF, 0xBB, 0xBF] + bytes(text), [0xFF, 0xFE] + utf16LE, [0xFE, 0xFF] + utf16BE, utf16LE, utf16BE,
            utf32LE, [0xFF, 0xFE, 0x00, 0x00] + utf32LE,
        ] {
            #expect(
                serializer.serialize(response: response, data: body)
                    == ResponseSerialization(object: ["é": [1]], error: nil)
            )
        }
    }

    @Test func offsetsInUTF8BodiesCountTheByteOrderMark() {
        let result = serializer.serialize(
            response: .fixture(contentType: "application/json"),
            data: [0xEF, 0xBB, 0xBF] + bytes("[1,]")
        )
        #expect(result.error?.offset == 6)
        let bomOnly = serializer.serialize(
            response: .fixture(contentType: "application/json"),
            data: [0xEF, 0xBB, 0xBF]
        )
        #expect(bomOnly.error?.code == .invalidJSON)
    }

    @Test func malformedUTF16IsAParseError() {
        let result = serializer.serialize(
            response: .fixture(contentType: "application/json"),
            data: [0xFF, 0xFE, 0x5B, 0x00, 0x00, 0xD8]
        )
        #expect(result.error?.code == .invalidJSON)
        #expect(result.error?.offset == 4)
    }

    @Test func depthFollowsFoundationsLimit() {
        let response = ResponseValue.fixture(contentType: "application/json")
        let deep = bytes(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        #expect(serializer.serialize(response: response, data: deep).error == nil)
        let tooDeep = bytes(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
        #expect(serializer.serialize(response: response, data: tooDeep).error?.code == .invalidJSON)
    }

    @Test func veryDeepNestingIsAnErrorNotACrash() {
        let depth = 1_000_000
        let data = bytes(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        let result = serializer.serialize(response: .fixture(contentType: "application/json"), data: data)
        #expect(result.error?.code == .invalidJSON)
        #expect(result.error?.offset == 512)
    }

    @Test func nilResponseDecodes() {
        #expect(serializer.serialize(response: nil, data: bytes("[1]")).object == [1])
    }

    @Test func erasesToJSONObject() {
        #expect(serializer.serializeResponseObject(response: nil, data: bytes("[1]")).object == .json([1]))
    }
}

@Suite struct JSONResponseSerializerAlamofireTests {
    let serializer = JSONResponseSerializer(
        base: HTTPResponseSerializer(
            acceptableContentTypes: JSONResponseSerializer.defaultAcceptableContentTypes,
            mode: .alamofire(AlamofireConfiguration())
        )
    )

    @Test func fragmentsAreAllowedByDefault() {
        #expect(serializer.allowsFragments)
        #expect(serializer.serialize(response: .fixture(contentType: "application/json"), data: bytes("1")).object == 1)
    }

    @Test func allowedEmptyResponseIsNull() {
        #expect(
            serializer.serialize(response: .fixture(status: 204), data: [])
                == ResponseSerialization(object: .null, error: nil)
        )
        #expect(serializer.serialize(response: .fixture(status: 200, method: .head), data: nil).object == .null)
    }

    @Test func otherEmptyResponseIsAnError() {
        let result = serializer.serialize(response: .fixture(contentType: "application/json"), data: [])
        #expect(result.object == nil)
        #expect(result.error?.code == .inputDataNilOrZeroLength)
    }

    @Test func singleSpaceIsAParseError() {
        #expect(
            serializer.serialize(response: .fixture(contentType: "application/json"), data: [0x20]).error?.code
                == .invalidJSON
        )
    }

    @Test func statusFailureGivesNoObject() {
        let result = serializer.serialize(
            response: .fixture(status: 404, contentType: "application/json"),
            data: bytes("{}")
        )
        #expect(result.object == nil)
        #expect(result.error?.code == .unacceptableStatusCode)
    }

    @Test func wildcardTypesAccepted() {
        let wild = JSONResponseSerializer(
            base: HTTPResponseSerializer(
                acceptableContentTypes: ["application/*"],
                mode: .alamofire(AlamofireConfiguration())
            )
        )
        #expect(
            wild.serialize(response: .fixture(contentType: "application/problem+json"), data: bytes("{}")).object == [:]
        )
    }
}
