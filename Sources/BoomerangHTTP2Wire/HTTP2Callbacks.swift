// nghttp2's callbacks: C functions (no captures) that find their session through `user_data`,
// which is the HTTP2Session itself, unretained (the session outlives every call it makes).
import CNghttp2

/// The callback table every session shares, made once.
final class HTTP2Callbacks: @unchecked Sendable {
    static let shared = HTTP2Callbacks()
    /// The `nghttp2_session_callbacks`, never freed.
    let pointer: OpaquePointer

    private init() {
        var callbacks: OpaquePointer?
        guard nghttp2_session_callbacks_new(&callbacks) == 0, let callbacks else {
            fatalError("nghttp2_session_callbacks_new: out of memory")
        }
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks, http2BeginHeaders)
        nghttp2_session_callbacks_set_on_header_callback(callbacks, http2Header)
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, http2FrameReceived)
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, http2DataChunk)
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, http2StreamClosed)
        nghttp2_session_callbacks_set_on_frame_send_callback(callbacks, http2FrameSent)
        pointer = callbacks
    }
}

private func session(_ userData: UnsafeMutableRawPointer?) -> HTTP2Session {
    Unmanaged<HTTP2Session>.fromOpaque(userData!).takeUnretainedValue()
}

private func isType(_ frame: UnsafePointer<nghttp2_frame>, _ type: nghttp2_frame_type) -> Bool {
    frame.pointee.hd.type == UInt8(type.rawValue)
}

private func http2BeginHeaders(_: OpaquePointer?, _ frame: UnsafePointer<nghttp2_frame>?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    guard let frame, isType(frame, NGHTTP2_HEADERS) else { return 0 }
    let stream = frame.pointee.hd.stream_id
    let isTrailer = frame.pointee.headers.cat == NGHTTP2_HCAT_HEADERS
    var head = HTTP2RequestHead(streamID: stream)
    // Room for a usual request's fields at once, rather than growing field by field.
    if !isTrailer { head.pseudoFields.reserveCapacity(4) }
    head.fields.reserveCapacity(8)
    session(userData).incoming = HTTP2Session.IncomingBlock(head: head, isTrailer: isTrailer)
    return 0
}

private func http2Header(
    _: OpaquePointer?, _ frame: UnsafePointer<nghttp2_frame>?, _ name: UnsafePointer<UInt8>?, _ nameLength: Int,
    _ value: UnsafePointer<UInt8>?, _ valueLength: Int, _: UInt8, _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    guard let frame, isType(frame, NGHTTP2_HEADERS) else { return 0 }
    let owner = session(userData)
    let stream = frame.pointee.hd.stream_id
    guard owner.incoming?.head.streamID == stream, let size = owner.incoming?.size else { return 0 }
    guard size + nameLength + valueLength + 32 <= owner.configuration.maxHeaderListSize else {
        // The rest of the block is decoded (HPACK's table must stay in step) but not kept; the
        // request is refused once its HEADERS end.
        owner.incoming!.size = Int.max / 2
        return 0
    }
    let field = HTTP2Field(
        String(decoding: UnsafeBufferPointer(start: name, count: nameLength), as: UTF8.self),
        String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self))
    // Changed in place: a copy of the block would copy its field lists per field.
    owner.incoming!.size = size + nameLength + valueLength + 32
    if nameLength > 0, name![0] == UInt8(ascii: ":") {
        owner.incoming!.head.pseudoFields.append(field)
    } else {
        owner.incoming!.head.fields.append(field)
    }
    return 0
}

