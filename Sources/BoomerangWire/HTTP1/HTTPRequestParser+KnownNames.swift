import BoomerangSerialization

/// The methods and field names most requests use, taken from constants when the bytes are exactly
/// these (case included), so that no string is decoded, validated or allocated for them.
extension HTTPRequestParser {
    /// The method of these token bytes.
    static func knownMethod(_ bytes: UnsafeRawBufferPointer) -> HTTPMethod {
        switch bytes.count {
        case 3 where matches(bytes, "GET"): return .get
        case 3 where matches(bytes, "PUT"): return .put
        case 4 where matches(bytes, "POST"): return .post
        case 4 where matches(bytes, "HEAD"): return .head
        case 6 where matches(bytes, "DELETE"): return .delete
        case 7 where matches(bytes, "OPTIONS"): return .options
        default: return HTTPMethod(rawValue: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The field name of these token bytes, in the case they were written in. The known names are
    /// string literals: no decoding, no validation, no allocation (even past 15 bytes).
    static func fieldName(_ bytes: UnsafeRawBufferPointer) -> String {
        switch bytes.count {
        case 4:
            if matches(bytes, "Host") { return "Host" }
            if matches(bytes, "host") { return "host" }
        case 6:
            if matches(bytes, "Accept") { return "Accept" }
            if matches(bytes, "Cookie") { return "Cookie" }
            if matches(bytes, "Origin") { return "Origin" }
            if matches(bytes, "accept") { return "accept" }
        case 7:
            if matches(bytes, "Referer") { return "Referer" }
        case 10:
            if matches(bytes, "User-Agent") { return "User-Agent" }
            if matches(bytes, "Connection") { return "Connection" }
            if matches(bytes, "user-agent") { return "user-agent" }
        case 12:
            if matches(bytes, "Content-Type") { return "Content-Type" }
            if matches(bytes, "content-type") { return "content-type" }
        case 13:
            if matches(bytes, "Authorization") { return "Authorization" }
            if matches(bytes, "Cache-Control") { return "Cache-Control" }
        case 14:
            if matches(bytes, "Content-Length") { return "Content-Length" }
            if matches(bytes, "content-length") { return "content-length" }
        case 15:
            if matches(bytes, "Accept-Encoding") { return "Accept-Encoding" }
            if matches(bytes, "Accept-Language") { return "Accept-Language" }
        case 17:
            if matches(bytes, "Transfer-Encoding") { return "Transfer-Encoding" }
        default:
            break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `bytes` are exactly `text` (same length assumed), compared eight bytes at a time.
    @inline(__always)
    private static func matches(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count == count, let base = bytes.baseAddress else { return false }
        let expected = UnsafeRawPointer(text.utf8Start)
        var index = 0
        while index &+ 8 <= count {
            if base.loadUnaligned(fromByteOffset: index, as: UInt64.self) != expected.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index &+= 8
        }
        while index < count {
            if base.load(fromByteOffset: index, as: UInt8.self) != expected.load(fromByteOffset: index, as: UInt8.self) { return false }
            index &+= 1
        }
        return true
    }
}
