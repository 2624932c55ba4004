import Foundation

/// The bytes of a config file (`config/server.yaml` by default) and the path they came from,
/// which error messages name.
public struct ConfigFile: Sendable, Hashable {
    /// The path as the user wrote it (or the default path), used in messages.
    public var path: String
    /// The file's bytes, at most ``SettingsLoader/maxConfigFileBytes`` to be accepted.
    public var contents: [UInt8]

    /// Creates a config file from bytes already read.
    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    /// Reads the file at `path`, relative to the working directory unless absolute.
    ///
    /// A file that does not exist gives `nil` unless `isRequired`, when it is an error: the default
    /// path may be missing, a path the user gave may not. At most one byte more than
    /// ``SettingsLoader/maxConfigFileBytes`` is read, so a huge file costs no memory; the
    /// loader refuses it.
    public static func read(atPath path: String, isRequired: Bool) throws(SettingsError) -> ConfigFile? {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if isRequired { throw .fileNotFound(path: path) }
            return nil
        }
        if isDirectory { throw .unreadableFile(path: path, reason: "it is a directory") }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(filePath: path))
        } catch {
            throw .unreadableFile(path: path, reason: "permission denied or not a regular file")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: SettingsLoader.maxConfigFileBytes + 1) ?? Data()
            return ConfigFile(path: path, contents: [UInt8](data))
        } catch {
            throw .unreadableFile(path: path, reason: "the read failed")
        }
    }
}
