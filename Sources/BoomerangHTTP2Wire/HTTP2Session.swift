import CNghttp2

/// One HTTP/2 connection on the server's side, sans-I/O: bytes from the client go in and come
/// back as events; responses, body data and resets go in and come out as bytes for the client.
/// nghttp2 does the framing, HPACK, stream states and flow control. Used on one thread.
///
/// ```swift
/// let session = try HTTP2Session()
/// for event in try session.receive(bytes) {
///     if case .requestEnded(let stream) = event {
///         try session.respond(stream: stream, status: 200, fields: [], body: .complete(Array("hi".utf8)))
///     }
/// }
/// socket.write(try session.takeOutput())
/// ```
public final class HTTP2Session {
    /// A response body: all of it now, none, or data sent later with ``send(stream:_:)`` and
    /// ended with ``finish(stream:trailers:)``.
    public enum Body: Sendable, Hashable {
        case empty
        case complete([UInt8])
        case streamed
    }

    /// The limits announced and enforced. Read in the callbacks for every field and DATA frame,
    /// on the session's one thread: no dynamic exclusivity checks.
    @exclusivity(unchecked) public private(set) var configuration: HTTP2Configuration
    private var session: OpaquePointer?
    // Used on one thread (above): the callbacks' state needs no dynamic exclusivity checks.
    /// Events the callbacks found during the current ``receive(_:)``.
    @exclusivity(unchecked) var events: [HTTP2Event] = []
    /// The request head whose header block is arriving, with the header list's size so far:
    /// one at most, since header blocks never interleave (RFC 9113 §4.3).
    @exclusivity(unchecked) var incoming: IncomingBlock?
    /// Response bodies not yet handed to the library whole, by stream.
    @exclusivity(unchecked) var outgoing: [Int32: OutgoingBody] = [:]
    @exclusivity(unchecked) private var receivedBytes = 0
    /// Streams whose response HEADERS frame has been framed into the output.
    @exclusivity(unchecked) var headersSent: Set<Int32> = []
    /// The code of the last GOAWAY framed into the output.
    @exclusivity(unchecked) var sentGoAwayCode: UInt32?
    /// SETTINGS frames submitted and acknowledged (ACKs come in order), and the number of the
    /// last one ``change(to:)`` submitted.
    @exclusivity(unchecked) private var settingsSubmitted = 0
    @exclusivity(unchecked) var settingsAcknowledged = 0
    @exclusivity(unchecked) private var lastChangeSettings = 0

    /// A header block being decoded.
    struct IncomingBlock {
        var head: HTTP2RequestHead
        var size = 0
        var isTrailer: Bool
    }

    /// A response body's bytes waiting for the library's read callback.
    final class OutgoingBody {
        var chunks: [[UInt8]] = []
        /// The bytes of `chunks` not yet handed to the library.
        var pending = 0
        /// The bytes handed to the library so far: it frames them as the client's windows allow.
        var framed = 0
        var offset = 0
        var isFinished = false
        var trailers: [HTTP2Field] = []
        /// The library was told there is nothing now (NGHTTP2_ERR_DEFERRED) and must be resumed.
        var isDeferred = false
    }

