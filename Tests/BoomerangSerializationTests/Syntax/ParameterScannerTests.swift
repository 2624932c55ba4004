import Testing

@testable import BoomerangSerialization

/// The one `; name=value` reader: the strict grammar by default, and each leniency on its own.
@Suite struct ParameterScannerTests {
    private func scan(
        _ text: String,
        _ configure: (inout ParameterScannerConfiguration) -> Void = { _ in }
    ) throws(ParameterSyntaxError) -> [String] {
        var configuration = ParameterScannerConfiguration.strict
        configure(&configuration)
        let bytes = Array(text.utf8)
        let parameters = try ParameterScanner(configuration: configuration).parameters(in: bytes, from: 0)
        return parameters.map { "\($0.name)=\($0.value)" }
    }

    private func failure(
        _ text: String,
        _ configure: (inout ParameterScannerConfiguration) -> Void = { _ in }
    ) -> ParameterSyntaxError? {
        do {
            _ = try scan(text, configure)
            return nil
        } catch {
            return error
        }
    }

    @Test func strictReadsTokensAndQuotedStrings() throws {
        #expect(try scan(#"; a=1;B="x \"y\" z" ;; c=""  "#) == [#"a=1"#, #"b=x "y" z"#, "c="])
        #expect(try scan("") == [])
        #expect(try scan(" ; ") == [])
    }

    @Test func strictRefusesWithOffsets() {
        #expect(failure("; a") == ParameterSyntaxError(code: .invalidName, offset: 3))
        #expect(failure("; a =1") == ParameterSyntaxError(code: .invalidName, offset: 3))
        #expect(failure("; =1") == ParameterSyntaxError(code: .invalidName, offset: 2))
        #expect(failure("; a=") == ParameterSyntaxError(code: .invalidValue, offset: 4))
        #expect(failure("; a= 1") == ParameterSyntaxError(code: .invalidValue, offset: 4))
        #expect(failure("; a=1 x") == ParameterSyntaxError(code: .unexpectedByte, offset: 6))
        #expect(failure("x") == ParameterSyntaxError(code: .unexpectedByte, offset: 0))
        #expect(failure(#"; a="open"#) == ParameterSyntaxError(code: .unterminatedQuotedString, offset: 4))
        #expect(failure("; a=\"\u{1}\"") == ParameterSyntaxError(code: .invalidQuotedString, offset: 5))
        #expect(failure("; a=\"\\\u{7F}\"") == ParameterSyntaxError(code: .invalidQuotedString, offset: 6))
        #expect(failure("; a=1; A=2") == ParameterSyntaxError(code: .duplicateName, offset: 7))
    }

    @Test func quotedStringStyles() throws {
        let text = "; p=\"C:\\x\\\"y\"; q=\"a;b\""
        #expect(try scan(text) == [#"p=C:x"y"#, "q=a;b"])
        #expect(try scan(text) { $0.quotedStrings = .anyByte } == [#"p=C:x"y"#, "q=a;b"])
        #expect(try scan("; p=\"\u{1}\"") { $0.quotedStrings = .anyByte } == ["p=\u{1}"])
        #expect(failure("; p=\"x") { $0.quotedStrings = .anyByte }?.code == .unterminatedQuotedString)
        let verbatim: (inout ParameterScannerConfiguration) -> Void = {
            $0.quotedStrings = .verbatim
            $0.skipsMalformedParameters = true
        }
        #expect(try scan(#"; p="C:\x"; q="open;x=1"#, verbatim) == [#"p=C:\x"#, "q=open;x=1"])
        let unrecognized: (inout ParameterScannerConfiguration) -> Void = {
            $0.quotedStrings = .unrecognized
            $0.skipsMalformedParameters = true
            $0.duplicateNames = .keepAll
        }
        #expect(try scan(#"; a="x"; b="y; c=""; d=""#, unrecognized) == ["a=x", #"b="y"#, "c=", #"d=""#])
        #expect(failure(#"; a="x""#) { $0.quotedStrings = .unrecognized }?.code == .invalidValue)
    }

    @Test func nameCaseIsFoldedUnlessPreserved() throws {
        #expect(try scan("; Charset=UTF-8") == ["charset=UTF-8"])
        #expect(try scan("; Charset=UTF-8") { $0.preservesNameCase = true } == ["Charset=UTF-8"])
    }

    @Test func duplicatePolicies() throws {
        #expect(try scan("; a=1; A=2") { $0.duplicateNames = .keepAll } == ["a=1", "a=2"])
        #expect(try scan("; a=1; A=2; b=3") { $0.duplicateNames = .firstWins } == ["a=1", "b=3"])
        #expect(failure("; a=1; A=2") { $0.preservesNameCase = true }?.code == .duplicateName)
    }

    @Test func emptyValuesAndWhitespaceAroundEquals() throws {
        #expect(try scan("; a=; b=1") { $0.allowsEmptyValues = true } == ["a=", "b=1"])
        #expect(try scan("; a =\t1") { $0.allowsWhitespaceAroundEquals = true } == ["a=1"])
        #expect(failure("; a = ") { $0.allowsWhitespaceAroundEquals = true }?.code == .invalidValue)
    }

    @Test func malformedParametersAreSkippedWhenAllowed() throws {
        let lenient: (inout ParameterScannerConfiguration) -> Void = {
            $0.skipsMalformedParameters = true
            $0.allowsWhitespaceAroundEquals = true
            $0.allowsEmptyValues = true
        }
        #expect(try scan(#"; flag; =x; a b = c d ; e="q" junk; f"#, lenient) == ["a b=c d", "e=q"])
        #expect(try scan("; x=@{}", lenient) == ["x=@{}"])
        // A name-less parameter is dropped, but its value is still read: an unclosed quote fails.
        #expect(failure(#"; ="open"#, lenient) == ParameterSyntaxError(code: .unterminatedQuotedString, offset: 3))
    }

    @Test func offsetsPointAtNamesAndValues() throws {
        let bytes = Array(#"x; a=1; b="q""#.utf8)
        let parameters = try ParameterScanner().parameters(in: bytes, from: 1)
        #expect(parameters.map(\.nameOffset) == [3, 8])
        #expect(parameters.map(\.valueOffset) == [5, 11])
    }

    @Test func leadingValueIsTrimmedAndEndsAtTheFirstSemicolon() {
        let bytes = Array(" \tform-data \t; name=x".utf8)
        let (range, end) = ParameterScanner.leadingValue(in: bytes)
        #expect(String(decoding: bytes[range], as: UTF8.self) == "form-data")
        #expect(end == 13)
        #expect(ParameterScanner.leadingValue(in: Array("  ".utf8)).range.isEmpty)
    }
}
