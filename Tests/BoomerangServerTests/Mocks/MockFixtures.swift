import BoomerangExchange
import BoomerangSettings
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// A config folder of one test: `mappings/` and `files/`, removed when released.
final class MappingFolder: @unchecked Sendable {
    let root: URL
    var mappings: URL { root.appending(path: "mappings") }
    var files: URL { root.appending(path: "files") }

    init(_ mappingFiles: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "boomerang-mocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appending(path: "mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appending(path: "files"), withIntermediateDirectories: true)
        for (name, text) in mappingFiles { try write(name, text) }
    }

    /// Writes a mapping file (replacing it).
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: mappings.appending(path: name), options: .atomic)
    }

    /// Writes a body file.
    func writeFile(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: files.appending(path: name))
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(at: mappings.appending(path: name))
    }

    /// An in-process server serving this folder's mappings.
    func serveInProcess(configure: (inout ServerSettings) -> Void = { _ in }) -> InProcessServer {
        InProcessServer { settings in
            settings.mappingsDirectory = self.mappings.path
            configure(&settings)
        }
    }

    /// A live server serving this folder's mappings.
    func serve(threads: Int = 1, configure: (inout ServerSettings) -> Void = { _ in }) throws -> LiveServer {
        try LiveServer(threads: threads) { settings in
            settings.mappingsDirectory = self.mappings.path
            configure(&settings)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}

extension TestClient {
    /// One request on a new connection.
    func call(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: String = ""
    ) throws -> TestResponse {
        try fetch(method, target, headers: headers, body: Array(body.utf8))
    }

    /// `GET /__admin/mappings` as JSON.
    func mappingList() throws -> [String: Any] {
        try #require(try admin("/__admin/mappings").json)
    }

    /// Polls `GET /__admin/mappings` until `condition` holds (the watcher polls every second),
    /// for at most `timeout` seconds; the last listing.
    func waitForMappings(timeout: Double = 15, until condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let list = try mappingList()
            if condition(list) || Date() > deadline { return list }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