    /// Starts a connection: the server's SETTINGS are the first output.
    ///
    /// - Throws: ``HTTP2Error/Code/libraryFailure`` when nghttp2 cannot make the session.
    public init(configuration: HTTP2Configuration = HTTP2Configuration()) throws(HTTP2Error) {
        self.configuration = configuration
        var option: OpaquePointer?
        guard nghttp2_option_new(&option) == 0, let option else { throw HTTP2Error(.libraryFailure) }
        defer { nghttp2_option_del(option) }
        // The window reopens as the exchange consumes the body, not as bytes arrive: a request
        // body is never buffered whole.
        nghttp2_option_set_no_auto_window_update(option, 1)
        nghttp2_option_set_stream_reset_rate_limit(option, UInt64(configuration.resetBurst), UInt64(configuration.resetsPerSecond))
        if configuration.headerTableSize != 4096 {
            nghttp2_option_set_max_deflate_dynamic_table_size(option, configuration.headerTableSize)
        }
        var created: OpaquePointer?
        let status = nghttp2_session_server_new2(&created, HTTP2Callbacks.shared.pointer, Unmanaged.passUnretained(self).toOpaque(), option)
        guard status == 0, let created else { throw HTTP2Error(.libraryFailure, library: status) }
        session = created
        var settings = [
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: UInt32(configuration.maxConcurrentStreams)),
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: UInt32(configuration.initialWindowSize)),
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_MAX_FRAME_SIZE.rawValue), value: UInt32(configuration.maxFrameSize)),
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE.rawValue), value: UInt32(configuration.maxHeaderListSize)),
        ]
        if configuration.enablesConnectProtocol {
            settings.append(nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_ENABLE_CONNECT_PROTOCOL.rawValue), value: 1))
        }
        if configuration.headerTableSize != 4096 {
            settings.append(
                nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_HEADER_TABLE_SIZE.rawValue), value: UInt32(configuration.headerTableSize)))
        }
        let submitted = nghttp2_submit_settings(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count)
        guard submitted == 0 else { throw HTTP2Error(.libraryFailure, library: submitted) }
        settingsSubmitted = 1
    }

    deinit {
        nghttp2_session_del(session)
    }

    /// Whether the client has not yet acknowledged the SETTINGS of the last ``change(to:)``. The
    /// library keeps every SETTINGS frame until its ACK, and walks them all for each new one: a
    /// change waits for the last one's ACK, or a client that never acknowledges could make it
    /// keep any number.
    public var awaitsChangeAcknowledgement: Bool {
        settingsAcknowledged < lastChangeSettings
    }

    /// Changes the connection's limits midway: a SETTINGS frame announces the streams at once
    /// and the initial window, if they change, and the server's DATA frames take the new size
    /// from now on. The library applies a new window once the client has acknowledged it, and
    /// refuses (REFUSED_STREAM) a stream past a lower stream limit at once. The HPACK table keeps
    /// the size it started with: the library's encoder cannot change it midway. False, and
    /// nothing changed, when the library refuses the frame (it has no memory for it).
    public func change(to new: HTTP2Configuration) -> Bool {
        var settings: [nghttp2_settings_entry] = []
        if new.maxConcurrentStreams != configuration.maxConcurrentStreams {
            settings.append(
                nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: UInt32(new.maxConcurrentStreams)))
        }
        if new.initialWindowSize != configuration.initialWindowSize {
            settings.append(
                nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: UInt32(new.initialWindowSize)))
        }
        if !settings.isEmpty {
            let submitted = nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count)
            guard submitted == 0 else { return false }
            settingsSubmitted += 1
            lastChangeSettings = settingsSubmitted
        }
        var changed = new
        changed.headerTableSize = configuration.headerTableSize
        configuration = changed
        return true
    }

    /// Feeds bytes from the client and returns what they made happen.
    ///
    /// Most protocol errors do not throw: the library queues a GOAWAY with the error's code for
    /// ``takeOutput()``, reads no more, and ``isFinished`` turns true once it is taken.
    ///
    /// - Throws: ``HTTP2Error/Code/badPreface`` when the connection does not open with the
    ///   preface; ``HTTP2Error/Code/protocolError`` when the library ends the connection at once
    ///   (a flood it detected). The connection is over either way.
    public func receive(_ bytes: UnsafeRawBufferPointer) throws(HTTP2Error) -> [HTTP2Event] {
        defer { events.removeAll(keepingCapacity: true) }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        let result = nghttp2_session_mem_recv(session, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        if result < 0 {
            let library = Int32(result)
            let code: HTTP2Error.Code = library == NGHTTP2_ERR_BAD_CLIENT_MAGIC.rawValue ? .badPreface : .protocolError
            throw HTTP2Error(code, offset: receivedBytes, library: library)
        }
        receivedBytes += bytes.count
        return events
    }

    /// The server is done with `count` bytes of `stream`'s request body: the client may send
    /// that many more (a WINDOW_UPDATE goes out with the next output).
    public func consume(stream: Int32, count: Int) {
        guard count > 0 else { return }
        // A stream closed meanwhile (reset, answered early) still counts in the connection's window.
        if nghttp2_session_consume(session, stream, count) != 0 {
            _ = nghttp2_session_consume_connection(session, count)
        }
    }

    /// Like ``consume(stream:count:)`` for the connection's window alone: the stream's stays shut
    /// (a flow-control stall on purpose, or until ``consumeStreamOnly(stream:count:)``), while
    /// other streams go on.
    public func consumeConnectionOnly(count: Int) {
        guard count > 0 else { return }
        _ = nghttp2_session_consume_connection(session, count)
    }

    /// Reopens `stream`'s window alone, for bytes whose connection window was reopened with
    /// ``consumeConnectionOnly(count:)`` when they arrived.
    public func consumeStreamOnly(stream: Int32, count: Int) {
        guard count > 0 else { return }
        _ = nghttp2_session_consume_stream(session, stream, count)
    }

    /// The bytes of `stream`'s response body handed to ``send(stream:_:)`` that the library has
    /// not framed yet (held back by flow control or by output not taken).
    public func bufferedBytes(stream: Int32) -> Int {
        guard let body = outgoing[stream] else { return 0 }
        return body.pending
    }

    /// `stream`'s response body bytes not framed yet, those framed so far, and whether the
    /// client's window (the stream's or the connection's) is shut: a stream whose `framed` does
    /// not move while its window is shut is held by the client.
    public func bodyProgress(stream: Int32) -> (pending: Int, framed: Int, windowShut: Bool) {
        guard let body = outgoing[stream] else { return (0, 0, false) }
        guard body.pending > 0 else { return (0, body.framed, false) }
        let shut = nghttp2_session_get_stream_remote_window_size(session, stream) <= 0 || nghttp2_session_get_remote_window_size(session) <= 0
        return (body.pending, body.framed, shut)
    }

    /// Response body bytes handed to the session and not framed yet, over every stream.
    @exclusivity(unchecked) public internal(set) var pendingBodyBytes = 0

    /// Answers the request on `stream`.
    ///
    /// - Throws: ``HTTP2Error/Code/invalidStream`` when the stream is not open or was answered.
    public func respond(stream: Int32, status: Int, fields: [HTTP2Field], body: Body) throws(HTTP2Error) {
        guard outgoing[stream] == nil else { throw HTTP2Error(.invalidStream, stream: stream) }
        let result: Int32
        switch body {
        case .empty:
            result = Self.withHeaderList(status: status, fields) { list, count in nghttp2_submit_response(session, stream, list, count, nil) }
        case .complete(let bytes):
            let pending = OutgoingBody()
            pending.chunks = bytes.isEmpty ? [] : [bytes]
            pending.pending = bytes.count
            pendingBodyBytes += bytes.count
            pending.isFinished = true
            result = submit(status: status, fields, stream: stream, body: pending)
        case .streamed:
            result = submit(status: status, fields, stream: stream, body: OutgoingBody())
        }
        guard result == 0 else {
            if let body = outgoing.removeValue(forKey: stream) { pendingBodyBytes -= body.pending }
            throw HTTP2Error(.invalidStream, stream: stream, library: result)
        }
    }

    /// More of a streamed response body.
    ///
    /// - Throws: ``HTTP2Error/Code/invalidStream`` when the stream has no streamed body open.
    public func send(stream: Int32, _ bytes: [UInt8]) throws(HTTP2Error) {
        guard let body = outgoing[stream], !body.isFinished else { throw HTTP2Error(.invalidStream, stream: stream) }
        guard !bytes.isEmpty else { return }
        body.chunks.append(bytes)
        body.pending += bytes.count
        pendingBodyBytes += bytes.count
        resume(stream, body)
    }

    /// Ends a streamed response body, with trailer fields when there are any.
    ///
    /// - Throws: ``HTTP2Error/Code/invalidStream`` when the stream has no streamed body open.
    public func finish(stream: Int32, trailers: [HTTP2Field] = []) throws(HTTP2Error) {
        guard let body = outgoing[stream], !body.isFinished else { throw HTTP2Error(.invalidStream, stream: stream) }
        body.isFinished = true
        body.trailers = trailers
        resume(stream, body)
    }

    /// Resets `stream` with `errorCode` (RFC 9113 §7: 0x8 CANCEL, 0x2 INTERNAL_ERROR…).
    public func reset(stream: Int32, errorCode: UInt32) {
        _ = nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), stream, errorCode)
    }

    /// Ends the connection with GOAWAY naming the last stream the server processed: the client
    /// retries those above it elsewhere.
    public func goAway(errorCode: UInt32 = 0, lastStream: Int32? = nil) {
        let last = lastStream ?? nghttp2_session_get_last_proc_stream_id(session)
        _ = nghttp2_submit_goaway(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), last, errorCode, nil, 0)
    }

    /// Continues an HTTP/1.1 connection whose request asked for h2c: `settings` is the client's
    /// `HTTP2-Settings`, decoded; stream 1 is the request's, half closed by the client.
    ///
    /// - Throws: ``HTTP2Error/Code/protocolError`` when the library refuses the settings.
    public func upgrade(settings: [UInt8], headRequest: Bool) throws(HTTP2Error) {
        let status = settings.withUnsafeBufferPointer { buffer in
            nghttp2_session_upgrade2(session, buffer.baseAddress, buffer.count, headRequest ? 1 : 0, nil)
        }
        guard status == 0 else { throw HTTP2Error(.protocolError, stream: 1, library: status) }
    }

    /// Sends `count` PING frames (each with its number as its payload), which the client must
    /// each acknowledge.
    public func ping(count: Int) {
        for index in 0..<count {
            var payload = UInt64(index + 1).bigEndian
            withUnsafeBytes(of: &payload) { bytes in
                _ = nghttp2_submit_ping(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    /// Tells the client that the connection is ending (a GOAWAY with the highest stream id and
    /// NO_ERROR, RFC 9113 §6.8) while the streams it has open finish; ``goAway(errorCode:lastStream:)``
    /// follows once they have.
    public func announceShutdown() {
        _ = nghttp2_submit_shutdown_notice(session)
    }

    /// Whether the library still reads frames (false after a GOAWAY it sent for an error, or
    /// once both sides have said GOAWAY and no stream is open).
    public var wantsRead: Bool { nghttp2_session_want_read(session) != 0 }

    /// Whether the library has frames to send now (flow control permitting).
    public var wantsWrite: Bool { nghttp2_session_want_write(session) != 0 }

    /// The bytes to send to the client now: frames, with as much body data as the windows allow.
    ///
    /// - Throws: ``HTTP2Error/Code/libraryFailure`` when the library cannot serialise a frame.
    public func takeOutput() throws(HTTP2Error) -> [UInt8] {
        var output: [UInt8] = []
        try takeOutput(into: &output, upTo: .max)
        return output
    }

    /// Appends the bytes to send now to `output`, a frame at a time, until there are none or
    /// `output` holds `limit` bytes or more: a slow reader's connection holds at most about
    /// `limit` of framed output, the rest stays in the streams.
    ///
    /// - Throws: ``HTTP2Error/Code/libraryFailure`` when the library cannot serialise a frame.
    public func takeOutput(into output: inout [UInt8], upTo limit: Int) throws(HTTP2Error) {
        while output.count < limit {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            if count < 0 { throw HTTP2Error(.libraryFailure, library: Int32(count)) }
            guard count > 0, let data else { return }
            output.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
        }
    }

    /// Whether `stream` is open for an answer: the library knows it and has not closed it.
    public func isOpen(stream: Int32) -> Bool {
        nghttp2_session_find_stream(session, stream) != nil
    }

    /// The code of the last GOAWAY the library sent, nil when it sent none.
    public var goAwaySent: UInt32? { sentGoAwayCode }

    /// Whether `stream`'s response head has been framed into the output already.
    public func hasSentHeaders(stream: Int32) -> Bool {
        headersSent.contains(stream)
    }

    /// Events that happened while output was taken (streams closing once their last frame was
    /// framed), in order.
    public func takeEvents() -> [HTTP2Event] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Whether the connection is over: neither side has anything more to say (after GOAWAY and
    /// the last stream, or a fatal error). The socket can be closed once the output is sent.
    public var isFinished: Bool {
        nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0
    }

    private func submit(status: Int, _ fields: [HTTP2Field], stream: Int32, body: OutgoingBody) -> Int32 {
        outgoing[stream] = body
        var provider = nghttp2_data_provider()
        provider.read_callback = http2ReadBody
        return Self.withHeaderList(status: status, fields) { list, count in nghttp2_submit_response(session, stream, list, count, &provider) }
    }

    private func resume(_ stream: Int32, _ body: OutgoingBody) {
        guard body.isDeferred else { return }
        body.isDeferred = false
        _ = nghttp2_session_resume_data(session, stream)
    }

    /// Trailer fields for `stream`, from inside the read callback that sent its last data.
    func submitTrailers(_ fields: [HTTP2Field], stream: Int32) -> Int32 {
        Self.withHeaderList(status: nil, fields) { list, count in nghttp2_submit_trailer(session, stream, list, count) }
    }

    /// Calls `body` with `:status` (when there is one) and `fields` as nghttp2's name-value list,
    /// names in lower case as HTTP/2 sends them, valid for the call (the library copies what it
    /// keeps). Only `A`–`Z` change in a name: names are ASCII tokens.
    static func withHeaderList<Result>(
        status: Int?, _ fields: [HTTP2Field], _ body: (UnsafePointer<nghttp2_nv>, Int) -> Result
    ) -> Result {
        var statusText = status.map { String($0) } ?? ""
        var size = statusText.utf8.count + 7
        for field in fields { size += field.name.utf8.count + field.value.utf8.count }
        let count = fields.count + (status == nil ? 0 : 1)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { storage in
            withUnsafeTemporaryAllocation(of: nghttp2_nv.self, capacity: max(count, 1)) { list in
                var writer = HeaderListWriter(storage: storage.baseAddress!, list: list.baseAddress!)
                if status != nil {
                    var name = ":status"
                    writer.append(name: &name, value: &statusText, flags: NGHTTP2_NV_FLAG_NONE)
                }
                for field in fields {
                    var name = field.name
                    var value = field.value
                    writer.append(name: &name, value: &value, flags: field.isNeverIndexed ? NGHTTP2_NV_FLAG_NO_INDEX : NGHTTP2_NV_FLAG_NONE)
                }
                return body(UnsafePointer(list.baseAddress!), count)
            }
        }
    }
}

/// Fills storage sized for a header list with its names (lowercased) and values, and nghttp2's
/// list pointing into it.
private struct HeaderListWriter {
    let storage: UnsafeMutablePointer<UInt8>
    let list: UnsafeMutablePointer<nghttp2_nv>
    var end = 0
    var count = 0

    mutating func append(name: inout String, value: inout String, flags: nghttp2_nv_flag) {
        let nameStart = storage + end
        name.withUTF8 { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                nameStart[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            }
        }
        let valueStart = nameStart + name.utf8.count
        let valueCount = value.withUTF8 { bytes in
            if let base = bytes.baseAddress { valueStart.update(from: base, count: bytes.count) }
            return bytes.count
        }
        list[count] = nghttp2_nv(
            name: nameStart, value: valueStart, namelen: name.utf8.count, valuelen: valueCount, flags: UInt8(flags.rawValue))
        end += name.utf8.count + valueCount
        count += 1
    }
}
