import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangMocks
@testable import BoomerangServer

/// `/__admin/mappings` on a server server: list, add, read, replace, delete, reset, save.
@Suite struct MappingAdminRoutesTests {
    static let file = "id: from-file\nname: hello\nrequest: { urlPath: /hello }\nresponse: { body: file }\n"

    @Test func listAddReadReplaceDeleteAndReset() throws {
        let folder = try MappingFolder(["hello.yaml": Self.file])
        let server = folder.serveInProcess()
        var list = try server.mappingList()
        #expect((list["meta"] as? [String: Any])?["total"] as? Int == 1)
        let loaded = try #require(list["loaded"] as? [[String: Any]])
        #expect(loaded.first?["route"] as? String == "mock.hello")
        #expect(loaded.first?["line"] as? Int == 1)

        let added = try server.admin(
            "POST", "/__admin/mappings", body: #"{"id": "run-1", "request": {"urlPath": "/added"}, "response": {"body": "added"}}"#)
        #expect(added.status == 201, "\(added.text)")
        #expect(try server.call("GET", "/added").text == "added")
        #expect(try server.admin("/__admin/mappings/run-1").json?["id"] as? String == "run-1")
        #expect(try server.admin("POST", "/__admin/mappings", body: #"{"id": "run-1", "request": {}, "response": {}}"#).status == 409)

        let yaml = "request: { urlPath: /yaml }\nresponse: { body: from yaml }\n"
        #expect(try server.admin("POST", "/__admin/mappings", body: yaml).status == 201, "YAML bodies are accepted too")
        #expect(try server.call("GET", "/yaml").text == "from yaml")

        let replaced = try server.admin(
            "PUT", "/__admin/mappings/from-file", body: #"{"request": {"urlPath": "/hello"}, "response": {"body": "replaced"}}"#)
        #expect(replaced.status == 200, "\(replaced.text)")
        #expect(try server.call("GET", "/hello").text == "replaced")

        #expect(try server.admin("DELETE", "/__admin/mappings/run-1").status == 200)
        #expect(try server.call("GET", "/added").status == 404)
        #expect(try server.admin("DELETE", "/__admin/mappings/run-1").errorCode == "mappingNotFound")

        let invalid = try server.admin("POST", "/__admin/mappings", body: #"{"request": {"urlPath": "/x"}, "response": {"status": 42}}"#)
        #expect(invalid.status == 400)
        #expect(invalid.errorCode == "invalidMapping")

        list = try #require(try server.admin("POST", "/__admin/mappings/reset").json)
        #expect((list["meta"] as? [String: Any])?["total"] as? Int == 1)
        #expect(try server.call("GET", "/hello").text == "file")
        #expect(try server.call("GET", "/yaml").status == 404)
    }

    @Test func saveWritesTheRunTimeMappingsToFiles() throws {
        let folder = try MappingFolder(["hello.yaml": Self.file])
        let server = folder.serveInProcess()
        _ = try server.admin("POST", "/__admin/mappings", body: #"{"name": "saved one", "request": {"urlPath": "/saved"}, "response": {"body": "saved"}}"#)
        _ = try server.admin("PUT", "/__admin/mappings/from-file", body: #"{"request": {"urlPath": "/hello"}, "response": {"body": "edited"}}"#)
        let saved = try server.admin("POST", "/__admin/mappings/save")
        #expect(saved.status == 200, "\(saved.text)")
        let written = try #require(saved.json?["written"] as? [String])
        #expect(written.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder.mappings.appending(path: "saved-one.json").path))
        // A reset now reads the saved files: nothing is lost.
        _ = try server.admin("POST", "/__admin/mappings/reset")
        #expect(try server.call("GET", "/saved").text == "saved")
        #expect(try server.call("GET", "/hello").text == "edited")
        let report = MappingValidator.validate(directory: folder.mappings.path)
        #expect(report.errors.isEmpty)
        #expect(report.mappingCount == 2)
    }

    @Test func saveLeavesAFileWithABrokenMappingAsItIs() throws {
        let text = """
            mappings:
              - { id: good, request: { urlPath: /good }, response: { body: good } }
              - { id: broken, request: { urlPath: /broken }, response: { status: 1000 } }
            """
        let folder = try MappingFolder(["many.yaml": text])
        let server = folder.serveInProcess()
        let put = try server.admin("PUT", "/__admin/mappings/good", body: #"{"request": {"urlPath": "/good"}, "response": {"body": "edited"}}"#)
        #expect(put.status == 200, "\(put.text)")
        let saved = try server.admin("POST", "/__admin/mappings/save")
        #expect(saved.status == 409)
        #expect(saved.errorCode == "mappingFileHasErrors")
        #expect(saved.text.contains("many.yaml:3: mappings[1]: response.status"), "\(saved.text)")
        let file = try String(contentsOf: folder.mappings.appending(path: "many.yaml"), encoding: .utf8)
        #expect(file == text, "the file keeps its broken mapping")
        #expect(try server.call("GET", "/good").text == "edited", "the run-time change stays in force")
    }

    @Test func theAdminChecksApply() throws {
        let folder = try MappingFolder(["hello.yaml": Self.file])
        let server = folder.serveInProcess { $0.adminToken = "secret" }
        #expect(try server.admin("/__admin/mappings").status == 401)
        #expect(try server.admin("/__admin/mappings", headers: ["Authorization: Bearer secret"]).status == 200)
        let foreign = try server.send("GET /__admin/mappings HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer secret\r\n\r\n")
        #expect(foreign.status == 403)
    }
}
