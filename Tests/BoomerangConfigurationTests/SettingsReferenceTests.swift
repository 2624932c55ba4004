import BoomerangConfiguration
import BoomerangSettings
import Foundation
import Testing

@Suite struct SettingsReferenceTests {
    /// `docs/configuration.md` in this checkout.
    private static let documentURL = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../docs/configuration.md").standardized

    @Test func configurationDocumentMatchesTheCatalogue() throws {
        let document = try String(contentsOf: Self.documentURL, encoding: .utf8)
        let updated = try #require(
            SettingsReference.updating(document),
            "docs/configuration.md has lost its settings reference marker lines; put them back around the reference and run `make docs`")
        let stale = Self.firstDifferentLine(document, updated)
        #expect(
            stale == nil,
            """
            docs/configuration.md's settings reference differs from the settings catalogue \
            (Sources/BoomerangConfiguration): run `make docs` to regenerate it. First difference: \
            \(stale ?? "")
            """)
    }

    @Test func everySettingHasARowWithItsNamesAndDefault() {
        let reference = SettingsReference.markdown()
        let defaults = ServerSettings()
        for setting in ServerSetting.all {
            let row = reference.split(separator: "\n").first { $0.hasPrefix("| `\(setting.configKey)` |") }
            #expect(row != nil, "no row for \(setting.configKey)")
            guard let row else { continue }
            #expect(row.contains("`\(setting.environmentVariable)`"))
            #expect(row.contains("`--\(setting.optionName)"))
            let value = setting.value(in: defaults).description
            #expect(row.contains(value.isEmpty ? "| none |" : "`\(value.replacing("|", with: "\\|"))`"))
        }
        #expect(reference.split(separator: "\n").filter { $0.hasPrefix("| `") }.count == ServerSetting.all.count)
    }

    @Test func switchesShowBothForms() {
        let reference = SettingsReference.markdown()
        #expect(reference.contains("| `history` | `true` | `--history`, `--no-history` | `HISTORY` |"))
        #expect(reference.contains("| `max_body_bytes` | `8589934592` (8 GiB) | `--max-body-bytes <bytes>` | `MAX_BODY_BYTES` |"))
        #expect(reference.contains("`--multipart-mode <strict\\|lenient>`"))
    }

    @Test func updatingReplacesOnlyTheTextBetweenTheMarkers() throws {
        let document = "# Title\n\nBefore.\n\n\(SettingsReference.beginMarker)\nstale\n\(SettingsReference.endMarker)\n\nAfter.\n"
        let updated = try #require(SettingsReference.updating(document))
        #expect(updated.hasPrefix("# Title\n\nBefore.\n\n\(SettingsReference.beginMarker)\n\n### Listening\n"))
        #expect(updated.hasSuffix("\n\n\(SettingsReference.endMarker)\n\nAfter.\n"))
        #expect(!updated.contains("stale"))
        #expect(SettingsReference.updating(updated) == updated)
        #expect(SettingsReference.updating("# Title\n\(SettingsReference.endMarker)\n\(SettingsReference.beginMarker)\n") == nil)
        #expect(SettingsReference.updating("# Title\n") == nil)
    }

    /// The first line of `document` that differs from `expected`'s, with its line number, or nil
    /// when the two are the same.
    private static func firstDifferentLine(_ document: String, _ expected: String) -> String? {
        guard document != expected else { return nil }
        let found = document.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(found.count, wanted.count) {
            let line = index < found.count ? String(found[index]) : "(end of file)"
            let want = index < wanted.count ? String(wanted[index]) : "(end of file)"
            if line != want {
                return "line \(index + 1) is \"\(line)\", the catalogue gives \"\(want)\""
            }
        }
        return nil
    }
}
