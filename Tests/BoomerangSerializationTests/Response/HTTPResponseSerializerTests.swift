import BoomerangSerialization
import Testing

@Suite struct HTTPResponseSerializerTests {
    let json = HTTPResponseSerializer(acceptableContentTypes: ["application/json"])

    @Test func defaultsAreSuccessCodesAndUncheckedTypes() {
        let serializer = HTTPResponseSerializer()
        #expect(serializer.acceptableStatusCodes == Set(200..<300))
        #expect(serializer.acceptableContentTypes == nil)
        #expect(serializer.mode == .afNetworking)
        #expect(serializer.statusTextStyle == .darwin)
    }

    @Test func acceptableTypeAndStatusIsValid() {
        let response = ResponseValue.fixture(contentType: "application/json")
        #expect(json.validate(response: response, data: bytes("{}")) == .valid)
    }

    @Test func wrongTypeWithBodyIsContentTypeError() {
        let response = ResponseValue.fixture(contentType: "text/html")
        let data = bytes("hello")
        let validation = json.validate(response: response, data: data)
        #expect(validation == ResponseValidation(isValid: false, error: .contentType(response, data)))
        #expect(validation.error?.number == -1016)
        #expect(validation.error?.domain == "com.alamofire.error.serialization.response")
        #expect(validation.error?.message == "Request failed: unacceptable content-type: text/html")
    }

    @Test(arguments: [[UInt8]?.none, .some([])])
    func wrongTypeWithEmptyBodyIsInvalidWithoutError(data: [UInt8]?) {
        let response = ResponseValue.fixture(contentType: "text/html")
        #expect(json.validate(response: response, data: data) == ResponseValidation(isValid: false, error: nil))
    }

    @Test(arguments: [[UInt8]?.none, .some([])])
    func noContentTypeWithEmptyBodyIsValid(data: [UInt8]?) {
        #expect(json.validate(response: .fixture(status: 204), data: data) == .valid)
    }

    @Test func noContentTypeWithBodyIsNullContentTypeError() {
        let response = ResponseValue.fixture()
        let data = bytes("x")
        let validation = json.validate(response: response, data: data)
        #expect(validation.error == .contentType(response, data))
        #expect(validation.error?.message == "Request failed: unacceptable content-type: (null)")
    }

    @Test func wrongTypeWithoutURLIsInvalidWithoutError() {
        let response = ResponseValue.fixture(contentType: "text/html", url: nil)
        #expect(json.validate(response: response, data: bytes("x")) == ResponseValidation(isValid: false, error: nil))
    }

