import BoomerangSerialization
import Testing

@Suite struct MIMETypeTableTests {
    @Test(arguments: [
        ("cer", "application/x-x509-ca-cert"), ("png", "image/png"), ("PNG", "image/png"), ("jpg", "image/jpeg"),
        ("jpeg", "image/jpeg"), ("gif", "image/gif"), ("webp", "image/webp"), ("bmp", "image/bmp"),
        ("tiff", "image/tiff"), ("ico", "image/vnd.microsoft.icon"), ("svg", "image/svg+xml"), ("txt", "text/plain"),
        ("html", "text/html"), ("css", "text/css"), ("js", "text/javascript"), ("json", "application/json"),
        ("xml", "application/xml"), ("plist", "application/x-plist"), ("pdf", "application/pdf"),
        ("zip", "application/zip"), ("gz", "application/x-gzip"), ("mp3", "audio/mpeg"), ("mp4", "video/mp4"),
        ("mov", "video/quicktime"), ("csv", "text/csv"), ("yaml", "application/x-yaml"),
        ("unknownext", "application/octet-stream"), ("", "application/octet-stream"),
    ])
    func mapsExtensions(pathExtension: String, mimeType: String) {
        #expect(MIMETypeTable.mimeType(forPathExtension: pathExtension) == mimeType)
    }
}
