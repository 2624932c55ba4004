import Dispatch
import Testing

@testable import BoomerangSerialization

@Suite struct HTTPRequestSerializerTests {
    struct CustomError: Error, Hashable {
        var reason: String
    }

    static func makeSerializer() -> HTTPRequestSerializer {
        HTTPRequestSerializer(languages: ["en-US", "fr"], userAgent: "Test/1.0 (Linux; Debian)")
    }

    static let urlCases: [(String, String, QueryValue?, String)] = [
            ("GET", "http://x.test/get", ["key": "value"], "http://x.test/get?key=value"),
            ("GET", "http://x.test/get", [:], "http://x.test/get"),
            ("GET", "http://x.test/get", nil, "http://x.test/get"),
            ("GET", "http://x.test/get?a=1", ["b": "2"], "http://x.test/get?a=1&b=2"),
            ("GET", "http://x.test/get?", ["k": "v"], "http://x.test/get?&k=v"),
            ("GET", "http://x.test/get#frag", ["k": "v"], "http://x.test/get#frag?k=v"),
            ("GET", "http://x.test/get#f?x", ["k": "v"], "http://x.test/get#f?x?k=v"),
            ("HEAD", "http://x.test/", ["k": "v"], "http://x.test/?k=v"),
            ("DELETE", "http://x.test/", ["k": "v"], "http://x.test/?k=v"),
            ("get", "http://x.test/", ["k": "v"], "http://x.test/?k=v"),
            ("GET", "http://x.test/", ["key": " :#[]@!$&'()*+,;=/?"], "http://x.test/?key=%20%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?"),
        ]

    @Test("Query-string URLs", arguments: urlCases)
    func putsParametersInTheURL(method: String, url: String, parameters: QueryValue?, expected: String) throws {
        let request = try Self.makeSerializer().request(method: HTTPMethod(method), url: url, parameters: parameters)
        #expect(request.url == expected)
        #expect(request.body.isNoBody)
        #expect(request.headers["Content-Type"] == nil)
    }

    static let bodyCases: [(String, QueryValue?, String)] = [
            ("POST", ["key": "value"], "key=value"),
            ("POST", nil, ""),
            ("POST", [:], ""),
            ("PUT", ["a": [1, 2]], "a%5B%5D=1&a%5B%5D=2"),
            ("PATCH", ["n": nil], "n"),
            ("POST", "ABCD", "=ABCD"),
        ]

    @Test("Form bodies", arguments: bodyCases)
    func putsParametersInTheBody(method: String, parameters: QueryValue?, expected: String) throws {
        let request = try Self.makeSerializer().request(method: HTTPMethod(method), url: "http://x.test/p", parameters: parameters)
        #expect(request.url == "http://x.test/p")
        #expect(request.body.serializedText == expected)
        #expect(request.headers.values(for: "Content-Type") == ["application/x-www-form-urlencoded"])
    }

    @Test func keepsTheRequestsOwnContentType() throws {
        var request = HTTPRequest(method: .post, url: "http://x.test/")
        request.headers.add(name: "content-type", value: "text/plain")
        let result = try Self.makeSerializer().serialize(request, parameters: ["a": "b"])
        #expect(result.headers.values(for: "Content-Type") == ["text/plain"])
        #expect(result.body.serializedText == "a=b")
    }

    @Test func defaultHeadersNeverOverrideRequestHeaders() throws {
        let serializer = Self.makeSerializer()
        serializer.setValue("default", forHTTPHeaderField: "X-Thing")
        var request = HTTPRequest(method: .get, url: "http://x.test/")
        request.headers.add(name: "x-thing", value: "mine")
        request.headers.add(name: "user-agent", value: "Mine/2")
        let result = try serializer.serialize(request, parameters: nil)
        #expect(result.headers.values(for: "X-Thing") == ["mine"])
        #expect(result.headers.values(for: "User-Agent") == ["Mine/2"])
        #expect(result.headers["Accept-Language"] == "en-US;q=1, fr;q=0.9")
    }

    @Test func defaultHeadersComeInOrder() {
        let headers = Self.makeSerializer().httpRequestHeaders
        #expect(headers.fields.map(\.name) == ["Accept-Language", "User-Agent"])
        #expect(headers["User-Agent"] == "Test/1.0 (Linux; Debian)")
    }

    @Test(
        arguments: [
            ([String](), String?.none),
            (["en"], "en;q=1"),
            (["en-US", "fr"], "en-US;q=1, fr;q=0.9"),
            (["a", "b", "c", "d", "e", "f", "g", "h"], "a;q=1, b;q=0.9, c;q=0.8, d;q=0.7, e;q=0.6, f;q=0.5"),
        ]
    )
    func buildsAcceptLanguageAsAFNetworkingDoes(languages: [String], expected: String?) {
        #expect(RequestDefaults.acceptLanguage(languages) == expected)
        #expect(HTTPRequestSerializer(languages: languages, userAgent: nil).value(forHTTPHeaderField: "Accept-Language") == expected)
    }

    @Test func theCoreReadsNoEnvironmentByDefault() {
        let serializer = HTTPRequestSerializer()
        #expect(serializer.httpRequestHeaders.isEmpty)
        #expect(serializer.value(forHTTPHeaderField: "User-Agent") == nil)
    }