    @Test func badStatusIsStatusError() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/json")
        let data = bytes("{}")
        let validation = json.validate(response: response, data: data)
        #expect(validation == ResponseValidation(isValid: false, error: .status(response, data, "not found")))
        #expect(validation.error?.number == -1011)
        #expect(validation.error?.message == "Request failed: not found (404)")
        #expect(validation.error?.response == response)
        #expect(validation.error?.data == data)
    }

    @Test func statusErrorIsOnTopOfContentTypeError() {
        let response = ResponseValue.fixture(status: 500, contentType: "text/html")
        let data = bytes("<h1>boom</h1>")
        let validation = json.validate(response: response, data: data)
        let expected = ResponseSerializationError.status(
            response,
            data,
            "internal server error",
            underlying: .contentType(response, data)
        )
        #expect(validation == ResponseValidation(isValid: false, error: expected))
        #expect(validation.error?.chain.map(\.number) == [-1011, -1016])
    }

    @Test func badStatusWithWrongTypeAndEmptyBodyHasOnlyTheStatusError() {
        let response = ResponseValue.fixture(status: 404, contentType: "text/html")
        let validation = json.validate(response: response, data: [])
        #expect(validation.error == .status(response, [], "not found"))
        #expect(validation.error?.underlyingError == nil)
    }

    @Test func nilDataLeavesNoDataInTheError() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/json")
        #expect(json.validate(response: response, data: nil).error?.data == nil)
    }

    @Test func statusIsNotCheckedWithoutURL() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/json", url: nil)
        #expect(json.validate(response: response, data: bytes("{}")) == .valid)
    }

    @Test func nilResponseIsValid() {
        #expect(json.validate(response: nil, data: bytes("anything")) == .valid)
    }

    @Test func nilSetsAreUnchecked() {
        let serializer = HTTPResponseSerializer(acceptableStatusCodes: nil, acceptableContentTypes: nil)
        #expect(serializer.validate(response: .fixture(status: 500, contentType: "x/y"), data: bytes("z")) == .valid)
    }

    @Test func emptyStatusSetRejectsEverything() {
        let serializer = HTTPResponseSerializer(acceptableStatusCodes: [])
        #expect(!serializer.validate(response: .fixture(status: 200), data: nil).isValid)
    }

    @Test(arguments: [
        ("Application/JSON; charset=UTF-8", true),
        ("APPLICATION/JSON", true),
        ("application/problem+json", false),
        ("application/json-patch+json", false),
        ("text/json", false),
    ])
    func contentTypeMatchIsExactMembershipOfTheParsedType(contentType: String, valid: Bool) {
        let validation = json.validate(response: .fixture(contentType: contentType), data: bytes("{}"))
        #expect(validation.isValid == valid)
    }

    @Test func wildcardsAreNotUnderstoodInAFNetworkingMode() {
        let serializer = HTTPResponseSerializer(acceptableContentTypes: ["application/*", "*/*"])
        #expect(!serializer.validate(response: .fixture(contentType: "application/json"), data: bytes("{}")).isValid)
    }

    @Test func linuxStatusTextStyle() {
        var serializer = json
        serializer.statusTextStyle = .linux
        let response = ResponseValue.fixture(status: 404, contentType: "application/json")
        #expect(serializer.validate(response: response, data: nil).error?.message == "Request failed: Not Found (404)")
    }

    @Test func serializeAlwaysReturnsTheData() {
        let response = ResponseValue.fixture(status: 500, contentType: "text/html")
        let data = bytes("oops")
        let result = json.serialize(response: response, data: data)
        #expect(result.object == data)
        #expect(result.error?.code == .unacceptableStatusCode)
        #expect(
            json.serialize(response: response, data: nil)
                == ResponseSerialization(object: nil, error: .status(response, nil, "internal server error"))
        )
        #expect(json.objectIgnoringErrors(response: response, data: data) == data)
        #expect(json.serializeResponseObject(response: response, data: data).object == .data(data))
    }

    // MARK: - The gate (spec §2.3)

    @Test func gateStopsOnContentTypeErrorAnywhereInTheChain() {
        let response = ResponseValue.fixture(status: 404, contentType: "text/html")
        let data = bytes("x")
        let expected = ResponseSerializationError.status(
            response,
            data,
            "not found",
            underlying: .contentType(response, data)
        )
        #expect(json.gate(response: response, data: data) == .stop(expected))
    }

    @Test func gateProceedsOnStatusOnlyFailure() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/json")
        let data = bytes("{}")
        #expect(json.gate(response: response, data: data) == .proceed(.status(response, data, "not found")))
    }

    @Test func gateProceedsWhenInvalidWithoutError() {
        #expect(json.gate(response: .fixture(contentType: "text/html"), data: []) == .proceed(nil))
    }

    @Test func gateWithoutErrorPointerStopsOnAnyFailure() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/json")
        #expect(json.gate(response: response, data: bytes("{}"), reportsErrors: false) == .stop(nil))
        #expect(
            json.gate(response: .fixture(contentType: "application/json"), data: bytes("{}"), reportsErrors: false)
                == .proceed(nil)
        )
    }
}

@Suite struct AlamofireValidationTests {
    func serializer(
        _ types: Set<String>?,
        status: Set<Int>? = Set(200..<300),
        configuration: AlamofireConfiguration = AlamofireConfiguration()
    ) -> HTTPResponseSerializer {
        HTTPResponseSerializer(acceptableStatusCodes: status, acceptableContentTypes: types, mode: .alamofire(configuration))
    }

