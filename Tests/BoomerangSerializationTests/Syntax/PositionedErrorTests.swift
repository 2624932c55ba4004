import BoomerangSerialization
import Testing

/// The parse errors share one shape (code, value, offset) and one description.
@Suite struct PositionedErrorTests {
    /// What a caller that knows only the shape reads of an error.
    private func shape(_ error: some PositionedError) -> (code: String, value: String, offset: Int?) {
        (error.code.description, error.valueText, error.byteOffset)
    }

    @Test func everyParserErrorReadsAlike() throws {
        var shapes: [(code: String, value: String, offset: Int?)] = []
        do { _ = try JSONParser().parse(Array("[01]".utf8)) } catch { shapes.append(shape(error)) }
        do { _ = try MediaType(parsing: "text/ plain") } catch { shapes.append(shape(error)) }
        do { _ = try PercentDecoder().decode("a%G1") } catch { shapes.append(shape(error)) }
        shapes.append(shape(MultipartParserError(code: .invalidHeaderByte, value: "A: b\r", offset: 9)))
        shapes.append(shape(PropertyListReadError(code: .inputTooLarge, value: "")))
        #expect(shapes.map(\.code) == ["invalidNumber", "invalidSubtype", "malformedEscape", "invalidHeaderByte", "inputTooLarge"])
        #expect(shapes.map(\.offset) == [1, 5, 1, 9, nil])
        #expect(shapes[2].value == "%G1")
        #expect(shapes[3].value == #"A: b\r"#)
    }

    @Test func oneDescriptionLeavesOutWhatIsMissing() {
        #expect("\(JSONParseError(code: .unexpectedEnd, value: "", offset: 0))" == "JSON unexpectedEnd at byte 0")
        #expect("\(PropertyListReadError(code: .emptyInput, value: ""))" == "property list emptyInput")
        #expect(
            "\(MultipartParserError(code: .invalidHeaderByte, value: [0x41, 0x0D, 0xFF], offset: 9))"
                == #"multipart invalidHeaderByte at byte 9: "A\r\xff""#)
        #expect("\(MediaTypeError(code: .missingSlash, value: "text", offset: 4))" == #"media type missingSlash at byte 4: "text""#)
    }
}
