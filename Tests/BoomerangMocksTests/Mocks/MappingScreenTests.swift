import BoomerangSerialization
import Foundation
import Testing

@testable import BoomerangMocks


/// The screen in front of mapping matching never turns away a request whose head matches, and
/// does turn away the requests no mapping is about.
@Suite struct MappingScreenTests {
    static let patterns = [
        #"{"method": "GET", "urlPath": "/api/products"}"#,
        #"{"method": "GET", "url": "/api/orders/7"}"#,
        #"{"url": "/api/orders/7?x=1"}"#,
        #"{"method": "GET", "urlPathTemplate": "/api/users/{id}"}"#,
        #"{"urlPathTemplate": "/{any}/x"}"#,
        #"{"urlPathPattern": "/re/[0-9]+"}"#,
        #"{"urlPath": "/caf\u00e9"}"#,
        #"{"method": "POST"}"#,
        #"{"urlPath": "/"}"#,
        #"{"urlPath": "/K"}"#,
        #"{"urlPathTemplate": "/K/{id}"}"#,
    ]

    static let requests: [(method: String, path: Substring, query: Substring?)] = [
        ("GET", "/api/products", nil), ("HEAD", "/api/products", nil), ("POST", "/api/products", nil),
        ("GET", "/api/orders/7", nil), ("GET", "/api/orders/7", "x=1"), ("PUT", "/api/orders/7", "x=1"),
        ("GET", "/api/users/42", nil), ("GET", "/api/users", nil), ("GET", "/api/users/", nil), ("GET", "/apix/users/1", nil),
        ("GET", "/a/x", nil), ("GET", "/re/12", nil), ("GET", "/caf\u{65}\u{301}", nil), ("GET", "/café", nil),
        ("GET", "/get", nil), ("GET", "", nil), ("GET", "/", nil), ("POST", "/post", nil), ("GET", "/ünï/x", nil),
        ("GET", "/\u{212A}", nil), ("GET", "/\u{212A}/1", nil), ("GET", "/K/1", nil), ("GET", "/k", nil), ("GET", "//x", nil),
    ]

    @Test(arguments: patterns)
    func screenAdmitsEveryMatchingHead(_ json: String) throws {
        let pattern = try RequestPattern(json: try JSONParser().parse(Array(json.utf8)))
        let set = MappingSet(mappings: [try Self.mapping(json)], errors: [], loadedAt: .now, generation: 1)
        for request in Self.requests {
            let subject = PatternSubject(method: request.method, path: request.path, query: request.query, headers: [:], body: nil, session: "default")
            var asGet = subject
            asGet.method = "GET"
            let matches = pattern.matchesHead(subject) || (request.method == "HEAD" && pattern.matchesHead(asGet))
            if matches {
                #expect(set.mayMatch(method: request.method, path: request.path), "\(json) \(request)")
            }
            #expect(!set.candidates(for: subject, states: ScenarioStates()).isEmpty == pattern.matchesHead(subject), "\(json) \(request)")
        }
    }

    @Test func requestsNoMappingIsAboutAreTurnedAway() throws {
        let set = MappingSet(mappings: [try Self.mapping(Self.patterns[0])], errors: [], loadedAt: .now, generation: 1)
        #expect(!set.mayMatch(method: "GET", path: "/get"))
        #expect(!set.mayMatch(method: "POST", path: "/api/products"))
        #expect(set.mayMatch(method: "HEAD", path: "/api/products"))
    }

    private static func mapping(_ pattern: String) throws -> MockMapping {
        let json = try JSONParser().parse(Array(#"{"request": \#(pattern), "response": {"body": "x"}}"#.utf8))
        return try MockMapping(json: json, location: .adminAPI, source: .adminAPI, defaultID: "m", filesDirectory: nil)
    }
}
