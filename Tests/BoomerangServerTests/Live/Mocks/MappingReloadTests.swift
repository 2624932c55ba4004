import BoomerangRuntime
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangMocks
@testable import BoomerangServer

/// Reloading: a changed file is picked up by the watcher; a broken file keeps its last good
/// mappings and reports file, line and what is wrong; the other files still load.
@Suite struct MappingReloadTests {
    static let good = "name: hello\nrequest: { urlPath: /hello }\nresponse: { body: one }\n"

    @Test func aChangedFileIsPickedUp() throws {
        let folder = try MappingFolder(["hello.yaml": Self.good])
        let live = try folder.serve()
        #expect(try live.call("GET", "/hello").text == "one")
        let before = try #require(live.mappingList()["generation"] as? Int)
        try folder.write("hello.yaml", "name: hello\nrequest: { urlPath: /hello }\nresponse: { body: two, status: 202 }\n")
        let after = try live.waitForMappings { ($0["generation"] as? Int ?? 0) > before }
        #expect((after["generation"] as? Int ?? 0) > before, "the watcher reloads within its polling time")
        let response = try live.call("GET", "/hello")
        #expect(response.status == 202)
        #expect(response.text == "two")
    }

    @Test func aChangedBodyFileIsPickedUp() throws {
        let folder = try MappingFolder(["file.yaml": "request: { urlPath: /file }\nresponse: { bodyFileName: body.txt }\n"])
        try folder.writeFile("body.txt", "first")
        let live = try folder.serve()
        #expect(try live.call("GET", "/file").text == "first")
        let before = try #require(live.mappingList()["generation"] as? Int)
        try folder.writeFile("body.txt", "second, longer")
        _ = try live.waitForMappings { ($0["generation"] as? Int ?? 0) > before }
        #expect(try live.call("GET", "/file").text == "second, longer")
    }

