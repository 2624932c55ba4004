import BoomerangConfiguration
import Foundation
import Testing

/// Reading the config file. Robustness R06: a missing file, a folder, a huge file, a link to a device.
@Suite struct ConfigFileTests {
    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "boomerang-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func missingOptionalFileIsNil() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try ConfigFile.read(atPath: directory.appending(path: "none.yaml").path, isRequired: false) == nil)
    }

    @Test func missingRequiredFileIsAnError() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "none.yaml").path
        #expect(
            throws: SettingsError(code: .fileNotFound, message: "config file \(path) does not exist", path: path)
        ) {
            try ConfigFile.read(atPath: path, isRequired: true)
        }
    }

    @Test func directoryIsUnreadable() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        #expect(
            throws: SettingsError(
                code: .unreadableFile,
                message: "cannot read config file \(path): it is a directory",
                path: path
            )
        ) {
            try ConfigFile.read(atPath: path, isRequired: false)
        }
    }

    @Test func readsTheBytes() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "server.yaml").path
        try Data("port: 1\n".utf8).write(to: URL(filePath: path))
        #expect(
            try ConfigFile.read(atPath: path, isRequired: true)
                == ConfigFile(path: path, contents: Array("port: 1\n".utf8))
        )
    }

    @Test func readsAtMostOneByteOverTheLimit() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "big.yaml").path
        try Data(repeating: UInt8(ascii: "#"), count: 3 << 20).write(to: URL(filePath: path))
        let file = try #require(try ConfigFile.read(atPath: path, isRequired: true))
        #expect(file.contents.count == SettingsLoader.maxConfigFileBytes + 1)
        #expect(
            throws: SettingsError(
                code: .fileTooLarge,
                message: "\(path) is larger than 1048576 bytes, the limit for a config file",
                path: path
            )
        ) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: file)
        }
    }

    /// Robustness R06: a config that is a link to `/dev/zero` (endless bytes) is read only to one
    /// byte past the limit, then refused as too large; it neither hangs nor fills the memory.
    @Test func aLinkToAnEndlessDeviceIsReadToTheLimitAndRefused() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "server.yaml").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        let file = try #require(try ConfigFile.read(atPath: path, isRequired: true))
        #expect(file.contents.count == SettingsLoader.maxConfigFileBytes + 1)
        let error = try #require(throws: SettingsError.self) {
            try SettingsLoader.load(options: [:], environment: [:], configFile: file)
        }
        #expect(error.code == .fileTooLarge)
    }
}