    @Test(arguments: [
        ("application/json", "application/json", true),
        ("application/*", "application/json", true),
        ("*/json", "application/json", true),
        ("*/*", "image/png", true),
        ("text/*", "application/json", false),
        ("application/json", "application/problem+json", false),
        ("application/json; q=0.8; charset=utf-8", "application/json", true),
    ])
    func wildcardMatching(acceptable: String, contentType: String, valid: Bool) {
        let validation = serializer([acceptable]).validate(
            response: .fixture(contentType: contentType),
            data: bytes("{}")
        )
        #expect(validation.isValid == valid)
    }

    @Test func unacceptableContentTypeError() {
        let response = ResponseValue.fixture(contentType: "text/html")
        let data = bytes("<p>")
        let validation = serializer(["application/json", "text/json"]).validate(response: response, data: data)
        let expected = ResponseSerializationError(
            code: .unacceptableContentType,
            message:
                "Response Content-Type \"text/html\" does not match any acceptable types: application/json,text/json.",
            response: response,
            data: data,
            domain: "Alamofire.AFError",
            number: 0
        )
        #expect(validation == ResponseValidation(isValid: false, error: expected))
    }

    @Test(arguments: [[UInt8]?.none, .some([])])
    func emptyDataPassesContentTypeRegardless(data: [UInt8]?) {
        #expect(
            serializer(["application/json"]).validate(response: .fixture(contentType: "text/html"), data: data)
                == .valid
        )
    }

    @Test func missingContentTypePassesOnlyWithStarSlashStar() {
        let response = ResponseValue.fixture()
        let data = bytes("x")
        #expect(serializer(["*/*"]).validate(response: response, data: data) == .valid)
        let validation = serializer(["text/*", "application/json"]).validate(response: response, data: data)
        #expect(validation.error?.code == .missingContentType)
        #expect(validation.error?.domain == "Alamofire.AFError")
        #expect(
            validation.error?.message
                == "Response Content-Type was missing and acceptable content types (application/json,text/*) do not match \"*/*\"."
        )
    }

    @Test func firstFailureWinsAndURLDoesNotMatter() {
        let response = ResponseValue.fixture(status: 404, contentType: "text/html", url: nil)
        let validation = serializer(["application/json"]).validate(response: response, data: bytes("x"))
        #expect(validation.error?.code == .unacceptableStatusCode)
        #expect(validation.error?.message == "Response status code was unacceptable: 404.")
        #expect(validation.error?.underlyingError == nil)
    }

    @Test func emptyStatusSetAlwaysFails() {
        #expect(
            serializer(nil, status: []).validate(response: .fixture(), data: nil).error?.code == .unacceptableStatusCode
        )
    }

    @Test func failureGivesNoObject() {
        let result = serializer(nil).serialize(response: .fixture(status: 500), data: bytes("body"))
        #expect(result.object == nil)
        #expect(result.error?.code == .unacceptableStatusCode)
        let expected = ResponseSerializationError(
            code: .unacceptableStatusCode,
            message: "Response status code was unacceptable: 500.",
            response: .fixture(status: 500),
            data: nil,
            domain: "Alamofire.AFError",
            number: 0
        )
        #expect(serializer(nil).gate(response: .fixture(status: 500), data: nil) == .stop(expected))
    }

    @Test(arguments: [
        (204, HTTPMethod?.none, true), (205, nil, true), (200, .head, true), (200, .get, false), (200, nil, false),
    ])
    func emptyResponsesFollowCodesAndMethods(status: Int, method: HTTPMethod?, allowed: Bool) {
        let result = serializer(nil).serialize(response: .fixture(status: status, method: method), data: [])
        if allowed {
            #expect(result == ResponseSerialization(object: [], error: nil))
        } else {
            #expect(result.object == nil)
            #expect(
                result.error
                    == ResponseSerializationError(
                        code: .inputDataNilOrZeroLength,
                        message: "Response could not be serialized, input data was nil or zero length."
                    )
            )
        }
    }

    @Test func googleXSSIPrefixIsDropped() {
        let configuration = AlamofireConfiguration(dataPreprocessor: .googleXSSI)
        let result = serializer(nil, configuration: configuration).serialize(response: .fixture(), data: bytes(")]}',\n{\"a\":1}"))
        #expect(result.object == bytes("{\"a\":1}"))
        #expect(AlamofireConfiguration.DataPreprocessor.googleXSSI.process(bytes(")]}'{}")) == bytes(")]}'{}"))
    }
}
