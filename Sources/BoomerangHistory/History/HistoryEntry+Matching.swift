import BoomerangMocks
import BoomerangSerialization

extension HistoryEntry {
    /// The entry as a ``RequestPattern`` sees it: routed path, headers as stored (redacted values
    /// read `[redacted]`), the body when it was kept whole.
    package var patternSubject: PatternSubject {
        let query: Substring? = summary.target.firstIndex(of: "?").map { summary.target[summary.target.index(after: $0)...] }
        var subject = PatternSubject(
            method: summary.method, path: summary.path[...], query: query, headers: HTTPHeaders(), body: nil, session: summary.session)
        switch detail {
        case .live(let recorded):
            if let head = recorded.head {
                subject.headers = head.headers
                if recorded.body.isWhole { subject.body = recorded.body.bytes }
            }
        case .restored(let object):
            let request = object["request"]
            for field in request?["headers"]?.arrayValue ?? [] {
                guard let pair = field.arrayValue, pair.count == 2, let name = pair[0].stringValue, let value = pair[1].stringValue else {
                    continue
                }
                subject.headers.add(name: name, value: value)
            }
            if let body = request?["body"], body["inline"] == .bool(true) {
                if let text = body["text"]?.stringValue {
                    subject.body = Array(text.utf8)
                } else if let encoded = body["base64"]?.stringValue {
                    subject.body = Base64.decode(encoded, .paddedStandard)
                } else {
                    subject.body = []
                }
            }
        }
        return subject
    }
}
