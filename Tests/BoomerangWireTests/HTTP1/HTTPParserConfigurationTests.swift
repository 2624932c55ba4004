import BoomerangSerialization
import BoomerangWire
import Testing

@Suite struct HTTPParserConfigurationTests {
    @Test func defaultsFollowTheRobustnessSpecAndAreStrict() {
        let configuration = HTTPParserConfiguration()
        #expect(configuration.maxRequestLineBytes == 8192)
        #expect(configuration.maxHeaderBytes == 32768)
        #expect(configuration.maxHeaderCount == 256)
        #expect(configuration.maxBodyBytes == 10 * 1024 * 1024)
        #expect(configuration.maxChunkSizeBytes == 64)
        #expect(configuration.maxChunkExtensionBytes == 4096)
        #expect(configuration.maxTotalChunkExtensionBytes == 65536)
        #expect(!configuration.keepsTrailers)
        #expect(!configuration.allowsBareLineFeed)
        #expect(!configuration.allowsObsoleteLineFolding)
        #expect(!configuration.ignoresLeadingEmptyLines)
        #expect(!configuration.allowsMissingHost)
        #expect(!configuration.keepsRawHead)
    }

    @Test func statusesOfEveryCode() {
        let statuses: [(HTTPParseError.Code, Int)] = [
            (.invalidRequestLine, 400), (.invalidMethod, 400), (.invalidTarget, 400), (.invalidVersion, 400),
            (.unsupportedVersion, 505), (.requestLineTooLong, 414), (.leadingEmptyLine, 400), (.bareLineFeed, 400),
            (.bareCarriageReturn, 400), (.emptyHeaderName, 400), (.invalidHeaderName, 400), (.missingColon, 400),
            (.invalidHeaderValue, 400), (.obsoleteLineFolding, 400), (.headersTooLarge, 431), (.tooManyHeaders, 431),
            (.missingHost, 400), (.duplicateHost, 400), (.invalidHost, 400), (.invalidContentLength, 400),
            (.conflictingContentLength, 400), (.contentLengthOverflow, 413), (.contentLengthWithTransferEncoding, 400),
            (.unsupportedTransferEncoding, 501), (.invalidTransferEncoding, 400), (.duplicateTransferEncoding, 400),
            (.transferEncodingOnHTTP10, 400), (.bodyNotAllowed, 400), (.bodyTooLarge, 413), (.unsupportedExpectation, 417),
            (.invalidChunkSize, 400), (.invalidChunkExtension, 400), (.chunkSizeOverflow, 413),
            (.chunkSizeLineTooLong, 400), (.chunkExtensionTooLong, 400), (.missingChunkTerminator, 400),
            (.truncatedMessage, 400),
        ]
        for (code, status) in statuses {
            #expect(code.status == status, "\(code)")
        }
        #expect(Set(statuses.map(\.0.name)).count == statuses.count)
    }
}
