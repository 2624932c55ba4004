import Foundation
import Synchronization
import Testing

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
        let failures = Mutex(0)
        let done = Mutex(false)
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
