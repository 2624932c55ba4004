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

/// Reads a reader to its end through a buffer of the given size.
func readAll(_ reader: inout some BodyReader, bufferSize: Int) throws -> [UInt8] {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    while true {
        let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        if count == 0 { return output }
        output += buffer[..<count]
    }
}
