import BoomerangCompression
import BoomerangSerialization

/// A streamed body compressed as it is pulled: each piece is compressed and flushed, so that the
/// client can decode everything sent so far (a line of `/stream`, an event of `/sse`) before the
/// next pause; the end of the inner stream ends the coded stream.
public struct CompressingStream: ResponseBodyStream {
    private var inner: any ResponseBodyStream
    public let coding: ContentCoding
    /// Made on the first pull, so that every copy of the response value gets its own compressor.
    private var box: CompressorBox?
    private var pendingEnd: HTTPHeaders?

    public init(inner: any ResponseBodyStream, coding: ContentCoding) {
        self.inner = inner
        self.coding = coding
    }

    /// Unknown: the coded length is known only at the end.
    public var contentLength: Int? { nil }

    public mutating func attach(waker: ConnectionWaker) {
        inner.attach(waker: waker)
    }

    public mutating func next(now: UInt64) -> ResponseBodyStep {
        if let trailers = pendingEnd { return .end(trailers: trailers) }
        if box == nil {
            do {
                box = CompressorBox(try Compressor(coding: coding))
            } catch {
                return .fault(.closeMidBody(afterBytes: 0))
            }
        }
        guard let compressor = box?.compressor else { return .fault(.closeMidBody(afterBytes: 0)) }
        switch inner.next(now: now) {
        case .bytes(let bytes):
            do {
                let coded = try compressor.compress(bytes) + compressor.flush()
                return coded.isEmpty ? .wait(until: now) : .bytes(coded)
            } catch {
                return .fault(.closeMidBody(afterBytes: 0))
            }
        case .end(let trailers):
            do {
                let last = try compressor.finish()
                guard !last.isEmpty else { return .end(trailers: trailers) }
                pendingEnd = trailers
                return .bytes(last)
            } catch {
                return .fault(.closeMidBody(afterBytes: 0))
            }
        case .wait(let until):
            return .wait(until: until)
        case .fault(let fault):
            return .fault(fault)
        }
    }
}

/// Holds a ``Compressor`` inside a `Sendable` stream value. Only the connection that owns the
/// stream uses it, on its own loop thread, once the stream has been pulled.
private final class CompressorBox: @unchecked Sendable {
    let compressor: Compressor

    init(_ compressor: Compressor) {
        self.compressor = compressor
    }
}
