import BoomerangExchange
import BoomerangSerialization
import BoomerangSettings

/// The per-request response controls of the echo routes, each read from a query parameter or,
/// failing that, from a request header of the same name (so they work from an address bar).
package struct ResponseControls {
    package static let statusName = "x-set-response-status-code"
    package static let contentTypeName = "x-set-response-content-type"
    package static let delayName = "x-set-response-delay-ms"
    package static let formatName = "x-set-response-format"
    package static let faultName = "x-set-response-fault"
    package static let failTimesName = "x-set-response-fail-times"
    package static let failTokenName = "x-set-response-fail-token"

    /// The most failures `x-set-response-fail-times` may ask for.
    package static let maxFailTimes = 1000
    package static let multipartModeName = "x-set-multipart-mode"

    /// The status to answer with.
    package var status: Int?
    /// The Content-Type to send: `.some("")` sends none at all.
    package var contentType: String?
    /// How long to hold the response, already capped.
    package var delayMilliseconds: Int = 0
    /// The format to render, overriding `Accept`.
    package var format: ResponseFormat?
    /// The transport fault to break the answer with.
    package var fault: ResponseFault?
    /// How many attempts with ``failToken`` fail before one succeeds.
    package var failTimes: Int?
    /// The client's key for counting attempts: 1–100 of `A–Z a–z 0–9 - . _ ~`.
    package var failToken: String?
    /// How a multipart body that does not parse is answered, overriding the `multipart_mode` setting.
    package var multipartMode: ServerSettings.MultipartMode?

    /// A control with a value it cannot take.
    package struct Invalid: Error, Equatable {
        package let name: String
        package let value: String
        package let expected: String
    }

    package init(query: [(name: String, value: String?)], headers: HTTPHeaders, maxDelayMilliseconds: Int) throws(Invalid) {
        guard query.contains(where: { Self.hasControlPrefix($0.name, anyCase: false) })
            || headers.fields.contains(where: { Self.hasControlPrefix($0.name, anyCase: true) })
        else { return }
        func value(_ name: String) -> String? {
            if let pair = query.last(where: { $0.name == name }) { return pair.value ?? "" }
            return headers[name]
        }
        if let text = value(Self.statusName) {
            guard let code = Int(text.trimmingSpaces()), (100...599).contains(code) else {
                throw Invalid(name: Self.statusName, value: text, expected: "a status code from 100 to 599")
            }
            status = code
        }
        if let text = value(Self.contentTypeName) {
            guard !text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                throw Invalid(name: Self.contentTypeName, value: text, expected: "a header value without control characters")
            }
            contentType = text
        }
        if let text = value(Self.delayName) {
            guard let milliseconds = Int(text.trimmingSpaces()), milliseconds >= 0 else {
                throw Invalid(name: Self.delayName, value: text, expected: "a whole number of milliseconds, 0 or more")
            }
            delayMilliseconds = min(milliseconds, maxDelayMilliseconds)
        }
        if let text = value(Self.faultName) {
            guard let fault = ResponseFault(text, maxDelayMilliseconds: maxDelayMilliseconds) else {
                throw Invalid(name: Self.faultName, value: text, expected: ResponseFault.expected)
            }
            self.fault = fault
        }
        if let text = value(Self.failTimesName) {
            guard let times = Int(text.trimmingSpaces()), (0...Self.maxFailTimes).contains(times) else {
                throw Invalid(name: Self.failTimesName, value: text, expected: "a whole number from 0 to \(Self.maxFailTimes)")
            }
            guard let token = value(Self.failTokenName) else {
                throw Invalid(
                    name: Self.failTokenName, value: "", expected: "a token naming the attempts, with \(Self.failTimesName)")
            }
            guard (1...100).contains(token.utf8.count),
                token.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || $0 == 0x7E })
            else {
                throw Invalid(name: Self.failTokenName, value: token, expected: "1 to 100 of A-Z a-z 0-9 - . _ ~")
            }
            failTimes = times
            failToken = token
        }
        // Taken by the h2c upgrade, before any route: here only checked, so that a name there is
        // no edge of is told rather than answered in HTTP/1.1 without a word.
        if let text = value(HTTP2Edges.controlName), HTTP2Edges.named(text) == nil {
            throw Invalid(name: HTTP2Edges.controlName, value: text, expected: HTTP2Edges.names)
        }
        if let text = value(Self.formatName) {
            guard let format = ResponseFormat(name: text.trimmingSpaces().lowercased()) else {
                throw Invalid(name: Self.formatName, value: text, expected: "json, plist, binary-plist or xml")
            }
            self.format = format
        }
        if let text = value(Self.multipartModeName) {
            guard let mode = ServerSettings.MultipartMode(rawValue: text.trimmingSpaces().lowercased()) else {
                throw Invalid(name: Self.multipartModeName, value: text, expected: "strict or lenient")
            }
            multipartMode = mode
        }
    }
}

extension ResponseControls {
    /// Whether `name` starts with `x-set-`, as every control's name does: one pass over the
    /// request's names instead of a look-up per control when it carries none.
    private static func hasControlPrefix(_ name: String, anyCase: Bool) -> Bool {
        let prefix: StaticString = "x-set-"
        guard name.utf8.count > prefix.utf8CodeUnitCount else { return false }
        let contiguous: Bool? = name.utf8.withContiguousStorageIfAvailable { bytes in
            for offset in 0..<prefix.utf8CodeUnitCount
            where (anyCase ? bytes[offset] | 0x20 : bytes[offset]) != prefix.utf8Start[offset] {
                return false
            }
            return true
        }
        if let contiguous { return contiguous }
        var bytes = name.utf8.makeIterator()
        for offset in 0..<prefix.utf8CodeUnitCount {
            guard let byte = bytes.next(), (anyCase ? byte | 0x20 : byte) == prefix.utf8Start[offset] else { return false }
        }
        return true
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII letter or digit.
    fileprivate var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
