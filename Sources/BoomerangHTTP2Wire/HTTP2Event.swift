/// What a chunk of input made happen on an HTTP/2 connection, in order.
public enum HTTP2Event: Sendable, Hashable {
    /// A request's head is complete.
    case request(HTTP2RequestHead)
    /// Request body bytes for a stream. The stream's window reopens only as the server says it
    /// consumed them (``HTTP2Session/consume(stream:count:)``), so a slow consumer holds the client back.
    case body(stream: Int32, bytes: [UInt8])
    /// The request's trailer fields.
    case trailers(stream: Int32, fields: [HTTP2Field])
    /// The client finished the request (END_STREAM).
    case requestEnded(stream: Int32)
    /// A request the server refuses from its head alone (its fields were not kept); the stream
    /// is still open for the answer.
    case refused(stream: Int32, reason: HTTP2Refusal)
    /// A stream closed: `errorCode` 0 when it ended normally, else the RST_STREAM's code (the
    /// client's or the server's); `unsentBodyBytes` of its response body never left.
    case streamClosed(stream: Int32, errorCode: UInt32, unsentBodyBytes: Int)
    /// The client sent GOAWAY: it opens no stream above `lastStream`.
    case goAway(lastStream: Int32, errorCode: UInt32)
}

/// Why the server refused a request on its stream.
public enum HTTP2Refusal: String, Sendable, Hashable {
    /// The header list exceeded SETTINGS_MAX_HEADER_LIST_SIZE.
    case headerListTooLarge
}
