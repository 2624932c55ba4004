import BoomerangClient
import BoomerangSerialization
import Testing

@Suite struct ClientErrorTests {
    @Test func eachStageReportsAFNetworkingsDomainAndCode() {
        let json = ClientError(
            code: .requestSerialization, value: "http://h/x", message: "m",
            requestSerializationError: .invalidJSON("nan")
        )
        #expect(json.domain == "com.alamofire.error.serialization.request")
        #expect(json.errorCode == -1016)
        let file = ClientError(
            code: .multipartBody, value: "http://h/x", message: "m",
            multipartError: MultipartFormDataError(code: .notAFileURL, value: "http://f")
        )
        #expect(file.domain == "com.alamofire.error.serialization.request")
        #expect(file.errorCode == -1000)
        let transport = ClientError(code: .transport, value: "http://h/x", message: "m", transportErrorCode: -1004)
        #expect(transport.domain == "NSURLErrorDomain")
        #expect(transport.errorCode == -1004)
        let url = ClientError(code: .invalidURL, value: "x", message: "m")
        #expect(url.domain == "NSURLErrorDomain")
        #expect(url.errorCode == -1000)
        let other = ClientError(code: ClientError.Code(rawValue: "custom"), value: "x", message: "m")
        #expect(other.domain == nil)
        #expect(other.errorCode == nil)
    }

    @Test func theDescriptionNamesStageURLCodeAndStatus() {
        let error = ClientError(
            code: .transport, value: "http://h/x", message: "Could not connect", transportErrorCode: -1004,
            response: ResponseValue(statusCode: 502)
        )
        #expect(error.description == "ClientError(transport: http://h/x, NSURLErrorDomain -1004, status 502: Could not connect)")
    }

    @Test func progressFractions() {
        #expect(TransferProgress(direction: .upload, completedBytes: 5, totalBytes: 10).fractionCompleted == 0.5)
        #expect(TransferProgress(direction: .upload, completedBytes: 0, totalBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(direction: .download, completedBytes: 7, totalBytes: nil).fractionCompleted == nil)
    }
}
