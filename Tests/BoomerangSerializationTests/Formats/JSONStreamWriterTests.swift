import BoomerangSerialization
import Testing

@Suite("JSONStreamWriter and StructuredValueBuilder")
struct JSONStreamWriterTests {
    /// Gives `value` to `sink` piece by piece, as a document's author would: containers opened
    /// and closed, string leaves and keys as text, the other leaves whole.
    private static func feed<Sink: StructuredSink & ~Copyable>(_ value: StructuredValue, to sink: inout Sink, keysAsBytes: Bool)
        throws(Sink.Failure)
    {
        switch value {
        case .object(let object):
            sink.beginObject()
            for entry in object.entries {
                if keysAsBytes {
                    var key = entry.key
                    key.withUTF8 { sink.key(utf8: $0) }
                } else {
                    sink.key(entry.key)
                }
                try feed(entry.value, to: &sink, keysAsBytes: keysAsBytes)
            }
            sink.endObject()
        case .array(let elements):
            sink.beginArray()
            for element in elements { try feed(element, to: &sink, keysAsBytes: keysAsBytes) }
            sink.endArray()
        case .string(let text):
            sink.string(text)
        default:
            try sink.value(value)
        }
    }

    @Test("streams the same text as the tree writer", arguments: 0..<200)
    func streamMatchesTreeWriter(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let value = StructuredValue.random(using: &generator, depth: 5, leaves: .propertyList)
        for configuration in [JSONWriterConfiguration.compact, .pretty, JSONWriterConfiguration(pretty: true, escapeNonASCII: true)] {
            var stream = JSONStreamWriter(configuration: configuration, capacity: 16)
            try Self.feed(value, to: &stream, keysAsBytes: seed % 2 == 0)
            #expect(stream.finish() == (try JSONWriter(configuration: configuration).write(value)))
        }
    }

    @Test("builds the tree it was given", arguments: 0..<100)
    func builderRebuildsTheTree(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let value = StructuredValue.random(using: &generator, depth: 5, leaves: .propertyList)
        var builder = StructuredValueBuilder()
        Self.feed(value, to: &builder, keysAsBytes: seed % 2 == 1)
        #expect(builder.result == value)
    }

    @Test("empty containers are written closed, as the tree writer writes them")
    func emptyContainers() {
        var stream = JSONStreamWriter(configuration: .pretty)
        stream.beginObject()
        stream.key("a")
        stream.beginArray()
        stream.endArray()
        stream.key("b")
        stream.beginObject()
        stream.endObject()
        stream.member("c", string: "x\"y")
        stream.endObject()
        #expect(String(decoding: stream.finish(), as: UTF8.self) == "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": \"x\\\"y\"\n}\n")
    }

    @Test("literal keys and UTF-8 strings write what String keys and values write", arguments: [
        JSONWriterConfiguration.compact, .pretty, JSONWriterConfiguration(pretty: true, escapeNonASCII: true),
    ])
    func literalKeysAndUTF8Strings(configuration: JSONWriterConfiguration) throws {
        let values = ["", "a", "plain text of more than thirty-two bytes, copied", "tab\there", "q\"b\\s", "caf\u{E9} \u{1F600}", "\u{1}"]
        var stream = JSONStreamWriter(configuration: configuration, capacity: 8)
        stream.beginObject()
        stream.key(literal: "headersRaw")
        stream.beginArray()
        for value in values {
            var text = value
            text.withUTF8 { stream.string(utf8: $0) }
        }
        stream.endArray()
        stream.member("url", string: "http://h/get")
        stream.endObject()
        let members: [(String, StructuredValue)] = [
            ("headersRaw", .array(values.map(StructuredValue.string))), ("url", .string("http://h/get")),
        ]
        let tree: StructuredValue = .object(StructuredObject(members))
        let written = stream.finish()
        #expect(written == (try JSONWriter(configuration: configuration).write(tree)))
        if !configuration.pretty {
            let expected = #"{"headersRaw":["","a","plain text of more than thirty-two bytes, copied","tab\there","q\"b\\s","café 😀","\u0001"],"url":"http://h/get"}"#
            #expect(String(decoding: written, as: UTF8.self) == expected)
        }
        var builder = StructuredValueBuilder()
        builder.beginObject()
        builder.key(literal: "headersRaw")
        builder.beginArray()
        for value in values {
            var text = value
            text.withUTF8 { builder.string(utf8: $0) }
        }
        builder.endArray()
        builder.member("url", string: "http://h/get")
        builder.endObject()
        #expect(builder.result == tree)
    }

    @Test("a whole value nested in streamed containers counts their depth against the limit")
    func depthLimitCountsStreamedContainers() throws {
        let configuration = JSONWriterConfiguration(maxDepth: 2)
        var stream = JSONStreamWriter(configuration: configuration)
        stream.beginArray()
        #expect(throws: FormatWriterError.self) { try stream.value(.array([.array([])])) }
        try stream.value(.array([]))
        stream.endArray()
        _ = stream.finish()
    }
}
