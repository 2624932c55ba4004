import BoomerangSamples
import Foundation
import Testing

@testable import BoomerangSerialization

@Suite struct JSONRequestSerializerTests {
    static func makeSerializer(_ options: JSONWritingOptions = []) -> JSONRequestSerializer {
        JSONRequestSerializer(base: HTTPRequestSerializer(languages: ["en"], userAgent: nil), writingOptions: options)
    }

    @Test func writesCompactJSONBody() throws {
        let request = try Self.makeSerializer().request(method: .post, url: "http://x.test/post", parameters: ["key": "value", "n": [1, 1.5, true, nil]])
        #expect(request.body.serializedText == #"{"key":"value","n":[1,1.5,true,null]}"#)
        #expect(request.headers.values(for: "Content-Type") == ["application/json"])
        #expect(request.headers["Accept-Language"] == "en;q=1")
        #expect(request.url == "http://x.test/post")
    }

    @Test(arguments: ["GET", "HEAD", "DELETE"])
    func uriMethodsUseTheQueryString(method: String) throws {
        let request = try Self.makeSerializer().request(method: HTTPMethod(method), url: "http://x.test/", parameters: ["key": "value"])
        #expect(request.url == "http://x.test/?key=value")
        #expect(request.body.isNoBody)
        #expect(request.headers["Content-Type"] == nil)
    }

    @Test func nilParametersGiveNoBodyAndNoContentType() throws {
        let request = try Self.makeSerializer().request(method: .post, url: "http://x.test/", parameters: nil)
        #expect(request.body.isNoBody)
        #expect(request.headers["Content-Type"] == nil)
        #expect(request.headers["Accept-Language"] == "en;q=1")
    }

    @Test func keepsTheRequestsContentType() throws {
        var request = HTTPRequest(method: .put, url: "http://x.test/")
        request.headers.add(name: "CONTENT-TYPE", value: "application/vnd.x+json")
        let result = try Self.makeSerializer().serialize(request, parameters: ["a": 1])
        #expect(result.headers.values(for: "content-type") == ["application/vnd.x+json"])
    }

    static let invalidCases: [(QueryValue, String)] = [
            (["a": .double(.nan)], "nan"),
            (["a": [.double(.infinity)]], "inf"),
            (["a": .set(["x"])], "set"),
            (["a": .data([1])], "data"),
            ("text", "top-level string"),
            (1, "top-level number"),
            (nil, "top-level null"),
            (.set([]), "set"),
        ]

    @Test(arguments: invalidCases)
    func rejectsInvalidJSON(parameters: QueryValue, value: String) {
        let expected = RequestSerializationError(
            code: .invalidJSONParameters,
            value: value,
            domain: "com.alamofire.error.serialization.request",
            errorCode: -1016,
            failureReason: "The `parameters` argument is not valid JSON."
        )
        #expect(throws: expected) {
            try Self.makeSerializer().request(method: .post, url: "http://x.test/", parameters: parameters)
        }
    }

    @Test func fragmentsAllowedWritesTopLevelScalars() throws {
        let request = try Self.makeSerializer(.fragmentsAllowed).request(method: .post, url: "http://x.test/", parameters: "a/b")
        #expect(request.body.serializedText == #""a\/b""#)
    }

    static let textCases: [(QueryValue, JSONWritingOptions, String)] = [
            (["a": "x/y"], [], #"{"a":"x\/y"}"#),
            (["a": "x/y"], .withoutEscapingSlashes, #"{"a":"x/y"}"#),
            (["a": "\"\\\u{1}\u{1F}\n\t\u{8}\u{C}\r\u{7F}é😀\u{2028}"], [], "{\"a\":\"\\\"\\\\\\u0001\\u001f\\n\\t\\b\\f\\r\u{7F}é😀\u{2028}\"}"),
            (["d": 1.0, "e": 1e-7, "l": 1e16, "z": -0.0, "i": .int(Int.max)], [], #"{"d":1,"e":1e-07,"i":9223372036854775807,"l":1e+16,"z":-0}"#),
            ([], [], "[]"),
            ([:], [], "{}"),
            (["b": ["x": 1, "a": [1, [:], []]], "a": "s"], .prettyPrinted,
                "{\n  \"a\" : \"s\",\n  \"b\" : {\n    \"a\" : [\n      1,\n      {\n\n      },\n      [\n\n      ]\n    ],\n    \"x\" : 1\n  }\n}"),
        ]

    @Test(arguments: textCases)
    func writesJSONLikeFoundation(parameters: QueryValue, options: JSONWritingOptions, expected: String) throws {
        #expect(try String(decoding: Self.makeSerializer(options).jsonBytes(parameters), as: UTF8.self) == expected)
    }

    @Test(arguments: 0..<60)
    func matchesJSONSerializationOnRandomTrees(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &+ 99)
        let value = Self.randomTree(depth: 0, using: &generator)
        for options in [JSONWritingOptions(), .prettyPrinted] {
            var foundationOptions: JSONSerialization.WritingOptions = [.sortedKeys]
            if options.contains(.prettyPrinted) { foundationOptions.insert(.prettyPrinted) }
            let expected = try JSONSerialization.data(withJSONObject: Self.foundationObject(value), options: foundationOptions)
            let ours = try Self.makeSerializer(options).jsonBytes(value)
            #expect(ours == Array(expected), "seed \(seed)\n\(String(decoding: ours, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))")
        }
    }

    static func randomTree(depth: Int, using generator: inout SplitMix64) -> QueryValue {
        var dictionary: [String: QueryValue] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            let key = String((0..<Int.random(in: 1...5, using: &generator)).map { _ in "abcxyz".randomElement(using: &generator)! })
            dictionary[key] = randomValue(depth: depth + 1, using: &generator)
        }
        return .dictionary(dictionary)
    }

    static func randomValue(depth: Int, using generator: inout SplitMix64) -> QueryValue {
        switch Int.random(in: 0..<(depth < 4 ? 8 : 6), using: &generator) {
        case 0: return .null
        case 1: return .string(String((0..<Int.random(in: 0...8, using: &generator)).map { _ in "aZ /\\\"\n\t\u{1}é😀".randomElement(using: &generator)! }))
        case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 3: return .double([0.5, 1.0, -2.25, 1e-7, 123456.789, 3e20].randomElement(using: &generator)!)
        case 4: return .bool(Bool.random(using: &generator))
        case 5: return .string("")
        case 6: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default: return randomTree(depth: depth, using: &generator)
        }
    }

    static func foundationObject(_ value: QueryValue) -> Any {
        switch value {
        case .null: NSNull()
        case .string(let text): text
        case .int(let number): number
        case .double(let number): number
        case .bool(let flag): flag
        case .data, .set: NSNull()
        case .array(let elements): elements.map(foundationObject)
        case .dictionary(let dictionary): dictionary.mapValues(foundationObject)
        }
    }
}
