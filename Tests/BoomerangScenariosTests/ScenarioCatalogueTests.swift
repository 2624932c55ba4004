import BoomerangScenarios
import BoomerangSerialization
import Foundation
import Testing

/// The catalogue's shape: unique ids, size, complete expectations, every matrix cell, and a few
/// expectations stated by hand from the specification.
@Suite struct ScenarioCatalogueTests {
    let catalogue = ScenarioCatalogue.standard

    @Test func idsAreUniqueAndReadable() {
        let ids = catalogue.scenarios.map(\.id)
        #expect(Set(ids).count == ids.count)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-".utf8)
        #expect(ids.filter { !$0.utf8.allSatisfy(allowed.contains) } == [])
        #expect(ids.allSatisfy { catalogue.scenario(id: $0)?.id == $0 })
        #expect(catalogue.scenario(id: "no-such-scenario") == nil)
    }

    @Test func hasAtLeast120Scenarios() {
        #expect(catalogue.scenarios.count >= 120)
    }

    @Test func everyScenarioHasAllEightExpectations() {
        let incomplete = catalogue.scenarios.filter { $0.expectations.count != ScenarioSerializer.allCases.count }
        #expect(incomplete.map(\.id) == [])
    }

    @Test func everyJSONMatrixCellIsPresent() {
        let types = ["acceptable", "unacceptable", "missing", "charset", "problem", "wildcard"]
        let bodies = [
            "empty", "space", "valid", "invalid", "nulls", "null-array", "fragment", "number-fragment", "utf8-bom",
            "utf16le-bom", "utf16be-bom", "utf16le", "utf16be", "truncated",
        ]
        var missing: [String] = []
        for type in types {
            for status in [200, 201, 302, 404, 500] {
                for body in bodies where catalogue.scenario(id: "json-\(status)-\(type)-\(body)") == nil {
                    missing.append("json-\(status)-\(type)-\(body)")
                }
            }
            for status in [204, 205] where catalogue.scenario(id: "json-\(status)-\(type)-empty") == nil {
                missing.append("json-\(status)-\(type)-empty")
            }
        }
        #expect(missing == [])
    }

    @Test func everyXMLPropertyListAndImageCellIsPresent() {
        var missing: [String] = []
        for status in [200, 404] {
            for type in ["acceptable", "text-xml", "charset", "unacceptable", "missing", "atom"] {
                for body in ["well-formed", "malformed", "truncated", "empty"] where catalogue.scenario(id: "xml-\(status)-\(type)-\(body)") == nil {
                    missing.append("xml-\(status)-\(type)-\(body)")
                }
            }
        }
        for status in [200, 500] {
            for type in ["acceptable", "charset", "unacceptable", "missing"] {
                for body in ["xml", "binary", "malformed", "empty"] where catalogue.scenario(id: "plist-\(status)-\(type)-\(body)") == nil {
                    missing.append("plist-\(status)-\(type)-\(body)")
                }
            }
        }
        for id in [
            "image-200-png-png", "image-200-jpeg-jpeg", "image-200-gif-gif", "image-200-bmp-bmp", "image-200-tiff-tiff",
            "image-200-x-icon-ico", "image-200-webp-webp", "image-200-png-truncated-png", "image-200-octet-stream-png",
            "image-head-200-png-png", "json-head-200-acceptable-valid", "json-302-acceptable-valid",
        ] where catalogue.scenario(id: id) == nil {
            missing.append(id)
        }
        #expect(missing == [])
    }

    @Test func noScenarioIsInformational() {
        #expect(catalogue.scenarios.allSatisfy { $0.status >= 200 })
        #expect(ScenarioCatalogue.notes.contains { $0.hasPrefix("1xx") })
    }

    @Test func redirectsPointToGet() {
        let redirects = catalogue.scenarios.filter { (300..<400).contains($0.status) }
        #expect(!redirects.isEmpty)
        #expect(redirects.allSatisfy { $0.extraHeaders["Location"] == "/get" && $0.headers["Location"] == "/get" })
    }

    static let status = ExpectedError.unacceptableStatus
    static let contentType = ExpectedError.unacceptableContentType
    static let document: StructuredValue = ["count": 3, "name": "boomerang", "ok": true, "tags": ["a", "b"]]

