import BoomerangConfiguration
import Foundation
import Testing

/// ``SettingsEnvironment`` reads the settings' variables as `ProcessInfo.processInfo.environment`
/// does (the expectations below are what Foundation gives for the same entries).
@Suite struct SettingsEnvironmentTests {
    private func variables(_ entries: [[UInt8]]) -> [String: String] {
        let pointers = entries.map { bytes -> UnsafeMutablePointer<CChar>? in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        }
        var list = pointers + [nil]
        defer { pointers.forEach { $0?.deallocate() } }
        return list.withUnsafeMutableBufferPointer { SettingsEnvironment.variables(in: $0.baseAddress!) }
    }

    @Test func readsOnlyTheSettingsVariablesTheLastOfDuplicatesWinning() {
        let found = variables([
            Array("PORT=1".utf8), Array("PATH=/bin".utf8), Array("PORT=2".utf8), Array("HOST=a=b".utf8),
            Array("LOG_LEVEL=".utf8), Array("THREADS".utf8), Array("=X".utf8), Array("port=3".utf8),
            Array("ADMIN_TOKEN=a".utf8) + [0xFF] + Array("b".utf8),
        ])
        #expect(found == ["PORT": "2", "HOST": "a=b", "LOG_LEVEL": "", "ADMIN_TOKEN": "a\u{FFFD}b"])
    }

    @Test func theProcessEnvironmentGivesWhatProcessInfoGives() {
        let names = Set(ServerSetting.all.map(\.environmentVariable))
        let expected = ProcessInfo.processInfo.environment.filter { names.contains($0.key) }
        #expect(SettingsEnvironment.variables() == expected)
    }
}
