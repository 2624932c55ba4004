import BoomerangSerialization

/// A small multipart form and the exact bytes it encodes to, for the tests of the encoder, the
/// parser and the file adapter.
public enum MultipartSamples {
    /// The boundary AFNetworking's tests use.
    public static let boundary = "Boundary+0123456789ABCDEF"

    /// A field `foo=bar` and a three-byte file `a.bin`.
    public static func twoPartForm() -> MultipartFormData {
        var form = MultipartFormData(boundary: boundary)
        form.appendPart(formData: Array("bar".utf8), name: "foo")
        form.appendPart(fileData: [0, 1, 2], name: "file", filename: "a.bin", mimeType: "application/octet-stream")
        return form
    }

    /// What ``twoPartForm()`` encodes to.
    public static let twoPartWire = """
        --Boundary+0123456789ABCDEF\r
        Content-Disposition: form-data; name="foo"\r
        \r
        bar\r
        --Boundary+0123456789ABCDEF\r
        Content-Disposition: form-data; name="file"; filename="a.bin"\r
        Content-Type: application/octet-stream\r
        \r
        \u{0}\u{1}\u{2}\r
        --Boundary+0123456789ABCDEF--\r

        """
}
