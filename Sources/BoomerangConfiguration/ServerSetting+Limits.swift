import BoomerangSettings

/// The limits on a request's size, and what a multipart body that does not parse gets.
extension ServerSetting {
    /// ``ServerSettings/maxRequestLineBytes``: a positive integer.
    public static let maxRequestLineBytes = integer(
        SettingField({ $0.maxRequestLineBytes }, { $0.maxRequestLineBytes = $1 }),
        name: "maxRequestLineBytes",
        summary: "The longest request line, in bytes; longer gets 414.",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxHeaderBytes``: a positive integer.
    public static let maxHeaderBytes = integer(
        SettingField({ $0.maxHeaderBytes }, { $0.maxHeaderBytes = $1 }),
        name: "maxHeaderBytes",
        summary: "The most bytes of request line plus header fields; more gets 431.",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxHeaderCount``: a positive integer.
    public static let maxHeaderCount = integer(
        SettingField({ $0.maxHeaderCount }, { $0.maxHeaderCount = $1 }),
        name: "maxHeaderCount",
        summary: "The most header fields in one request; more gets 431.",
        valueName: "count"
    )

    /// ``ServerSettings/maxBodyBytes``: a positive integer.
    public static let maxBodyBytes = integer(
        SettingField({ $0.maxBodyBytes }, { $0.maxBodyBytes = $1 }),
        name: "maxBodyBytes",
        summary: "The largest request body, streamed or not; larger gets 413.",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxBufferedBodyBytes``: a positive integer.
    public static let maxBufferedBodyBytes = integer(
        SettingField({ $0.maxBufferedBodyBytes }, { $0.maxBufferedBodyBytes = $1 }),
        name: "maxBufferedBodyBytes",
        summary: "The largest body buffered to be decoded (form, JSON, property list, XML).",
        valueName: "bytes"
    )

    /// ``ServerSettings/maxInlinePartBytes``: a positive integer.
    public static let maxInlinePartBytes = integer(
        SettingField({ $0.maxInlinePartBytes }, { $0.maxInlinePartBytes = $1 }),
        name: "maxInlinePartBytes",
        summary: "The largest multipart part echoed inline (form, files); larger parts are only counted and hashed.",
        valueName: "bytes"
    )

    /// ``ServerSettings/multipartMode``: `strict` or `lenient`.
    public static let multipartMode = choice(
        SettingField({ $0.multipartMode }, { $0.multipartMode = $1 }),
        name: "multipartMode",
        summary: "A multipart body that does not parse: strict answers 400 with the error, lenient 200 with diagnostics."
    )
}
