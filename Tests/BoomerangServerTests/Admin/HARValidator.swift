import Foundation

/// Checks a decoded HAR document against the required fields and types of HAR 1.2
/// (http://www.softwareishard.com/blog/har-12-spec/): every field the spec does not mark
/// optional, with its type; `time` equal to the sum of the non-negative timings.
enum HARValidator {
    static func problems(_ document: Any) -> [String] {
        var problems: [String] = []
        func require(_ object: [String: Any], _ key: String, _ path: String, _ check: (Any) -> Bool, _ what: String) {
            guard let value = object[key] else {
                problems.append("\(path).\(key) is missing")
                return
            }
            if !check(value) { problems.append("\(path).\(key) is not \(what)") }
        }
        let isString: (Any) -> Bool = { $0 is String }
        let isNumber: (Any) -> Bool = { $0 is NSNumber }
        let isInteger: (Any) -> Bool = { ($0 as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } ?? false }
        let isArray: (Any) -> Bool = { $0 is [Any] }
        let isObject: (Any) -> Bool = { $0 is [String: Any] }
        func nameValueList(_ object: [String: Any], _ key: String, _ path: String) {
            require(object, key, path, isArray, "an array")
            for (index, item) in (object[key] as? [Any] ?? []).enumerated() {
                guard let pair = item as? [String: Any] else {
                    problems.append("\(path).\(key)[\(index)] is not an object")
                    continue
                }
                require(pair, "name", "\(path).\(key)[\(index)]", isString, "a string")
                require(pair, "value", "\(path).\(key)[\(index)]", isString, "a string")
            }
        }
        guard let root = document as? [String: Any], let log = root["log"] as? [String: Any] else {
            return ["the document has no log object"]
        }
        require(log, "version", "log", { ($0 as? String) == "1.2" }, "\"1.2\"")
        require(log, "creator", "log", isObject, "an object")
        if let creator = log["creator"] as? [String: Any] {
            require(creator, "name", "log.creator", isString, "a string")
            require(creator, "version", "log.creator", isString, "a string")
        }
        require(log, "entries", "log", isArray, "an array")
        for (index, item) in (log["entries"] as? [Any] ?? []).enumerated() {
            let path = "log.entries[\(index)]"
            guard let entry = item as? [String: Any] else {
                problems.append("\(path) is not an object")
                continue
            }
            require(entry, "startedDateTime", path, { value in
                guard let text = value as? String else { return false }
                return ISO8601DateFormatter().date(from: text.replacingOccurrences(of: #"\.\d+"#, with: "", options: .regularExpression)) != nil
            }, "an ISO 8601 date-time")
            require(entry, "time", path, isNumber, "a number")
            require(entry, "cache", path, isObject, "an object")
            require(entry, "timings", path, isObject, "an object")
            if let timings = entry["timings"] as? [String: Any] {
                for key in ["send", "wait", "receive"] { require(timings, key, "\(path).timings", isNumber, "a number") }
                let sum = ["blocked", "dns", "connect", "send", "wait", "receive"]
                    .compactMap { (timings[$0] as? NSNumber)?.doubleValue }.filter { $0 >= 0 }.reduce(0, +)
                if let time = (entry["time"] as? NSNumber)?.doubleValue, abs(time - sum) > 0.001 {
                    problems.append("\(path).time \(time) is not the sum of its timings \(sum)")
                }
            }
            require(entry, "request", path, isObject, "an object")
            if let request = entry["request"] as? [String: Any] {
                let path = path + ".request"
                require(request, "method", path, isString, "a string")
                require(request, "url", path, { ($0 as? String).flatMap(URL.init(string:))?.scheme != nil }, "an absolute URL")
                require(request, "httpVersion", path, isString, "a string")
                nameValueList(request, "cookies", path)
                nameValueList(request, "headers", path)
                nameValueList(request, "queryString", path)
                require(request, "headersSize", path, isInteger, "an integer")
                require(request, "bodySize", path, isInteger, "an integer")
                if let postData = request["postData"] as? [String: Any] {
                    require(postData, "mimeType", path + ".postData", isString, "a string")
                    if postData["params"] == nil && postData["text"] == nil { problems.append("\(path).postData has neither params nor text") }
                }
            }
            require(entry, "response", path, isObject, "an object")
            if let response = entry["response"] as? [String: Any] {
                let path = path + ".response"
                require(response, "status", path, isInteger, "an integer")
                require(response, "statusText", path, isString, "a string")
                require(response, "httpVersion", path, isString, "a string")
                nameValueList(response, "cookies", path)
                nameValueList(response, "headers", path)
                require(response, "content", path, isObject, "an object")
                if let content = response["content"] as? [String: Any] {
                    require(content, "size", path + ".content", isInteger, "an integer")
                    require(content, "mimeType", path + ".content", isString, "a string")
                }
                require(response, "redirectURL", path, isString, "a string")
                require(response, "headersSize", path, isInteger, "an integer")
                require(response, "bodySize", path, isInteger, "an integer")
            }
        }
        return problems
    }
}
