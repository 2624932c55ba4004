import BoomerangClient
import BoomerangSerialization
import Crypto
import Foundation

/// Reading the echo document out of a client response.
extension ClientResponse {
    /// The decoded JSON echo, or `nil` when the object is not JSON.
    var echo: StructuredValue? {
        if case .json(let value)? = object { return value }
        return nil
    }
}

enum ClientEcho {
    static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Raw header fields of the echo, as (name, value) pairs.
    static func headersRaw(_ echo: StructuredValue?) -> [(String, String)] {
        (echo?["headersRaw"]?.arrayValue ?? []).compactMap { field in
            guard let pair = field.arrayValue, pair.count == 2, let name = pair[0].stringValue, let value = pair[1].stringValue
            else { return nil }
            return (name, value)
        }
    }

    /// A file in a fresh temporary directory, removed on release.
    final class TemporaryFile {
        let directory: URL
        let path: String

        init(name: String, bytes: [UInt8]) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("boomerang-client-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }

        deinit {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

/// Collects progress reports from the delegate queue.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    var handler: ProgressHandler {
        { [self] progress in
            lock.lock()
            reports.append(progress)
            lock.unlock()
        }
    }

    func reports(_ direction: TransferProgress.Direction) -> [TransferProgress] {
        lock.lock()
        defer { lock.unlock() }
        return reports.filter { $0.direction == direction }
    }
}
