import BoomerangEcho
import BoomerangExchange
import BoomerangSerialization

/// The filters and paging of `GET /__admin/requests` and the HAR export, read from the query.
package struct HistoryFilter {
    /// A status or a class of statuses.
    package enum StatusMatch: Equatable {
        case exactly(Int)
        case inClass(Int)
    }

    package var session: String?
    package var method: String?
    package var pathPrefix: String?
    package var status: StatusMatch?
    package var outcome: HistoryEntry.Outcome?
    /// Lower-cased text searched in the target, the headers and a kept UTF-8 body.
    package var text: String?
    package var since: Int?
    package var limit: Int
    package var offset = 0

    /// The most entries one page may hold.
    package static let maxLimit = 1000

    /// Reads the filters from a query string.
    ///
    /// - Throws: ``ServerError/Code/invalidParameter`` for a value it cannot take.
    package init(query: Substring?, defaultLimit: Int = 100) throws(ServerError) {
        limit = defaultLimit
        for (name, value) in AdminQuery.pairs(query) {
            switch name {
            case "session": session = value
            case "method": method = value
            case "path": pathPrefix = value
            case "q": text = value.isEmpty ? nil : value.lowercased()
            case "status": status = try Self.status(value)
            case "outcome":
                guard let outcome = HistoryEntry.Outcome(rawValue: value) else {
                    throw ServerError(.invalidParameter, "outcome must be complete, clientAborted, refused or interrupted", value: value)
                }
                self.outcome = outcome
            case "since": since = try AdminQuery.integer(value, name: name, in: 0...Int.max)
            case "limit": limit = try AdminQuery.integer(value, name: name, in: 1...Self.maxLimit)
            case "offset": offset = try AdminQuery.integer(value, name: name, in: 0...Int.max)
            default: continue
            }
        }
    }

    private static func status(_ text: String) throws(ServerError) -> StatusMatch {
        let bytes = Array(text.utf8)
        if bytes.count == 3, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(bytes[0]), bytes[1] | 0x20 == UInt8(ascii: "x"),
            bytes[2] | 0x20 == UInt8(ascii: "x")
        {
            return .inClass(Int(bytes[0] - UInt8(ascii: "0")))
        }
        if let code = Int(text), (100...599).contains(code) { return .exactly(code) }
        throw ServerError(.invalidParameter, "status must be a code from 100 to 599 or a class such as 4xx", value: text)
    }

    /// Whether an entry passes every filter (paging aside).
    package func matches(_ entry: HistoryEntry) -> Bool {
        let summary = entry.summary
        if let since, entry.id <= since { return false }
        if let session, summary.session != session { return false }
        if let method, summary.method != method { return false }
        if let pathPrefix, !summary.path.hasPrefix(pathPrefix) { return false }
        if let outcome, summary.outcome != outcome { return false }
        switch status {
        case .exactly(let code)?: if summary.status != code { return false }
        case .inClass(let digit)?: if summary.status / 100 != digit { return false }
        case nil: break
        }
        if let text, !entry.searchableText.lowercased().contains(text) { return false }
        return true
    }
}

extension HistoryEntry {
    /// The target, header lines and a kept UTF-8 body, for the text filter.
    package var searchableText: String {
        var text = summary.target
        switch detail {
        case .live(let recorded):
            for field in recorded.head?.headers ?? HTTPHeaders() { text += "\n\(field.name): \(field.value)" }
            if recorded.body.isWhole, let body = String(validating: recorded.body.bytes, as: UTF8.self) { text += "\n" + body }
            if let refusal = recorded.refusal { text += "\n" + String(decoding: refusal.raw, as: UTF8.self) }
        case .restored(let object):
            for field in object["request"]?["headers"]?.arrayValue ?? [] {
                text += "\n\(field.arrayValue?.first?.stringValue ?? ""): \(field.arrayValue?.last?.stringValue ?? "")"
            }
            if object["request"]?["body"]?["inline"] == .bool(true), let body = object["request"]?["body"]?["text"]?.stringValue {
                text += "\n" + body
            }
        }
        return text
    }
}

/// Query parameters of admin requests.
package enum AdminQuery {
    /// The pairs, percent-decoded, `+` as space; a bare key has the empty value.
    package static func pairs(_ query: Substring?) -> [(String, String)] {
        guard let query, !query.isEmpty else { return [] }
        return FormDecoding.pairs(String(query), plusAsSpace: true).pairs.map { ($0.name, $0.value ?? "") }
    }

    /// The first value of a parameter.
    package static func value(_ name: String, in query: Substring?) -> String? {
        pairs(query).first { $0.0 == name }?.1
    }

    package static func integer(_ text: String, name: String, in range: ClosedRange<Int>) throws(ServerError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            let bound = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw ServerError(.invalidParameter, "\(name) must be a whole number \(bound)", value: text)
        }
        return value
    }
}
