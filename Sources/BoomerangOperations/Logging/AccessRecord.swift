import BoomerangExchange
import BoomerangSerialization

/// What the access log says about one exchange, or about a request that was refused, timed out
/// or aborted. It travels through swift-log as one metadata value (`access`), so that the handler
/// formats it without a dictionary of fields per request.
package struct AccessRecord: CustomStringConvertible, Sendable {
    package enum Kind: String, Sendable {
        case access
        case refused
    }

    package var kind: Kind
    package var remote: String
    package var method: String = ""
    package var target: String = ""
    package var version: String = ""
    package var status: Int
    package var bytesOut = 0
    package var bytesIn = 0
    package var durationMicros = 0
    package var requestID = ""
    package var reason = ""

    /// The record of a completed exchange.
    package init(_ exchange: Exchange, durationMicros: Int) {
        let context = exchange.context
        let head = context.head
        self.init(
            kind: .access, remote: context.remoteHost, method: head.method.rawValue, target: head.target,
            version: head.version.description, status: exchange.status, bytesOut: exchange.responseBytes,
            bytesIn: Int(exchange.bodyBytes), durationMicros: durationMicros, requestID: context.requestID)
    }

    package init(
        kind: Kind, remote: String, method: String = "", target: String = "", version: String = "", status: Int,
        bytesOut: Int = 0, bytesIn: Int = 0, durationMicros: Int = 0, requestID: String = "", reason: String = ""
    ) {
        self.kind = kind
        self.remote = remote
        self.method = method
        self.target = target
        self.version = version
        self.status = status
        self.bytesOut = bytesOut
        self.bytesIn = bytesIn
        self.durationMicros = durationMicros
        self.requestID = requestID
        self.reason = reason
    }

    /// The text-format line without its timestamp.
    package var description: String {
        var line: [UInt8] = []
        appendText(to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// `remote "METHOD target HTTP/1.1" status bytes in=bytes 0.25ms id=…`, or
    /// `remote "-" status refused=reason`; quotes and control bytes become `\xNN`.
    package func appendText(to line: inout [UInt8]) {
        Self.appendEscaped(remote, to: &line)
        switch kind {
        case .access:
            line.append(contentsOf: " \"".utf8)
            Self.appendEscaped(method, to: &line)
            line.append(0x20)
            Self.appendEscaped(target, to: &line)
            line.append(0x20)
            line.appendUTF8(version)
            line.append(contentsOf: "\" ".utf8)
            DecimalText.append(status, to: &line)
            line.append(0x20)
            DecimalText.append(bytesOut, to: &line)
            line.append(contentsOf: " in=".utf8)
            DecimalText.append(bytesIn, to: &line)
            line.append(0x20)
            Self.appendMilliseconds(durationMicros, to: &line)
            line.append(contentsOf: "ms id=".utf8)
            line.appendUTF8(requestID)
        case .refused:
            line.append(contentsOf: " \"-\" ".utf8)
            DecimalText.append(status, to: &line)
            line.append(contentsOf: " refused=".utf8)
            Self.appendEscaped(reason, to: &line)
        }
    }

    /// The fields as JSON members, each preceded by a comma.
    package func appendJSONMembers(to line: inout [UInt8]) {
        func member(_ key: String) {
            line.append(contentsOf: ",\"".utf8)
            line.appendUTF8(key)
            line.append(contentsOf: "\":".utf8)
        }
        member("type")
        JSONWriter.appendString(kind.rawValue, to: &line)
        member("remote")
        JSONWriter.appendString(remote, to: &line)
        if kind == .access {
            member("method")
            JSONWriter.appendString(method, to: &line)
            member("target")
            JSONWriter.appendString(target, to: &line)
            member("version")
            JSONWriter.appendString(version, to: &line)
        }
        member("status")
        DecimalText.append(status, to: &line)
        if kind == .access {
            member("bytesOut")
            DecimalText.append(bytesOut, to: &line)
            member("bytesIn")
            DecimalText.append(bytesIn, to: &line)
            member("durationMs")
            Self.appendMilliseconds(durationMicros, to: &line)
            member("requestId")
            JSONWriter.appendString(requestID, to: &line)
        } else {
            member("reason")
            JSONWriter.appendString(reason, to: &line)
        }
    }

    package static func appendMilliseconds(_ durationMicros: Int, to line: inout [UInt8]) {
        DecimalText.append(durationMicros / 1000, to: &line)
        line.append(UInt8(ascii: "."))
        let fraction = durationMicros % 1000
        if fraction < 100 { line.append(0x30) }
        if fraction < 10 { line.append(0x30) }
        DecimalText.append(fraction, to: &line)
    }

    /// `text` with quotes and control bytes as `\xNN`.
    package static func appendEscaped(_ text: String, to line: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            if !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 }) {
                line.append(contentsOf: bytes)
            } else {
                line.appendEscaped(bytes)
            }
        }
    }

}
