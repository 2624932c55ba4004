import BoomerangEcho
import BoomerangSerialization
import Foundation
import Testing

@testable import BoomerangMocks
@testable import BoomerangServer

/// Reading mapping files: YAML and JSON alike, every error with its file and line.
@Suite struct MappingDocumentTests {
    func errors(_ text: String, file: String = "m.yaml") -> [String] {
        MappingLoader.parse(text, file: file, filesDirectory: nil).errors.map(\.description)
    }

    @Test func scalarsAreTypedAsInJSON() throws {
        let document = try MappingDocument.parse("a: no\nb: 12\nc: 1.5\nd: true\ne: '12'\nf: ~\ng: on\n", file: "x")
        #expect(document.root == ["a": "no", "b": 12, "c": 1.5, "d": true, "e": "12", "f": nil, "g": "on"])
    }

    @Test func jsonFilesReadLikeYAML() throws {
        let document = try MappingDocument.parse(#"{"request": {"method": "GET"}, "n": [1, 2.5, null]}"#, file: "x.json")
        #expect(document.root == ["request": ["method": "GET"], "n": [1, 2.5, nil]])
    }

    @Test func everyBrokenMappingOfAFileIsReportedWithItsLine() {
        let text = """
            mappings:
              - request: { urlPath: /ok }
                response: { body: fine }
              - request:
                  method: GET
                  urlPattern: "(unclosed"
                response: { body: x }
              - request: { urlPath: /x }
                respons: { body: typo }
              - request: { urlPath: /x, headers: { Accept: { sortOf: json } } }
                response: {}
            """
        let found = errors(text)
        #expect(found.count == 3)
        #expect(found[0].hasPrefix("m.yaml:6: mappings[1]: request.urlPattern: not a valid regular expression"), "\(found)")
        #expect(found[1].hasPrefix("m.yaml:9: mappings[2]: respons: unknown key"), "\(found)")
        #expect(found[2].hasPrefix("m.yaml:10: mappings[3]: request.headers.Accept: "), "\(found)")
    }

    @Test func theGoodMappingsOfAFileLoadBesideItsBrokenOnes() throws {
        let text = """
            mappings:
              - name: first
                request: { urlPath: /one }
                response: { body: one }
              - name: typo
                id: kept-id
                request: { urlPath: /two }
                response: { stauts: 200 }
              - request: { urlPath: /three }
                response: { body: three }
            """
        let result = MappingLoader.parse(text, file: "m.yaml", filesDirectory: nil)
        #expect(result.mappings?.map(\.name) == ["first", nil])
        #expect(result.fileErrors.isEmpty)
        let broken = try #require(result.broken.first)
        #expect(result.broken.count == 1)
        #expect(broken.index == 1)
        #expect(broken.id == "kept-id", "the id written in the broken mapping, to find its last good version")
        #expect(broken.error.index == 1)
        #expect(broken.error.name == "typo")
        #expect(broken.error.line == 8)
        #expect(broken.error.description.hasPrefix(#"m.yaml:8: mappings[1] "typo": response.stauts: unknown key"#), "\(broken.error)")
        let single = MappingLoader.parse("name: solo\nrequest: {}\nresponse: { status: 1 }\n", file: "s.yaml", filesDirectory: nil)
        #expect(single.mappings?.isEmpty == true)
        #expect(single.broken.first?.id == MockMapping.derivedID(file: "s.yaml", index: 0))
        #expect(single.errors.map(\.description) == [#"s.yaml:3: mapping "solo": response.status: expected a status code from 100 to 599"#])
    }

    @Test func syntaxAndShapeErrors() {
        #expect(errors("request: {\n  urlPath: /x\n")[0].hasPrefix("m.yaml:3: not valid YAML or JSON"))
        #expect(errors("a: 1\na: 2\n")[0].contains("duplicated key(s): 'a'"))
        #expect(errors("- 1\n- 2\n") == ["m.yaml:1: expected a mapping or mappings: [...]"])
        #expect(errors("request: { urlPath: /x }\n")[0] == "m.yaml:1: a mapping needs a response")
        #expect(errors("request: { urlPathTemplate: '/u/{id:int}' }\nresponse: {}\n")[0].hasPrefix("m.yaml:1: request.urlPathTemplate: "))
        #expect(
            errors("request: { urlPath: /x }\nresponse:\n  fault: BOOM\n")
                == [
                    "m.yaml:3: response.fault: expected one of CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, "
                        + "RANDOM_DATA_THEN_CLOSE, or one of the echo's faults: \(ResponseFault.expected)"
                ])
        #expect(
            errors("request: { urlPath: /x, pathParameters: { id: { equalTo: '1' } } }\nresponse: {}\n")
                == ["m.yaml:1: request.pathParameters: only with urlPathTemplate"])
        #expect(errors("request: {}\nresponse: {}\nrequiredScenarioState: x\n") == ["m.yaml:3: requiredScenarioState: needs scenarioName"])
    }

    @Test func aWireMockExportLoadsAsItIs() throws {
        let export = #"""
            {
              "mappings": [{
                "id": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7",
                "uuid": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7",
                "name": "Get widgets",
                "request": {
                  "urlPathPattern": "/widgets/[0-9]+",
                  "method": "GET",
                  "queryParameters": {"expand": {"equalTo": "true"}},
                  "headers": {"Accept": {"equalTo": "APPLICATION/JSON", "caseInsensitive": true}}
                },
                "response": {
                  "status": 200,
                  "headers": {"Content-Type": "application/json"},
                  "jsonBody": {"widgets": [1, 2]},
                  "fixedDelayMilliseconds": 10,
                  "transformers": ["response-template"]
                },
                "persistent": true,
                "insertionIndex": 3,
                "metadata": {"owner": "team-a"}
              }, {
                "request": {"method": "POST", "url": "/widgets", "bodyPatterns": [{"equalToJson": "{\"a\": [1, 2]}", "ignoreArrayOrder": true}]},
                "response": {"status": 201, "body": "created"}
              }],
              "meta": {"total": 2}
            }
            """#
        let result = MappingLoader.parse(export, file: "export.json", filesDirectory: nil)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.mappings?.map(\.id).first == "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
        #expect(result.mappings?.count == 2)
    }

    @Test func anEmptyFileHoldsNoMappings() {
        let result = MappingLoader.parse("# nothing yet\n", file: "empty.yaml", filesDirectory: nil)
        #expect(result.errors.isEmpty)
        #expect(result.mappings?.isEmpty == true)
    }

    @Test func idsAreStableAcrossLoadsAndDuplicatesAreReported() throws {
        let folder = try MappingFolder([
            "a.yaml": "request: { urlPath: /a }\nresponse: {}\n",
            "b.yaml": "id: same\nrequest: { urlPath: /b }\nresponse: {}\n",
            "c.yaml": "id: same\nrequest: { urlPath: /c }\nresponse: {}\n",
        ])
        let first = MappingValidator.validate(directory: folder.mappings.path)
        #expect(first.mappingCount == 2)
        #expect(first.errors.map(\.code) == [.duplicateID])
        #expect(first.errors.first?.file.hasSuffix("c.yaml") == true)
        let ids = MappingLoader.load(directory: folder.mappings.path, filesDirectory: nil).compactMap { $0.mappings?.first?.id }
        let again = MappingLoader.load(directory: folder.mappings.path, filesDirectory: nil).compactMap { $0.mappings?.first?.id }
        #expect(ids == again)
    }
}
