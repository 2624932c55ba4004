import BoomerangSettings

/// The settings the echo endpoints need, taken once from the server settings.
package struct EchoConfiguration: Sendable {
    /// The largest urlencoded, JSON, property-list, XML or other body kept in memory for decoding
    /// and for the `data` key.
    package var maxBufferedBodyBytes: Int
    /// The largest multipart part kept inline (echoed in `form` or `files`; the history shows its `text`).
    package var maxInlinePartBytes: Int
    /// The most inline part bytes over all parts of one request.
    package var maxInlineTotalBytes: Int
    /// The folder where a part of unknown size spills past ``InlinePartBytes/memoryLimit``.
    package var temporaryDirectory: String
    /// The cap on `x-set-response-delay-ms`.
    package var maxResponseDelayMilliseconds: Int
    /// What a multipart body that does not parse gets, unless the request asks otherwise.
    package var multipartMode: ServerSettings.MultipartMode

    package init(settings: ServerSettings) {
        maxBufferedBodyBytes = settings.maxBufferedBodyBytes
        maxInlinePartBytes = min(settings.maxInlinePartBytes, settings.maxBufferedBodyBytes)
        maxInlineTotalBytes = settings.maxBufferedBodyBytes
        temporaryDirectory = settings.temporaryDirectory
        maxResponseDelayMilliseconds = settings.maxResponseDelayMilliseconds
        multipartMode = settings.multipartMode
    }
}

/// Which echo endpoint answers, which decides the keys of the document.
package enum EchoRoute: Sendable {
    /// `/get`: httpbin's `args`, `headers`, `origin`, `url`, plus the extensions.
    case get
    /// `/post`, `/put`, `/patch`, `/delete`: everything about the request and its body.
    case post, put, patch, delete
    /// `/anything` and below: everything, plus `method`.
    case anything
    /// `/headers`: only `headers`.
    case headers
    /// `/ip`: only `origin`.
    case ip
    /// `/user-agent`: only `user-agent`.
    case userAgent
}
