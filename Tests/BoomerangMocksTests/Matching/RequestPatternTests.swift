import BoomerangExchange
import BoomerangSerialization
import Testing

@testable import BoomerangMocks


/// Request patterns: reading their JSON and matching requests.
@Suite struct RequestPatternTests {
    static func pattern(_ json: String) throws -> RequestPattern {
        try RequestPattern(json: try JSONParser().parse(Array(json.utf8)))
    }

    static let request = PatternSubject(
        method: "POST", path: "/items/42", query: "q=a%20b&tag=x&tag=y&flag",
        headers: ["Content-Type": "application/json; charset=utf-8", "X-Trace": "abc", "x-trace": "def"],
        body: Array(#"{"name":"box","size":1,"tags":["a","b"]}"#.utf8), session: "ci")

    @Test(arguments: [
        #"{}"#,
        #"{"method": "POST"}"#,
        #"{"method": "ANY"}"#,
        #"{"urlPath": "/items/42"}"#,
        #"{"url": "/items/42?q=a%20b&tag=x&tag=y&flag"}"#,
        #"{"urlPathPattern": "/items/[0-9]+"}"#,
        #"{"urlPattern": "/items/42\\?q=.*"}"#,
        #"{"session": "ci"}"#,
        #"{"queryParameters": {"q": {"equalTo": "a b"}, "tag": {"equalTo": "y"}, "flag": {"absent": false}, "none": {"absent": true}}}"#,
        #"{"queryParameters": {"tag": {"matches": "[xy]"}, "q": {"doesNotContain": "zz"}, "none": {"doesNotMatch": ".*"}}}"#,
        #"{"headers": {"content-type": {"contains": "json"}, "X-TRACE": {"equalTo": "DEF", "caseInsensitive": true}}}"#,
        #"{"headers": {"Authorization": {"absent": true}, "X-Trace": {"doesNotMatch": "z+"}}}"#,
        #"{"bodyPatterns": [{"contains": "\"box\""}, {"equalToJson": {"tags": ["a", "b"], "size": 1.0, "name": "box"}}]}"#,
        #"{"bodyPatterns": [{"equalToJson": "{\"size\":1,\"name\":\"box\",\"tags\":[\"a\",\"b\"]}"}, {"matches": "\\{.*\\}"}]}"#,
    ])
    func matchingPatterns(_ json: String) throws {
        #expect(try Self.pattern(json).matches(Self.request))
    }

    @Test(arguments: [
        #"{"method": "GET"}"#,
        #"{"urlPath": "/items"}"#,
        #"{"urlPathPattern": "/items"}"#,
        #"{"url": "/items/42"}"#,
        #"{"session": "other"}"#,
        #"{"queryParameters": {"q": {"equalTo": "a%20b"}}}"#,
        #"{"queryParameters": {"flag": {"absent": true}}}"#,
        #"{"queryParameters": {"tag": {"doesNotContain": "x"}}}"#,
        #"{"headers": {"X-Trace": {"equalTo": "ABC"}}}"#,
        #"{"headers": {"Accept": {"contains": ""}}}"#,
        #"{"bodyPatterns": [{"equalToJson": {"name": "box"}}]}"#,
        #"{"bodyPatterns": [{"equalTo": "box"}]}"#,
        #"{"bodyPatterns": [{"doesNotContain": "box"}]}"#,
    ])
    func nonMatchingPatterns(_ json: String) throws {
        #expect(try !Self.pattern(json).matches(Self.request))
    }

    @Test func aBodyThatWasNotKeptMatchesNoBodyPattern() throws {
        var request = Self.request
        request.body = nil
        #expect(try !Self.pattern(#"{"bodyPatterns": [{"doesNotContain": "x"}]}"#).matches(request))
        #expect(try Self.pattern(#"{"method": "POST"}"#).matches(request))
    }

    @Test(arguments: [
        (#"[]"#, "a request pattern is a JSON object"),
        (#"{"verb": "GET"}"#, "unknown key \"verb\""),
        (#"{"url": "/a", "urlPath": "/a"}"#, "urlPath: only one of url, urlPath, urlPattern, urlPathPattern"),
        (#"{"headers": {"Accept": {"equals": "x"}}}"#, "headers.Accept: unknown matcher \"equals\""),
        (#"{"headers": {"Accept": {"contains": "x", "matches": "y"}}}"#, "headers.Accept: expected exactly one of"),
        (#"{"headers": {"Accept": 3}}"#, "headers.Accept: expected an object"),
        (#"{"queryParameters": {"a": {"matches": "("}}}"#, "queryParameters.a.matches: not a valid regular expression"),
        (#"{"queryParameters": {"a": {"contains": "x", "caseInsensitive": true}}}"#, "queryParameters.a.caseInsensitive: only applies to equalTo"),
        (#"{"bodyPatterns": {"contains": "x"}}"#, "bodyPatterns: expected an array"),
        (#"{"bodyPatterns": [{"equalToJson": "{nope"}]}"#, "bodyPatterns[0].equalToJson: the string is not JSON"),
        (#"{"method": 3}"#, "method: expected a method name"),
        (#"{"session": "a b"}"#, "session: expected a session name"),
    ])
    func malformedPatternsNameTheKey(_ json: String, message: String) throws {
        do {
            _ = try Self.pattern(json)
            Issue.record("\(json) should be refused")
        } catch {
            let error = try #require(error as? ServerError)
            #expect(error.code == .invalidRequestPattern)
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
