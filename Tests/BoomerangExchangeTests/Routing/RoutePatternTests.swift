import Testing

@testable import BoomerangExchange

@Suite struct RoutePatternTests {
    @Test(arguments: [
        ("/get", "/get", true), ("/get", "/get/", false), ("/get", "/gets", false), ("/get", "/", false),
        ("/", "/", true), ("/", "/x", false),
        ("/status/{codes}", "/status/200,500", true), ("/status/{codes}", "/status/", false),
        ("/status/{codes}", "/status", false), ("/status/{codes}", "/status/1/2", false),
        ("/redirect/{n:int}", "/redirect/3", true), ("/redirect/{n:int}", "/redirect/x", false),
        ("/redirect/{n:int}", "/redirect/-1", false), ("/redirect/{n:int}", "/redirect/1234567890123456789", false),
        ("/anything/{rest...}", "/anything/", true), ("/anything/{rest...}", "/anything/a/b", true),
        ("/anything/{rest...}", "/anything", false),
        ("/cookies/set/{name}/{value}", "/cookies/set/a/b", true), ("/cookies/set/{name}/{value}", "/cookies/set/a", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect((RoutePattern(pattern).match(path[...]) != nil) == expected)
    }

    @Test func parametersAreTakenInOrderAndDecoded() throws {
        let pattern = RoutePattern("/a/{x}/b/{n:int}/{rest...}")
        #expect(!pattern.isLiteral)
        let parameters = try #require(pattern.match("/a/caf%C3%A9/b/42/c/d%2F"))
        #expect(parameters.string("x") == "café")
        #expect(parameters.raw("x") == "caf%C3%A9")
        #expect(try parameters.int("n", in: 0...100) == 42)
        #expect(parameters.string("rest") == "c/d/")
        #expect(parameters.string("missing") == nil)
    }

    @Test func anIntOutOfRangeIsAnInvalidParameterNamingTheValue() throws {
        let parameters = try #require(RoutePattern("/bytes/{n:int}").match("/bytes/10000000000"))
        #expect(throws: ServerError.self) { try parameters.int("n", in: 0...1000) }
        do {
            _ = try parameters.int("n", in: 0...1000)
        } catch {
            #expect(error.code == .invalidParameter)
            #expect(error.status == 400)
            #expect(error.value == "10000000000")
        }
    }

    @Test func aMalformedEscapeInAParameterStaysAsWritten() throws {
        let parameters = try #require(RoutePattern("/base64/{value}").match("/base64/%G1"))
        #expect(parameters.string("value") == "%G1")
    }
}
