import BoomerangSettings

/// The folders of the web page, of the mock mappings and of spilled part bytes.
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

    /// ``ServerSettings/temporaryDirectory``: a folder path, not empty.
    public static let temporaryDirectory = ServerSetting(
        name: "temporaryDirectory",
        summary: "The folder where a multipart part of unknown size spills past 1 MiB (unlinked at once).",
        valueName: "path",
        expectation: "a folder path",
        assign: { settings, text in
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return false }
            settings.temporaryDirectory = text
            return true
        },
        read: { .string($0.temporaryDirectory) }
    )

    /// ``ServerSettings/mappingsDirectory``: a folder path, or empty for none.
    public static let mappingsDirectory = optionalText(
        SettingField({ $0.mappingsDirectory }, { $0.mappingsDirectory = $1 }),
        name: "mappingsDirectory",
        summary: "The folder of mock mapping files, reloaded when they change; bodyFileName reads files/ beside it.",
        valueName: "path"
    )
}
