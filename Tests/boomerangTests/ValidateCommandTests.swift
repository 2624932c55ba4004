import Foundation
import Testing

/// `boomerang validate`: every error as `file:line: message`, exit 1 on error, 0 when clean.
@Suite struct ValidateCommandTests {
    func folder(_ files: [String: String]) throws -> URL {
        let root = try Subprocess.temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appending(path: "config/mappings"), withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: root.appending(path: "config/mappings/\(name)")) }
        return root
    }

    @Test func theShippedExamplesAreValid() throws {
        let result = try Subprocess.runBoomerang(["validate"], in: Subprocess.packageRoot)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("ok: "))
        #expect(result.standardOutput.contains("in 3 files of config/mappings"))
    }

    @Test func everyErrorIsPrintedWithFileAndLine() throws {
        let root = try folder([
            "a.yaml": "mappings:\n  - request: { urlPath: /a }\n    response: { status: 1000 }\n  - request: { method: GET }\n    response: { fault: NOPE }\n",
            "b.json": "{\"request\": {\"urlPath\": \"/b\"},\n \"response\": {\"body\": 1, }\n",
            "c.yaml": "request: { urlPath: /c }\nresponse: { body: fine }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try Subprocess.runBoomerang(["validate"], in: root)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[0] == "config/mappings/a.yaml:3: mappings[0]: response.status: expected a status code from 100 to 599")
        #expect(lines[1].hasPrefix("config/mappings/a.yaml:5: mappings[1]: response.fault: expected one of CONNECTION_RESET_BY_PEER"))
        #expect(lines[2].hasPrefix("config/mappings/b.json:3: not valid YAML or JSON"), "\(lines[2])")
        #expect(lines[3] == "3 errors; 1 mapping in 3 files of config/mappings")
    }

    @Test func theGoodMappingsOfAFileWithABrokenOneAreCountedAndTheBrokenOneNamed() throws {
        let root = try folder([
            "many.yaml": """
                mappings:
                  - { name: a, request: { urlPath: /a }, response: { body: a } }
                  - { name: b, request: { urlPath: /b }, response: { body: b, fixedDelayMilliseconds: soon } }
                  - { name: c, request: { urlPath: /c }, response: { body: c } }
                """
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try Subprocess.runBoomerang(["validate"], in: root)
        #expect(result.status == 1, "a broken mapping is still an error")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix(#"config/mappings/many.yaml:3: mappings[1] "b": response.fixedDelayMilliseconds: "#) == true, "\(lines)")
        #expect(lines.last == "1 error; 2 mappings in 1 file of config/mappings")
    }

    @Test func aFolderArgumentAndTheConfigOption() throws {
        let root = try folder(["ok.yaml": "request: { urlPath: /ok }\nresponse: { body: ok }\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let byConfigFolder = try Subprocess.runBoomerang(["validate", root.appending(path: "config").path])
        #expect(byConfigFolder.status == 0)
        #expect(byConfigFolder.standardOutput.hasPrefix("ok: 1 mapping in 1 file of "))
        let byMappingsFolder = try Subprocess.runBoomerang(["validate", root.appending(path: "config/mappings").path])
        #expect(byMappingsFolder.status == 0)
        try Data("mappings_directory: elsewhere\n".utf8).write(to: root.appending(path: "server.yaml"))
        try FileManager.default.createDirectory(at: root.appending(path: "elsewhere"), withIntermediateDirectories: true)
        try Data("request: [\n".utf8).write(to: root.appending(path: "elsewhere/broken.yml"))
        let byConfig = try Subprocess.runBoomerang(["validate", "--config", "server.yaml"], in: root)
        #expect(byConfig.status == 1)
        #expect(byConfig.standardOutput.hasPrefix("elsewhere/broken.yml:"), "\(byConfig.standardOutput)")
        let badConfig = try Subprocess.runBoomerang(["validate", "--config", "missing.yaml"], in: root)
        #expect(badConfig.status == 1)
        let notAFolder = try Subprocess.runBoomerang(["validate", "/nonexistent/boomerang"], in: root)
        #expect(notAFolder.status != 0)
    }
}
