/// The MIME type of a file from its path extension.
///
/// AFNetworking asks the system's UTI database (serialization spec §1.6.5); Linux has none, so
/// this is a fixed table. Where Darwin's answer is known it is used (`cer` gives
/// `application/x-x509-ca-cert`, as AFNetworking's test expects); anything unknown is
/// `application/octet-stream`.
public enum MIMETypeTable {
    /// The type for unknown extensions.
    public static let defaultType = "application/octet-stream"

    /// The extensions this table knows, lowercased, and their types.
    public static let types: [String: String] = [
        "cer": "application/x-x509-ca-cert",
        "crt": "application/x-x509-ca-cert",
        "der": "application/x-x509-ca-cert",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "bmp": "image/bmp",
        "tif": "image/tiff",
        "tiff": "image/tiff",
        "ico": "image/vnd.microsoft.icon",
        "heic": "image/heic",
        "svg": "image/svg+xml",
        "txt": "text/plain",
        "text": "text/plain",
        "htm": "text/html",
        "html": "text/html",
        "css": "text/css",
        "js": "text/javascript",
        "csv": "text/csv",
        "md": "text/markdown",
        "json": "application/json",
        "xml": "application/xml",
        "plist": "application/x-plist",
        "yaml": "application/x-yaml",
        "yml": "application/x-yaml",
        "pdf": "application/pdf",
        "zip": "application/zip",
        "gz": "application/x-gzip",
        "tar": "application/x-tar",
        "mp3": "audio/mpeg",
        "m4a": "audio/mp4",
        "wav": "audio/wav",
        "mp4": "video/mp4",
        "mov": "video/quicktime",
        "bin": "application/octet-stream",
    ]

    /// The MIME type for a path extension, compared case-insensitively.
    ///
    /// - Parameter pathExtension: the extension without its dot, such as `png`.
    /// - Returns: the type, or ``defaultType``.
    public static func mimeType(forPathExtension pathExtension: String) -> String {
        types[pathExtension.lowercased()] ?? defaultType
    }
}
