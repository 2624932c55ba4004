import BoomerangTesting
import Foundation
import Testing

/// `history_file`: entries survive a restart; a torn last line is skipped; clears and the count
/// bound apply at reload.
@Suite struct HistoryFileTests {
    /// Robustness R04 (a file truncated mid-line at start-up).
    @Test func aRestartReloadsTheHistoryAndSkipsATornLastLine() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        do {
            let server = InProcessServer { $0.historyFile = path }
            _ = try server.send("GET /s/keep/get?a=1 HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try server.send("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"b\":2}")
            _ = try server.send(Array("PUT /put HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n".utf8) + [0xFF, 0xFE])
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        // A crash in the middle of writing the fourth entry.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"id":4,"session":"default","method":"GET","tar"#.utf8))
        handle.closeFile()

        let server = InProcessServer { $0.historyFile = path }
        let listed = try server.listed()
        #expect(listed.map { $0.int("id") } == [3, 2, 1])
        #expect(listed.map { $0.string("session") } == ["default", "default", "keep"])
        let reloaded = try server.adminJSON("/__admin/requests/2")
        #expect(reloaded.object("request")?.object("decoded")?.object("json")?.int("b") == 2)
        #expect(reloaded.object("request")?.object("body")?.string("text") == "{\"b\":2}")
        #expect(try server.admin("/__admin/requests/2/body").text == "{\"b\":2}")
        #expect(try server.admin("/__admin/requests/3/body").body == [0xFF, 0xFE])
        #expect(try server.listed("?q=a%3D1").map { $0.int("id") } == [1])
        _ = try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try server.listed().first?.int("id") == 4)
        let har = try JSONSerialization.jsonObject(with: Data(try server.admin("/__admin/requests.har").body))
        #expect(HARValidator.problems(har) == [])
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 4)
    }

    /// Robustness R03 (the file's bound at start-up).
    @Test func clearsAndTheCountBoundApplyAtReload() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        do {
            let server = InProcessServer { $0.historyFile = path }
            for index in 0..<4 { _ = try server.send("GET /s/s\(index % 2)/get?i=\(index) HTTP/1.1\r\nHost: x\r\n\r\n") }
            #expect(try server.admin("DELETE", "/__admin/requests?session=s0").json?.int("deleted") == 2)
            for index in 4..<6 { _ = try server.send("GET /get?i=\(index) HTTP/1.1\r\nHost: x\r\n\r\n") }
        }
        let server = InProcessServer {
            $0.historyFile = path
            $0.maxHistoryEntryCount = 3
        }
        #expect(try server.listed().map { $0.string("target") } == ["/get?i=5", "/get?i=4", "/s/s1/get?i=3"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 3)
    }

    /// The files beside `path` that a set-aside made.
    private static func setAside(_ path: String) throws -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(name + ".unreadable-") }
            .map { folder + "/" + $0 }
    }

    /// A file that is not a history (a mistyped path) is renamed, never emptied; the entries that
    /// can be read are kept. Robustness R04 (a corrupted file is quarantined).
    @Test func aFileWithUnreadableLinesIsSetAsideWithItsBytes() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        do {
            let server = InProcessServer { $0.historyFile = path }
            _ = try server.send("GET /get?kept=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        let entry = try String(contentsOfFile: path, encoding: .utf8)
        let original = "# notes, not a history\n" + entry + "port: 8080\n"
        try original.write(toFile: path, atomically: false, encoding: .utf8)

        let server = InProcessServer { $0.historyFile = path }
        #expect(try server.listed().map { $0.string("target") } == ["/get?kept=1"])
        let kept = try Self.setAside(path)
        #expect(kept.count == 1)
        #expect(try kept.first.map { try String(contentsOfFile: $0, encoding: .utf8) } == original)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == entry)
        #expect(try server.adminJSON("/__admin/health").object("history")?["fileProblem"] is NSNull)
    }

    /// Robustness R04 (a file too long to read at start-up is quarantined unread).
    @Test func aFileLongerThanTheBoundIsSetAsideUnread() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 9000)
        try Data(long).write(to: URL(fileURLWithPath: path))
        let server = InProcessServer {
            $0.historyFile = path
            $0.maxHistoryBytes = 1000
        }
        #expect(try server.listed().isEmpty)
        let kept = try Self.setAside(path)
        #expect(kept.count == 1)
        #expect(try kept.first.map { try Data(contentsOf: URL(fileURLWithPath: $0)).count } == long.count)
    }

    /// A folder named as the history file is left as it is; the server serves, and its health
    /// says why the file is not kept. Robustness R04.
    @Test func aPathThatIsNotARegularFileIsLeftAlone() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let folder = directory.directory.appendingPathComponent("history.jsonl")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let server = InProcessServer { $0.historyFile = folder.path }
        #expect(try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        #expect(try server.listed().count == 1)
        let history = try #require(try server.adminJSON("/__admin/health").object("history"))
        #expect(history.string("file") == folder.path)
        #expect(history.string("fileProblem")?.contains("not a regular file") == true)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(!FileManager.default.fileExists(atPath: folder.path + ".tmp"))
        #expect(try Self.setAside(folder.path).isEmpty)
    }

    /// Robustness R04 (a file that cannot be written: the echoes and the history in memory go on).
    @Test func aFileThatCannotBeWrittenIsReportedInTheHealth() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("missing/history.jsonl").path
        let server = InProcessServer { $0.historyFile = path }
        #expect(try server.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        #expect(try server.listed().count == 1)
        let problem = try server.adminJSON("/__admin/health").object("history")?.string("fileProblem")
        #expect(problem?.contains("No such file or directory") == true, "\(problem ?? "nil")")
    }
}

extension HistoryFileTests {
    /// Robustness R03 (history flood, scaled down): 300 exchanges against a bound of 5 entries.
    /// The file is compacted while the server runs (it never holds more than twice the bound plus
    /// 16 lines), the history lists the newest 5, and a restart with the same bound finds the same 5.
    @Test func aFloodKeepsTheFileWithinItsBoundWhileServing() throws {
        let directory = try TemporaryFile(name: "unused", bytes: [])
        let path = directory.directory.appendingPathComponent("history.jsonl").path
        let bound = 5
        var longest = 0
        do {
            let server = InProcessServer {
                $0.historyFile = path
                $0.maxHistoryEntryCount = bound
            }
            let connection = server.connect()
            for index in 0..<300 {
                try connection.send("GET /get?i=\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try connection.readResponse()?.status == 200)
                let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
                longest = max(longest, lines)
            }
            #expect(try server.listed().map { $0.string("target") } == (295..<300).reversed().map { "/get?i=\($0)" })
        }
        #expect(longest > bound)
        #expect(longest <= 2 * bound + 16, "the file reached \(longest) lines")
        let restarted = InProcessServer {
            $0.historyFile = path
            $0.maxHistoryEntryCount = bound
        }
        let reloaded = try restarted.listed().map { $0.string("target") ?? "" }
        #expect(reloaded == (295..<300).reversed().map { "/get?i=\($0)" }, "\(reloaded)")
    }
}
