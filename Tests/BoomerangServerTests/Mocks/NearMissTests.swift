import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// The 404 of a request nothing answers names the nearest mapping and why, field by field.
@Suite struct NearMissTests {
    static let mappings = """
        mappings:
          - name: create-user
            request:
              method: POST
              urlPath: /api/users
              headers: { Content-Type: { contains: json } }
              bodyPatterns: [{ equalToJson: { name: Ada } }]
            response: { status: 201 }
          - name: list-orders
            request: { method: GET, urlPath: /api/orders }
            response: { body: "[]" }
        """

    @Test func the404NamesTheNearestMappingAndEachFieldThatDiffers() throws {
        let folder = try MappingFolder(["api.yaml": Self.mappings])
        let server = folder.serveInProcess()
        let response = try server.call("PUT", "/api/users", headers: [("Content-Type", "text/plain")], body: #"{"name": "Bob"}"#)
        #expect(response.status == 404)
        let error = try #require(response.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "notFound")
        let nearest = try #require(error["nearestMapping"] as? [String: Any])
        #expect(nearest["name"] as? String == "create-user")
        #expect(nearest["line"] as? Int == 2)
        #expect((nearest["file"] as? String)?.hasSuffix("mappings/api.yaml") == true)
        let mismatches = try #require(nearest["mismatches"] as? [[String: String]])
        try #require(mismatches.map { $0["field"] } == ["method", "headers.Content-Type", "bodyPatterns[0]"])
        #expect(mismatches[0] == ["field": "method", "expected": "POST", "actual": "PUT"])
        #expect(mismatches[1]["expected"] == "contains \"json\"")
        #expect(mismatches[1]["actual"] == "\"text/plain\"")
        #expect(mismatches[2]["actual"] == #"{"name": "Bob"}"#)
        #expect((error["message"] as? String)?.contains("create-user") == true)
    }

    /// The near miss is rendered like every other refusal: a property list when `Accept` asks for
    /// one, with the same fields as the JSON.
    @Test func theNearMissSpeaksTheNegotiatedFormat() throws {
        let folder = try MappingFolder(["api.yaml": Self.mappings])
        let live = try folder.serve()
        let json = try live.call("GET", "/api/order")
        let plist = try live.call("GET", "/api/order", headers: [("Accept", "application/x-plist")])
        #expect(plist.status == 404)
        #expect(plist.header("Content-Type")?.hasPrefix("application/x-plist") == true)
        let documents = try RefusalDocuments.sameDocument(json: json.body, plist: plist.body)
        #expect(documents.plist == documents.json)
        #expect(documents.plist["error"]?["nearestMapping"]?["name"]?.stringValue == "list-orders")
    }

    @Test func theNearestPathWinsWhenOnlyTheURLDiffers() throws {
        let folder = try MappingFolder(["api.yaml": Self.mappings])
        let server = folder.serveInProcess()
        let response = try server.call("GET", "/api/order")
        #expect(response.status == 404)
        let nearest = try #require((response.json?["error"] as? [String: Any])?["nearestMapping"] as? [String: Any])
        #expect(nearest["name"] as? String == "list-orders")
        #expect(nearest["mismatches"] as? [[String: String]] == [["field": "urlPath", "expected": "/api/orders", "actual": "/api/order"]])
    }

    @Test func aBodyThatFailsItsPatternGetsTheNearMissToo() throws {
        let folder = try MappingFolder(["api.yaml": Self.mappings])
        let server = folder.serveInProcess()
        let response = try server.call("POST", "/api/users", headers: [("Content-Type", "application/json")], body: #"{"name": "Bob"}"#)
        #expect(response.status == 404)
        let nearest = try #require((response.json?["error"] as? [String: Any])?["nearestMapping"] as? [String: Any])
        #expect(nearest["name"] as? String == "create-user")
        #expect((nearest["mismatches"] as? [[String: String]])?.map { $0["field"] } == ["bodyPatterns[0]"])
    }

    @Test func withoutMappingsThe404IsTheUsualOne() throws {
        let folder = try MappingFolder()
        let server = folder.serveInProcess()
        let response = try server.call("GET", "/api/order")
        #expect(response.status == 404)
        #expect((response.json?["error"] as? [String: Any])?["nearestMapping"] == nil)
    }

    @Test func a405IsNotANearMiss() throws {
        let folder = try MappingFolder(["api.yaml": Self.mappings])
        let server = folder.serveInProcess()
        let response = try server.call("DELETE", "/get")
        #expect(response.status == 405)
        #expect((response.json?["error"] as? [String: Any])?["nearestMapping"] == nil)
    }
}
