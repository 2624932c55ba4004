import BoomerangSettings

/// The folders of the web page, of the mock mappings and of spilled part bytes.
extension ServerSetting {
    /// ``ServerSettings/publicDirectory``: a folder path, not empty.
    public static let publicDirectory = folder(
        SettingField({ $0.publicDirectory }, { $0.publicDirectory = $1 }),
        name: "publicDirectory",
        summary: "The folder of the web page served at / (relative to the working directory)."
    )

    /// ``ServerSettings/temporaryDirectory``: a folder path, not empty.
    public static let temporaryDirectory = folder(
        SettingField({ $0.temporaryDirectory }, { $0.temporaryDirectory = $1 }),
        name: "temporaryDirectory",
        summary: "The folder where a multipart part of unknown size spills past 1 MiB (unlinked at once)."
    )

    /// ``ServerSettings/mappingsDirectory``: a folder path, or empty for none.
    public static let mappingsDirectory = optionalText(
        SettingField({ $0.mappingsDirectory }, { $0.mappingsDirectory = $1 }),
        name: "mappingsDirectory",
        summary: "The folder of mock mapping files, reloaded when they change; bodyFileName reads files/ beside it.",
        valueName: "path"
    )
}
