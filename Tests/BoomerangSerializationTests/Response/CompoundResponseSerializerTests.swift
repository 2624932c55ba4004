import BoomerangSamples
import BoomerangSerialization
import Testing

@Suite struct CompoundResponseSerializerTests {
    let compound = CompoundResponseSerializer([
        JSONResponseSerializer(), PropertyListResponseSerializer(), ImageResponseSerializer(),
    ])

    @Test func firstNonNilObjectWins() {
        let result = compound.serialize(response: .fixture(contentType: "application/json"), data: bytes("[1]"))
        #expect(result == ResponseSerialization(object: .json([1]), error: nil))
        let png = ImageFixtures.png(width: 4, height: 4)
        #expect(
            compound.serialize(response: .fixture(contentType: "image/png"), data: png).object
                == .image(ImageInfo(format: .png, width: 4, height: 4, data: png))
        )
    }

    @Test func winnersStatusErrorIsPassedOn() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/json")
        let data = bytes(#"{"a":1}"#)
        #expect(
            compound.serialize(response: response, data: data)
                == ResponseSerialization(object: .json(["a": 1]), error: .status(response, data, "not found"))
        )
    }

    @Test func noWinnerFallsBackToRawDataWithoutContentTypeCheck() {
        let data = bytes("hello")
        #expect(
            CompoundResponseSerializer([JSONResponseSerializer()]).serialize(
                response: .fixture(contentType: "text/html"),
                data: data
            )
                == ResponseSerialization(object: .data(data), error: nil)
        )
    }

    @Test func emptyJSONBodyFallsBackToEmptyData() {
        #expect(
            compound.serialize(response: .fixture(contentType: "application/json"), data: [])
                == ResponseSerialization(object: .data([]), error: nil)
        )
    }

    @Test func fallbackKeepsTheStatusError() {
        let response = ResponseValue.fixture(status: 500, contentType: "text/html")
        let data = bytes("<h1>")
        #expect(
            compound.serialize(response: response, data: data)
                == ResponseSerialization(object: .data(data), error: .status(response, data, "internal server error"))
        )
    }

    @Test func invalidJSONFallsBackToDataAndDropsTheParseError() {
        let data = bytes("{oops")
        #expect(
            compound.serialize(response: .fixture(contentType: "application/json"), data: data)
                == ResponseSerialization(object: .data(data), error: nil)
        )
    }

    @Test func neverNilForNonNilData() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let status = [200, 204, 404, 500][Int.random(in: 0..<4, using: &generator)]
            let type = [nil, "application/json", "text/html", "image/png", "application/x-plist"][
                Int.random(in: 0..<5, using: &generator)
            ]
            let data = (0..<Int.random(in: 0..<8, using: &generator)).map { _ in
                UInt8.random(in: 0x20...0x7E, using: &generator)
            }
            #expect(compound.serialize(response: .fixture(status: status, contentType: type), data: data).object != nil)
            #expect(
                compound.objectIgnoringErrors(response: .fixture(status: status, contentType: type), data: data) != nil
            )
        }
    }

    @Test func nilDataWithNoWinnerIsNil() {
        #expect(
            compound.serialize(response: .fixture(contentType: "application/json"), data: nil)
                == ResponseSerialization(object: nil, error: nil)
        )
    }

    @Test func emptyCompoundIsTheBaseSerializer() {
        let base = HTTPResponseSerializer(acceptableContentTypes: ["text/plain"])
        let response = ResponseValue.fixture(contentType: "text/html")
        let data = bytes("x")
        #expect(
            CompoundResponseSerializer([], base: base).serialize(response: response, data: data)
                == ResponseSerialization(object: .data(data), error: .contentType(response, data))
        )
    }
}
