import CNghttp2

/// An HTTP/2 connection that ended in error, or a call on it that failed, with nghttp2's reason.
public struct HTTP2Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let name: String
        public var description: String { name }

        /// The client did not open with the connection preface (`PRI * HTTP/2.0…`).
        public static let badPreface = Code(name: "h2_bad_preface")
        /// The input broke the protocol in a way that ends the connection (a malformed frame,
        /// bad HPACK, a flood the library stopped); the GOAWAY is in the output.
        public static let protocolError = Code(name: "h2_protocol_error")
        /// A response, data or trailers for a stream that is not open or already has them.
        public static let invalidStream = Code(name: "h2_invalid_stream")
        /// The library could not allocate, or refused a call for another reason.
        public static let libraryFailure = Code(name: "h2_library_failure")
    }

    /// What went wrong.
    public let code: Code
    /// The stream concerned, 0 for the connection.
    public let stream: Int32
    /// Where in the connection's input the chunk the library refused starts (nghttp2 reports
    /// no finer position); 0 for calls that read no input.
    public let offset: Int
    /// nghttp2's error (`nghttp2_error`), 0 when it gave none.
    public let library: Int32

    /// Creates an error.
    public init(_ code: Code, stream: Int32 = 0, offset: Int = 0, library: Int32 = 0) {
        self.code = code
        self.stream = stream
        self.offset = offset
        self.library = library
    }

    /// The GOAWAY code for a connection that ends with this error (RFC 9113 §7): ENHANCE_YOUR_CALM
    /// (0xb) for a flood the library stopped (frames it must answer, CONTINUATIONs, SETTINGS),
    /// PROTOCOL_ERROR (0x1) otherwise.
    public var goAwayCode: UInt32 {
        switch library {
        case NGHTTP2_ERR_FLOODED.rawValue, NGHTTP2_ERR_TOO_MANY_CONTINUATIONS.rawValue, NGHTTP2_ERR_TOO_MANY_SETTINGS.rawValue,
            NGHTTP2_ERR_TOO_MANY_INFLIGHT_SETTINGS.rawValue:
            0xB
        default:
            0x1
        }
    }

    /// nghttp2's words for ``library``.
    public var detail: String {
        library == 0 ? "" : String(cString: nghttp2_strerror(library))
    }

    public var description: String {
        var text = "\(code)"
        if stream != 0 { text += " (stream \(stream))" }
        if offset != 0 { text += " at byte \(offset)" }
        if library != 0 { text += ": \(detail)" }
        return text
    }
}
