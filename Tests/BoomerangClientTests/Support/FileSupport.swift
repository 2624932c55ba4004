import BoomerangSerialization
import Foundation

/// A temporary directory removed when the test ends.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "boomerang-client-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String, contents: [UInt8]) throws -> String {
        let filePath = path + "/" + name
        try Data(contents).write(to: URL(fileURLWithPath: filePath))
        return filePath
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
