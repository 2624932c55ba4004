import BoomerangSettings

/// The settings reference of `docs/configuration.md`, made from the catalogue (``ServerSetting/groups``):
/// for each setting its key, default, option, environment variable, summary and accepted values.
///
/// The reference sits in the document between ``beginMarker`` and ``endMarker``; the text around
/// them is written by hand. `make docs` (`boomerang settings --update docs/configuration.md`)
/// rewrites it, and a test fails when the document and the catalogue differ.
public enum SettingsReference {
    /// The line before the generated reference.
    public static let beginMarker =
        "<!-- BEGIN settings reference: generated from Sources/BoomerangConfiguration by `make docs`; edit the catalogue, not this table -->"
    /// The line after the generated reference.
    public static let endMarker = "<!-- END settings reference -->"

    /// The reference in Markdown: a `###` heading and a table per group, ending with a line break.
    public static func markdown() -> String {
        let defaults = ServerSettings()
        var text = ""
        for group in ServerSetting.groups {
            if !text.isEmpty { text += "\n" }
            text += "### \(group.title)\n\n"
            text += "| Key | Default | Option | Environment variable | What it does |\n"
            text += "|---|---|---|---|---|\n"
            for setting in group.settings {
                let cells = [
                    code(setting.configKey),
                    defaultText(setting, in: defaults),
                    optionText(setting),
                    code(setting.environmentVariable),
                    "\(setting.summary) Accepts \(setting.expectation).",
                ]
                text += "| " + cells.map(escaped).joined(separator: " | ") + " |\n"
            }
        }
        return text
    }

    /// `document` with everything between its marker lines replaced by ``markdown()``, or nil when
    /// it does not have ``beginMarker`` followed by ``endMarker``.
    public static func updating(_ document: String) -> String? {
        guard let begin = document.range(of: beginMarker),
            let end = document.range(of: endMarker, range: begin.upperBound..<document.endIndex)
        else { return nil }
        return String(document[..<begin.upperBound]) + "\n\n" + markdown() + "\n" + String(document[end.lowerBound...])
    }

    /// The default as the config file would write it, in code type; `none` for an empty value,
    /// and a byte count that is a whole number of KiB also in KiB, MiB or GiB.
    private static func defaultText(_ setting: ServerSetting, in defaults: ServerSettings) -> String {
        let value = setting.value(in: defaults)
        let text = value.description
        guard !text.isEmpty else { return "none" }
        if setting.valueName == "bytes", case .integer(let bytes) = value, let size = binarySize(bytes) {
            return code(text) + " (" + size + ")"
        }
        return code(text)
    }

    /// `8589934592` as `8 GiB`: the largest of GiB, MiB and KiB that divides `bytes`; nil when
    /// none does.
    private static func binarySize(_ bytes: Int64) -> String? {
        for (unit, size) in [("GiB", Int64(1) << 30), ("MiB", Int64(1) << 20), ("KiB", Int64(1) << 10)]
        where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit)"
        }
        return nil
    }

    /// How the setting is given to `boomerang serve`: `--port <port>`, or both forms of a switch.
    private static func optionText(_ setting: ServerSetting) -> String {
        if setting.isSwitch {
            return code("--" + setting.optionName) + ", " + code("--no-" + setting.optionName)
        }
        return code("--\(setting.optionName) <\(setting.valueName)>")
    }

    private static func code(_ text: String) -> String {
        "`" + text + "`"
    }

    /// A table cell's text with its `|` escaped, which would otherwise end the cell (code spans too).
    private static func escaped(_ cell: String) -> String {
        cell.replacing("|", with: "\\|")
    }
}