    @Test func aNewFileIsAddedAndADeletedOneRemoved() throws {
        let folder = try MappingFolder(["hello.yaml": Self.good])
        let live = try folder.serve()
        try folder.write("more.json", #"{"request": {"urlPath": "/more"}, "response": {"body": "more"}}"#)
        _ = try live.waitForMappings { ($0["meta"] as? [String: Any])?["total"] as? Int == 2 }
        #expect(try live.call("GET", "/more").text == "more")
        try folder.remove("hello.yaml")
        _ = try live.waitForMappings { ($0["meta"] as? [String: Any])?["total"] as? Int == 1 }
        #expect(try live.call("GET", "/hello").status == 404)
    }

    @Test func aBrokenFileKeepsTheLastGoodSetAndReportsItsLine() throws {
        let folder = try MappingFolder(["hello.yaml": Self.good, "other.yaml": "request: { urlPath: /other }\nresponse: { body: other }\n"])
        let live = try folder.serve()
        try folder.write("other.yaml", "request: { urlPath: /other }\nresponse: { body: other-2 }\n")
        try folder.write("hello.yaml", "name: hello\nrequest: { urlPath: /hello }\nresponse:\n  status: 999\n")
        let list = try live.waitForMappings { !($0["errors"] as? [Any] ?? []).isEmpty }
        let errors = try #require(list["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect((errors[0]["file"] as? String)?.hasSuffix("hello.yaml") == true)
        #expect(errors[0]["line"] as? Int == 4)
        #expect(errors[0]["message"] as? String == "response.status: expected a status code from 100 to 599")
        #expect(try live.call("GET", "/hello").text == "one", "the broken file's last good mapping still answers")
        #expect(try live.call("GET", "/other").text == "other-2", "the other files load")
        try folder.write("hello.yaml", "request: { urlPath: /hello }\nresponse: { body: fixed }\n")
        _ = try live.waitForMappings { ($0["errors"] as? [Any] ?? []).isEmpty }
        #expect(try live.call("GET", "/hello").text == "fixed")
    }

    static let three = """
        mappings:
          - { name: one, request: { urlPath: /one }, response: { body: one } }
          - { name: two, request: { urlPath: /two }, response: { body: two } }
          - { name: three, request: { urlPath: /three }, response: { body: three } }
        """

    @Test func aBrokenMappingFromTheStartAnswersNothingAndItsNeighboursLoad() throws {
        let folder = try MappingFolder(["many.yaml": Self.three.replacingOccurrences(of: "body: two", with: "bodyy: two")])
        let live = try folder.serve()
        #expect(try live.call("GET", "/one").text == "one")
        #expect(try live.call("GET", "/three").text == "three")
        #expect(try live.call("GET", "/two").status == 404, "no last good version at start")
        let errors = try #require(try live.mappingList()["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect((errors.first?["file"] as? String)?.hasSuffix("many.yaml") == true)
        #expect(errors.first?["line"] as? Int == 3)
        #expect(errors.first?["index"] as? Int == 1)
        #expect(errors.first?["name"] as? String == "two")
        #expect(errors.first?["keepsPrevious"] as? Bool == false)
        #expect((errors.first?["message"] as? String)?.hasPrefix("response.bodyy: unknown key") == true, "\(errors)")
        // The health check, which answers CI's readiness probes, counts both.
        let health = try #require(try JSONSerialization.jsonObject(with: Data(try live.call("GET", "/__admin/health").body)) as? [String: Any])
        #expect(health["status"] as? String == "ok")
        #expect((health["mappings"] as? [String: Any])?["inForce"] as? Int == 2)
        #expect((health["mappings"] as? [String: Any])?["errors"] as? Int == 1)
    }

    @Test func aMappingBrokenByAReloadKeepsItsLastGoodVersionAndItsNeighboursChange() throws {
        let folder = try MappingFolder(["many.yaml": Self.three])
        let live = try folder.serve()
        #expect(try live.call("GET", "/two").text == "two")
        let edited = Self.three.replacingOccurrences(of: "body: one", with: "body: one-2")
            .replacingOccurrences(of: "body: two", with: "status: 1000")
            .replacingOccurrences(of: "body: three", with: "body: three-2")
        try folder.write("many.yaml", edited)
        let list = try live.waitForMappings { !($0["errors"] as? [Any] ?? []).isEmpty }
        let errors = try #require(list["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["index"] as? Int == 1)
        #expect(errors.first?["keepsPrevious"] as? Bool == true)
        #expect((errors.first?["text"] as? String)?.hasSuffix("(its last good version stays in force)") == true, "\(errors)")
        #expect(try live.call("GET", "/one").text == "one-2", "the good mappings of the file reload")
        #expect(try live.call("GET", "/three").text == "three-2")
        #expect(try live.call("GET", "/two").text == "two", "the broken mapping answers with its last good version")
        try folder.write("many.yaml", edited.replacingOccurrences(of: "status: 1000", with: "body: two-2"))
        _ = try live.waitForMappings { ($0["errors"] as? [Any] ?? []).isEmpty }
        #expect(try live.call("GET", "/two").text == "two-2")
    }

    @Test func aFileThatNoLongerParsesKeepsAllItsLastGoodMappings() throws {
        let folder = try MappingFolder(["many.yaml": Self.three])
        let live = try folder.serve()
        try folder.write("many.yaml", Self.three.replacingOccurrences(of: "body: one", with: "body: [one"))
        let list = try live.waitForMappings { !($0["errors"] as? [Any] ?? []).isEmpty }
        let errors = try #require(list["errors"] as? [[String: Any]])
        #expect(errors.first?["code"] as? String == "syntax")
        #expect(errors.first?["keepsPrevious"] as? Bool == true)
        #expect(errors.first?["index"] is NSNull)
        #expect((errors.first?["text"] as? String)?.hasSuffix("(the file's last good mappings stay in force)") == true, "\(errors)")
        for name in ["one", "two", "three"] {
            #expect(try live.call("GET", "/\(name)").text == name)
        }
    }

    @Test func aFileBrokenFromTheStartServesNothingAndTheOthersLoad() throws {
        let folder = try MappingFolder(["bad.yaml": "request: [\n", "good.yaml": Self.good])
        let store = MappingStore(directory: folder.mappings.path, log: .init(label: "test"))
        let set = store.current
        #expect(set.mappings.map(\.name) == ["hello"])
        #expect(set.errors.map(\.code) == [.syntax])
        #expect(set.errors.first?.line != nil)
        #expect(set.errors.first?.description.hasPrefix(folder.mappings.appending(path: "bad.yaml").path + ":") == true)
    }

    @Test func aReloadDoesNotDisturbRequestsInFlight() throws {
        let folder = try MappingFolder(["hello.yaml": Self.good])
        let live = try folder.serve(threads: 2)
        let failures = Locked(0)
        let done = Locked(false)
        let load = Thread {
            let connection = try? RawConnection(port: live.port)
            var count = 0
            while !done.withLock({ $0 }) && count < 5000 {
                count += 1
                let ok = (try? connection?.request("/hello").status) == 200
                if !ok { failures.withLock { $0 += 1 } }
            }
        }
        load.start()
        for index in 0..<20 {
            try folder.write("hello.yaml", "request: { urlPath: /hello }\nresponse: { body: v\(index) }\n")
            live.server.reloadMappings()
        }
        done.withLock { $0 = true }
        while !load.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(failures.withLock { $0 } == 0)
    }
}
