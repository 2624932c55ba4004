import BoomerangExchange
import BoomerangSerialization

/// The answer of `/range/{n}`: the letters a–z repeated to `n` bytes, cut as the Range header asks.
package enum RangeResponse {
    /// The byte at `offset`.
    package static func byte(at offset: Int) -> UInt8 {
        UInt8(ascii: "a") + UInt8(offset % 26)
    }

    /// The bytes of `range`, copied from the alphabet a run at a time: a per-byte loop took the
    /// event loop for seconds per 10 MiB in a debug build, which a slow reader asking for many
    /// large ranges turned into a stall of every connection on the loop.
    package static func bytes(_ range: ClosedRange<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var offset = range.lowerBound
        while offset <= range.upperBound {
            let start = offset % 26
            let run = min(26 - start, range.upperBound - offset + 1)
            out.append(contentsOf: alphabet[start..<start + run])
            offset += run
        }
        return out
    }

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)

    /// A body longer than this is made while it is sent (``RangeBodyStream``) instead of whole.
    package static let streamedAbove = 64 << 10

    /// A response whose body is `range`: whole when small, streamed when large.
    private static func response(_ range: ClosedRange<Int>, status: Int, headers: HTTPHeaders) -> Response {
        guard range.count > streamedAbove else { return Response(status: status, headers: headers, body: bytes(range)) }
        var response = Response(status: status, headers: headers)
        response.bodyStream = RangeBodyStream(range)
        return response
    }

    package static func make(length: Int, ranges: ByteRangeSet) -> Response {
        var headers: HTTPHeaders = ["ETag": "range\(length)", "Accept-Ranges": "bytes"]
        switch ranges {
        case .whole:
            headers.add(name: "Content-Type", value: "application/octet-stream")
            return response(0...(length - 1), status: 200, headers: headers)
        case .unsatisfiable:
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            headers.add(name: "Content-Range", value: "bytes */\(length)")
            return Response(status: 416, headers: headers)
        case .ranges(let list) where list.count == 1:
            let range = list[0]
            headers.add(name: "Content-Type", value: "application/octet-stream")
            headers.add(name: "Content-Range", value: "bytes \(range.lowerBound)-\(range.upperBound)/\(length)")
            let whole = range.lowerBound == 0 && range.upperBound == length - 1
            return response(range, status: whole ? 200 : 206, headers: headers)
        case .ranges(let list):
            return MultipartByteRanges.response(
                list, length: length, partType: "application/octet-stream", headers: headers, bytes: bytes)
        }
    }
}
