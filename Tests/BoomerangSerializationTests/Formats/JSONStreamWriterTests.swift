import BoomerangSamples
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

    @Test("title-cased keys are Python's str.title() on ASCII")
    func titleCasedKeys() {
        var stream = JSONStreamWriter()
        stream.beginObject()
        for name in ["host", "USER-AGENT", "x-1st-b", "content-md5", "a", "", "x_forwarded_for", "accept-ENCODING-long-name"] {
            stream.key(titleCasing: name)
            stream.string("")
        }
        stream.endObject()
        let expected = #"{"Host":"","User-Agent":"","X-1St-B":"","Content-Md5":"","A":"","":"","X_Forwarded_For":"","Accept-Encoding-Long-Name":""}"#
        #expect(String(decoding: stream.finish(), as: UTF8.self) == expected)
    }

    @Test("title-cased keys and string pairs stream as the tree of the same calls is written", arguments: 0..<100)
    func titleCasedKeysAndPairsMatchTheTree(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        // Letters, digits, separators, bytes to escape and non-ASCII, at every length around a word.
        let alphabet = Array("aZq-_9 \"\\\u{01}\u{7F}éÉ€x".unicodeScalars).map(String.init)
        var pairs: [(String, String)] = []
        for index in 0..<8 {
            let length = Int(generator.next() % 26)
            // A digit first keeps the keys distinct once title-cased (an object has no repeats).
            let name = "\(index)" + (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            pairs.append((name, String(name.reversed())))
        }
        func feed<Sink: StructuredSink & ~Copyable>(_ sink: inout Sink) {
            sink.beginObject()
            for (name, value) in pairs {
                sink.key(titleCasing: name)
                sink.stringPair(name, value)
            }
            sink.endObject()
        }
        var builder = StructuredValueBuilder()
        feed(&builder)
        for configuration in [JSONWriterConfiguration.compact, .pretty, JSONWriterConfiguration(pretty: true, escapeNonASCII: true)] {
            var stream = JSONStreamWriter(configuration: configuration, capacity: 16)
            feed(&stream)
            #expect(stream.finish() == (try JSONWriter(configuration: configuration).write(builder.result)))
        }
    }
}
