import BoomerangSerialization

/// One libFuzzer input: a header value with parameters. It goes through the media-type parser,
/// the Content-Disposition parser and the multipart boundary reader. Properties: no crash, and a
/// boundary that is read is one the multipart parser accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParameters(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let mediaType = try? MediaType(parsing: text) {
        _ = mediaType.parameter("charset")
    }
    if let disposition = ContentDisposition(parsing: text) {
        _ = disposition.name
        _ = disposition.filename
        if let extended = disposition.parameter("filename*") { _ = ContentDisposition.decodeExtendedValue(extended) }
    }
    if let boundary = try? MultipartBoundary.parse(contentType: text) {
        precondition((try? MultipartParser(boundary: boundary)) != nil, "a boundary read from a Content-Type is refused")
    }
    return 0
}
