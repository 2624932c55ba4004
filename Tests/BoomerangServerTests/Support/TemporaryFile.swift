import BoomerangSamples
import Foundation

/// A file with given bytes in a fresh temporary directory, removed on release.
final class TemporaryFile {
    let directory: URL
    let url: URL

    init(name: String = "file.bin", bytes: [UInt8]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("boomerang-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
    }

    var path: String { url.path }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