private func http2FrameReceived(_: OpaquePointer?, _ frame: UnsafePointer<nghttp2_frame>?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    guard let frame else { return 0 }
    let owner = session(userData)
    let stream = frame.pointee.hd.stream_id
    let endsStream = frame.pointee.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0
    if isType(frame, NGHTTP2_HEADERS) {
        if owner.incoming?.head.streamID == stream, var entry = owner.incoming.take() {
            entry.head.endsStream = endsStream
            if entry.size > owner.configuration.maxHeaderListSize {
                owner.events.append(.refused(stream: stream, reason: .headerListTooLarge))
                return 0
            } else {
                owner.events.append(entry.isTrailer ? .trailers(stream: stream, fields: entry.head.fields) : .request(entry.head))
            }
        }
        if endsStream { owner.events.append(.requestEnded(stream: stream)) }
    } else if isType(frame, NGHTTP2_DATA) {
        if endsStream { owner.events.append(.requestEnded(stream: stream)) }
    } else if isType(frame, NGHTTP2_GOAWAY) {
        owner.events.append(.goAway(lastStream: frame.pointee.goaway.last_stream_id, errorCode: frame.pointee.goaway.error_code))
    } else if isType(frame, NGHTTP2_SETTINGS), frame.pointee.hd.flags & UInt8(NGHTTP2_FLAG_ACK.rawValue) != 0 {
        owner.settingsAcknowledged += 1
    }
    return 0
}

private func http2DataChunk(
    _: OpaquePointer?, _: UInt8, _ stream: Int32, _ data: UnsafePointer<UInt8>?, _ length: Int, _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    session(userData).events.append(.body(stream: stream, bytes: Array(UnsafeBufferPointer(start: data, count: length))))
    return 0
}

private func http2FrameSent(_: OpaquePointer?, _ frame: UnsafePointer<nghttp2_frame>?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    guard let frame else { return 0 }
    if isType(frame, NGHTTP2_HEADERS) {
        session(userData).headersSent.insert(frame.pointee.hd.stream_id)
    } else if isType(frame, NGHTTP2_GOAWAY) {
        session(userData).sentGoAwayCode = frame.pointee.goaway.error_code
    }
    return 0
}

private func http2StreamClosed(_: OpaquePointer?, _ stream: Int32, _ errorCode: UInt32, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    let owner = session(userData)
    if owner.incoming?.head.streamID == stream { owner.incoming = nil }
    let unsent = owner.outgoing.removeValue(forKey: stream)?.pending ?? 0
    owner.pendingBodyBytes -= unsent
    owner.headersSent.remove(stream)
    owner.events.append(.streamClosed(stream: stream, errorCode: errorCode, unsentBodyBytes: unsent))
    return 0
}

/// The library asks for up to `length` bytes of `stream`'s response body.
func http2ReadBody(
    _: OpaquePointer?, _ stream: Int32, _ buffer: UnsafeMutablePointer<UInt8>?, _ length: Int, _ flags: UnsafeMutablePointer<UInt32>?,
    _: UnsafeMutablePointer<nghttp2_data_source>?, _ userData: UnsafeMutableRawPointer?
) -> Int {
    let owner = session(userData)
    guard let body = owner.outgoing[stream], let buffer, let flags else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
    // Each call frames one DATA frame: a smaller length makes smaller frames.
    let length = min(length, owner.configuration.maxDataFrameBytes)
    var written = 0
    while written < length, let chunk = body.chunks.first {
        let count = min(length - written, chunk.count - body.offset)
        chunk.withUnsafeBufferPointer { source in
            (buffer + written).update(from: source.baseAddress! + body.offset, count: count)
        }
        written += count
        body.offset += count
        body.pending -= count
        if body.offset == chunk.count {
            body.chunks.removeFirst()
            body.offset = 0
        }
    }
    body.framed += written
    owner.pendingBodyBytes -= written
    guard body.chunks.isEmpty else { return written }
    if body.isFinished {
        flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
        if !body.trailers.isEmpty {
            flags.pointee |= NGHTTP2_DATA_FLAG_NO_END_STREAM.rawValue
            if owner.submitTrailers(body.trailers, stream: stream) != 0 { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
        }
        return written
    }
    guard written == 0 else { return written }
    body.isDeferred = true
    return Int(NGHTTP2_ERR_DEFERRED.rawValue)
}
