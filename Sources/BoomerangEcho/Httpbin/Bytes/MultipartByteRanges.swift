import BoomerangExchange
import BoomerangSerialization

/// The `206 Partial Content` answer to a request for several ranges: a `multipart/byteranges`
/// body (RFC 9110 §14.6), one part per range in the order asked, each with the representation's
/// `Content-Type` and its own `Content-Range`.
package enum MultipartByteRanges {
    /// - Parameters:
    ///   - headers: the representation's headers, without `Content-Type` (which becomes the
    ///     multipart one; `partType` goes into each part).
    ///   - bytes: the bytes of one range of the representation.
    package static func response(
        _ ranges: [ClosedRange<Int>], length: Int, partType: String, headers: HTTPHeaders,
        bytes: (ClosedRange<Int>) -> [UInt8]
    ) -> Response {
        let boundary = "boomerang-byteranges-" + String(UInt64.random(in: .min ... .max), radix: 16)
        var headers = headers
        headers.add(name: "Content-Type", value: "multipart/byteranges; boundary=\(boundary)")
        var body: [UInt8] = []
        for range in ranges {
            body += Array("--\(boundary)\r\nContent-Type: \(partType)\r\n".utf8)
            body += Array("Content-Range: bytes \(range.lowerBound)-\(range.upperBound)/\(length)\r\n\r\n".utf8)
            body += bytes(range)
            body += [13, 10]
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return Response(status: 206, headers: headers, body: body)
    }
}