    /// Hand-stated rows (spec §2.2–2.8), independent of the rule engine's wording.
    @Test(arguments: [
        ("json-200-acceptable-valid", ScenarioSerializer.json, ExpectedOutcome(object: .json(document))),
        ("json-404-acceptable-valid", .json, ExpectedOutcome(object: .json(document), errors: [status])),
        ("json-404-unacceptable-valid", .json, ExpectedOutcome(object: nil, errors: [status, contentType])),
        ("json-404-unacceptable-empty", .json, ExpectedOutcome(object: nil, errors: [status])),
        ("json-200-unacceptable-empty", .json, ExpectedOutcome(object: nil)),
        ("json-200-acceptable-space", .json, ExpectedOutcome(object: nil)),
        ("json-200-problem-valid", .json, ExpectedOutcome(object: nil, errors: [contentType])),
        ("json-200-charset-utf16le", .json, ExpectedOutcome(object: .json(document))),
        ("json-200-acceptable-fragment", .json, ExpectedOutcome(object: nil, errors: [.cocoaReadCorrupt])),
        ("json-500-acceptable-invalid", .json, ExpectedOutcome(object: nil, errors: [.cocoaReadCorrupt, status])),
        (
            "json-200-acceptable-nulls", .jsonRemovingNulls,
            ExpectedOutcome(object: .json(["b": ["d": [1, ["f": []]]], "g": [], "h": 1]))
        ),
        ("json-200-acceptable-null-array", .jsonRemovingNulls, ExpectedOutcome(object: .json([[:], [], 2]))),
        ("json-200-unacceptable-valid", .compound, ExpectedOutcome(object: .data)),
        ("json-404-unacceptable-valid", .compound, ExpectedOutcome(object: .data, errors: [status])),
        ("json-204-acceptable-empty", .propertyList, ExpectedOutcome(object: nil, errors: [.cocoaReadCorrupt])),
        ("json-204-missing-empty", .compound, ExpectedOutcome(object: .xmlParser)),
        ("json-204-unacceptable-empty", .xmlParser, ExpectedOutcome(object: .xmlParser)),
        ("json-head-200-acceptable-valid", .json, ExpectedOutcome(object: nil)),
        ("json-head-200-acceptable-valid", .http, ExpectedOutcome(object: .data)),
        ("xml-200-acceptable-malformed", .xmlParser, ExpectedOutcome(object: .xmlParser)),
        ("xml-200-acceptable-malformed", .xmlDocument, ExpectedOutcome(object: nil, errors: [.xmlParser(76)])),
        ("xml-404-text-xml-well-formed", .xmlDocument, ExpectedOutcome(object: .xmlDocument, errors: [status])),
        ("xml-200-acceptable-empty", .xmlDocument, ExpectedOutcome(object: nil, errors: [.xmlParser(4)])),
        ("plist-200-acceptable-empty", .propertyList, ExpectedOutcome(object: nil, errors: [.cocoaReadCorrupt])),
        ("plist-200-charset-binary", .propertyList, ExpectedOutcome(object: .propertyList(["count": 3, "name": "boomerang"]))),
        ("plist-200-acceptable-xml", .compound, ExpectedOutcome(object: .propertyList(["count": 3, "name": "boomerang"]))),
        ("image-200-png-png", .image, ExpectedOutcome(object: .image(format: "png", width: 3, height: 2))),
        ("image-200-webp-webp", .image, ExpectedOutcome(object: nil, errors: [contentType])),
        ("image-200-png-truncated-png", .image, ExpectedOutcome(object: nil)),
        ("image-200-png-text", .image, ExpectedOutcome(object: nil)),
        ("image-200-png-empty", .image, ExpectedOutcome(object: nil)),
        ("image-500-octet-stream-png", .image, ExpectedOutcome(object: nil, errors: [status, contentType])),
        ("image-404-png-png", .compound, ExpectedOutcome(object: .image(format: "png", width: 3, height: 2), errors: [status])),
    ])
    func handStatedExpectation(id: String, serializer: ScenarioSerializer, expected: ExpectedOutcome) throws {
        let scenario = try #require(catalogue.scenario(id: id))
        #expect(scenario.expectations[serializer] == expected)
    }

    @Test func renderingsListEveryScenario() throws {
        let table = catalogue.renderTable()
        let lines = table.split(separator: "\n")
        #expect(lines.count == 1 + catalogue.scenarios.count + 1 + ScenarioCatalogue.notes.count)
        #expect(lines[1].hasPrefix(catalogue.scenarios[0].id + " "))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(catalogue.renderJSON())) as? [String: Any])
        #expect(json["count"] as? Int == catalogue.scenarios.count)
        #expect((json["scenarios"] as? [Any])?.count == catalogue.scenarios.count)
        #expect(json["compoundOrder"] as? [String] == ["json", "xmlParser", "propertyList", "image"])
        let html = String(decoding: catalogue.renderHTML(), as: UTF8.self)
        #expect(!html.contains("<script"))
        #expect(html.contains("<td>text/*</td>"))
        #expect(html.contains("application/json;charset=&quot;UTF-8&quot;"))
    }

    @Test func describeGivesErrorsOutermostFirst() throws {
        let scenario = try #require(catalogue.scenario(id: "json-404-unacceptable-valid"))
        guard case .object(let described) = catalogue.describe(scenario),
            case .object(let expectations)? = described["expectations"],
            case .object(let json)? = expectations["json"]
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(json["object"] == .null)
        #expect(
            json["errors"]
                == [
                    ["domain": "com.alamofire.error.serialization.response", "code": -1011],
                    ["domain": "com.alamofire.error.serialization.response", "code": -1016],
                ]
        )
        #expect(described["contentType"] == "text/html")
        #expect(described["url"] == "/scenarios/json-404-unacceptable-valid")
    }
}
