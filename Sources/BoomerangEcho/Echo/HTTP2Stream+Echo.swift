import BoomerangExchange
import BoomerangSerialization

extension HTTP2Stream {
    /// Writes the `http2` key and object into `sink`: the connection, the settings at their
    /// edges it runs with (null for the server's), the stream and the pseudo-header fields as
    /// pairs in the order received.
    package func write<Sink: StructuredSink & ~Copyable>(into sink: inout Sink) throws(Sink.Failure) {
        sink.key(literal: "http2")
        sink.beginObject()
        sink.member("connection", string: connection)
        if let edges {
            sink.member("edges", string: edges)
        } else {
            try sink.member("edges", .null)
        }
        sink.key(literal: "pseudoHeaders")
        sink.beginArray()
        for field in pseudoHeaders {
            sink.stringPair(field.name, field.value)
        }
        sink.endArray()
        try sink.member("stream", .int(Int64(id)))
        sink.endObject()
    }

    /// The `http2` object as a tree, for the history.
    package var echoValue: StructuredValue {
        .object(StructuredObject([
            ("connection", .string(connection)),
            ("edges", edges.map { .string($0) } ?? .null),
            ("pseudoHeaders", .array(pseudoHeaders.map { .array([.string($0.name), .string($0.value)]) })),
            ("stream", .int(Int64(id))),
        ]))
    }
}
