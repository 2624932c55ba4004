import BoomerangSettings

/// The folders of the web page and of the mock mappings.
extension ServerSetting {
    /// ``ServerSettings/publicDirectory``: a folder path, not empty.
    public static let publicDirectory = ServerSetting(
        name: "publicDirectory",
        summary: "The folder of the web page served at / (relative to the working directory).",
        valueName: "path",
        expectation: "a folder path",
        assign: { settings, text in
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return false }
            settings.publicDirectory = text
            return true
        },
        read: { .string($0.publicDirectory) }
    )

    /// ``ServerSettings/mappingsDirectory``: a folder path, or empty for none.
    public static let mappingsDirectory = optionalText(
        SettingField({ $0.mappingsDirectory }, { $0.mappingsDirectory = $1 }),
        name: "mappingsDirectory",
        summary: "The folder of mock mapping files, reloaded when they change; bodyFileName reads files/ beside it.",
        valueName: "path"
    )
}
