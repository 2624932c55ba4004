import BoomerangClient
import BoomerangSerialization
import Testing

/// The environment adapter behind AFNetworking's default `Accept-Language` and `User-Agent`.
@Suite struct ProcessEnvironmentTests {
    @Test func theProcessEnvironmentHasTheRightShape() throws {
        let environment = ProcessEnvironment.current
        let serializer = HTTPRequestSerializer(environment: environment)
        let acceptLanguage = serializer.value(forHTTPHeaderField: "Accept-Language")
        #expect(acceptLanguage == RequestDefaults.acceptLanguage(environment.languages))
        #expect(acceptLanguage == environment.acceptLanguage)
        if let acceptLanguage {
            #expect(acceptLanguage.contains(";q=1"))
        }
        let userAgent = try #require(serializer.value(forHTTPHeaderField: "User-Agent"))
        #expect(userAgent == environment.userAgent)
        #expect(userAgent.contains("/"))
        #expect(userAgent.contains(" (Linux; "))
        #expect(userAgent.hasSuffix(")"))
        #expect(!environment.executable.isEmpty)
        #expect(!environment.system.isEmpty)
    }

    @Test func givenValuesBecomeTheDefaultHeaders() {
        let environment = ProcessEnvironment(
            languages: ["en-US", "fr"], executable: "Exe", version: "1.2", system: "Debian GNU/Linux 12 (bookworm)"
        )
        let serializer = HTTPRequestSerializer(environment: environment)
        #expect(serializer.httpRequestHeaders.fields.map(\.name) == ["Accept-Language", "User-Agent"])
        #expect(serializer.value(forHTTPHeaderField: "Accept-Language") == "en-US;q=1, fr;q=0.9")
        #expect(serializer.value(forHTTPHeaderField: "User-Agent") == "Exe/1.2 (Linux; Debian GNU/Linux 12 (bookworm))")
        let none = HTTPRequestSerializer(environment: ProcessEnvironment(languages: [], executable: "E", version: "0", system: "S"))
        #expect(none.value(forHTTPHeaderField: "Accept-Language") == nil)
    }
}
