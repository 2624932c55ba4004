import BoomerangSerialization
import Testing

@Suite struct ImageResponseSerializerTests {
    let serializer = ImageResponseSerializer()

    @Test func acceptableTypesAreAFNetworkingsListExactly() {
        #expect(
            serializer.base.acceptableContentTypes == [
                "image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon",
                "image/bmp", "image/x-bmp", "image/x-xbitmap", "image/x-win-bitmap",
            ]
        )
        #expect(serializer.undecodableImagePolicy == .nilObject)
    }

    @Test(arguments: ["image/webp", "image/svg+xml", "image/jp2", "image/x-ms-bmp"])
    func otherImageTypesAreRejected(contentType: String) {
        let response = ResponseValue.fixture(contentType: contentType)
        let data = ImageFixtures.webpLossless(width: 2, height: 2)
        #expect(
            serializer.serialize(response: response, data: data)
                == ResponseSerialization(object: nil, error: .contentType(response, data))
        )
    }

    @Test func pngDecodes() {
        let data = ImageFixtures.png(width: 3, height: 2)
        let result = serializer.serialize(response: .fixture(contentType: "image/png"), data: data)
        #expect(
            result
                == ResponseSerialization(object: ImageInfo(format: .png, width: 3, height: 2, data: data), error: nil)
        )
        #expect(
            serializer.serializeResponseObject(response: nil, data: data).object
                == .image(ImageInfo(format: .png, width: 3, height: 2, data: data))
        )
    }

    @Test func formatIsSniffedNotTakenFromTheContentType() {
        let data = ImageFixtures.gif(width: 1, height: 1)
        #expect(serializer.serialize(response: .fixture(contentType: "image/png"), data: data).object?.format == .gif)
    }

    @Test(arguments: [[UInt8]?.none, .some([])])
    func emptyDataGivesNil(data: [UInt8]?) {
        #expect(
            serializer.serialize(response: .fixture(contentType: "image/png"), data: data)
                == ResponseSerialization(object: nil, error: nil)
        )
    }

    @Test func badStatusWithImageGivesObjectAndStatusError() {
        let response = ResponseValue.fixture(status: 404, contentType: "image/jpeg")
        let data = ImageFixtures.jpeg(width: 8, height: 8)
        let result = serializer.serialize(response: response, data: data)
        #expect(result.object?.width == 8)
        #expect(result.error == .status(response, data, "not found"))
    }

    @Test func undecodableDataIsAnErrorOnTopOfValidationWhenAsked() {
        let response = ResponseValue.fixture(status: 500, contentType: "image/png")
        let data = Array(ImageFixtures.png(width: 3, height: 2).prefix(10))
        let result = ImageResponseSerializer(undecodableImagePolicy: .error).serialize(response: response, data: data)
        #expect(result.object == nil)
        #expect(
            result.error
                == ResponseSerializationError(
                    code: .truncatedImage,
                    message: "The image data ends inside its header.",
                    offset: 10,
                    underlyingError: .status(response, data, "internal server error")
                )
        )
    }

    @Test func defaultPolicyMatchesAFNetworking() {
        let lenient = ImageResponseSerializer()
        #expect(
            lenient.serialize(response: .fixture(contentType: "image/png"), data: bytes("nope"))
                == ResponseSerialization(object: nil, error: nil)
        )
        let response = ResponseValue.fixture(status: 404, contentType: "image/png")
        #expect(
            lenient.serialize(response: response, data: bytes("nope"))
                == ResponseSerialization(object: nil, error: .status(response, bytes("nope"), "not found"))
        )
    }

    @Test func noErrorPointerGivesNilForInvalidResponses() {
        let data = ImageFixtures.png(width: 1, height: 1)
        #expect(
            serializer.objectIgnoringErrors(response: .fixture(status: 404, contentType: "image/png"), data: data)
                == nil
        )
        #expect(serializer.objectIgnoringErrors(response: .fixture(contentType: "image/png"), data: data)?.height == 1)
    }
}