    @Test func buildsLinuxUserAgent() {
        #expect(
            RequestDefaults.userAgent(executable: "Exe", version: "1.2", system: "Debian GNU/Linux 12 (bookworm)")
                == "Exe/1.2 (Linux; Debian GNU/Linux 12 (bookworm))"
        )
        #expect(RequestDefaults.userAgent(executable: "Café", version: "1\n", system: "Linux") == "Caf/1 (Linux; Linux)")
    }

    @Test func setsAndClearsBasicAuthorization() {
        let serializer = Self.makeSerializer()
        serializer.setAuthorizationHeader(username: "user", password: "password")
        #expect(serializer.value(forHTTPHeaderField: "Authorization") == "Basic dXNlcjpwYXNzd29yZA==")
        serializer.clearAuthorizationHeader()
        #expect(serializer.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(!serializer.httpRequestHeaders.contains("Authorization"))
    }

    @Test func settingNilRemovesAHeader() {
        let serializer = Self.makeSerializer()
        serializer.setValue("1", forHTTPHeaderField: "X-A")
        serializer.setValue("2", forHTTPHeaderField: "x-a")
        #expect(serializer.httpRequestHeaders.values(for: "X-A") == ["2"])
        serializer.setValue(nil, forHTTPHeaderField: "X-A")
        #expect(serializer.value(forHTTPHeaderField: "X-A") == nil)
    }

    @Test func customSerializationIsUsedVerbatim() throws {
        let serializer = Self.makeSerializer()
        serializer.setQueryStringSerialization { _, _ in "crazy string?&" }
        let get = try serializer.request(method: .get, url: "http://x.test/", parameters: ["k": "v"])
        #expect(get.url == "http://x.test/?crazy string?&")
        let post = try serializer.request(method: .post, url: "http://x.test/", parameters: ["k": "v"])
        #expect(post.body.serializedText == "crazy string?&")
    }

    @Test func emptyCustomQueryLeavesTheURLUntouched() throws {
        let serializer = Self.makeSerializer()
        serializer.setQueryStringSerialization { _, _ in "" }
        let request = try serializer.request(method: .get, url: "http://x.test/?", parameters: ["k": "v"])
        #expect(request.url == "http://x.test/?")
    }

    @Test func customSerializationSeesTheRequestAndParameters() throws {
        let serializer = Self.makeSerializer()
        serializer.setQueryStringSerialization { request, parameters in
            "\(request.method.rawValue)-\(parameters == ["k": "v"])"
        }
        let request = try serializer.request(method: .put, url: "http://x.test/", parameters: ["k": "v"])
        #expect(request.body.serializedText == "PUT-true")
    }

    @Test func customSerializationErrorAbortsUnchanged() {
        let serializer = Self.makeSerializer()
        serializer.setQueryStringSerialization { _, _ in throw CustomError(reason: "nope") }
        #expect(throws: CustomError(reason: "nope")) {
            try serializer.request(method: .get, url: "http://x.test/", parameters: ["k": "v"])
        }
    }

    @Test func customSerializationIsNotCalledForNilParameters() throws {
        let serializer = Self.makeSerializer()
        serializer.setQueryStringSerialization { _, _ in throw CustomError(reason: "called") }
        let request = try serializer.request(method: .post, url: "http://x.test/", parameters: nil)
        #expect(request.body.serializedText == "")
    }

    @Test func styleSetterClearsCustomSerialization() throws {
        let serializer = Self.makeSerializer()
        serializer.setQueryStringSerialization { _, _ in "custom" }
        serializer.setQueryStringSerialization(configuration: .init(arrayStyle: .indexInBrackets))
        let request = try serializer.request(method: .get, url: "http://x.test/", parameters: ["a": ["x", "y"]])
        #expect(request.url == "http://x.test/?a%5B0%5D=x&a%5B1%5D=y")
        #expect(serializer.queryStringConfiguration == .init(arrayStyle: .indexInBrackets))
    }

    @Test func uriMethodsAreConfigurable() throws {
        let serializer = Self.makeSerializer()
        serializer.httpMethodsEncodingParametersInURI = ["post"]
        #expect(serializer.httpMethodsEncodingParametersInURI == ["POST"])
        let post = try serializer.request(method: .post, url: "http://x.test/", parameters: ["k": "v"])
        #expect(post.url == "http://x.test/?k=v")
        let get = try serializer.request(method: .get, url: "http://x.test/", parameters: ["k": "v"])
        #expect(get.body.serializedText == "k=v")
    }

    @Test func propertiesAreAppliedOnlyWhenSet() throws {
        let serializer = Self.makeSerializer()
        #expect(try serializer.request(method: .get, url: "http://x.test/", parameters: nil).properties == RequestProperties())
        serializer.properties.timeoutInterval = 30
        serializer.properties.allowsCellularAccess = false
        serializer.properties.networkServiceType = 2
        let request = try serializer.request(method: .get, url: "http://x.test/", parameters: nil)
        #expect(request.properties == RequestProperties(timeoutInterval: 30, allowsCellularAccess: false, networkServiceType: 2))
    }

    @Test func serializeKeepsTheRequestsProperties() throws {
        let request = HTTPRequest(method: .get, url: "http://x.test/", properties: RequestProperties(cachePolicy: 1))
        #expect(try Self.makeSerializer().serialize(request, parameters: nil).properties == RequestProperties(cachePolicy: 1))
    }

    @Test func headerStoreSurvivesConcurrentWrites() {
        let serializer = Self.makeSerializer()
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            serializer.setValue("\(index)", forHTTPHeaderField: "X-Field-\(index)")
            _ = serializer.httpRequestHeaders
        }
        let headers = serializer.httpRequestHeaders
        #expect(headers.count == 1002)
        #expect(headers["X-Field-999"] == "999")
    }

    @Test func headerStoreSurvivesConcurrentTasks() async {
        let serializer = Self.makeSerializer()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1000 {
                group.addTask {
                    serializer.setValue("v", forHTTPHeaderField: "X-Same")
                    serializer.setValue("\(index)", forHTTPHeaderField: "X-Task-\(index % 10)")
                }
            }
        }
        #expect(serializer.httpRequestHeaders.count == 2 + 1 + 10)
    }
}
