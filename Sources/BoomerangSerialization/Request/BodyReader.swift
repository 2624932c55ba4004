/// A pull-based source of body bytes: the core's one interface to bytes it does not hold.
///
/// `read(into:)` is the only primitive: it fills as much of the buffer as it can and returns the
/// number of bytes written; it returns 0 only at the end of the body. Readers are single-use: to
/// read a body again, make a new reader (see ``BodyStream``).
///
/// The core implements it over memory and over multipart forms and never opens a file: readers
/// of files live outside the core (BoomerangClient's `FileBodyReader`).
public protocol BodyReader {
    /// Copies the next bytes of the body into `buffer`.
    ///
    /// - Returns: the number of bytes written, 0 at the end of the body.
    /// - Throws: an error when the underlying source fails; the body is then unusable.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// A body that is produced by a reader, with its length when it is known in advance.
public struct BodyStream: Sendable {
    /// The exact number of bytes the reader produces, when known before reading.
    public let length: Int64?
    /// What the bytes come from, such as a file's path; errors about the stream name it.
    public let origin: String?
    private let factory: @Sendable () throws -> any BodyReader

    /// Creates a stream whose readers come from `makeReader`.
    ///
    /// - Parameters:
    ///   - length: the exact body length, or `nil` when unknown (the body is then sent chunked).
    ///   - origin: what the bytes come from, for error messages; `nil` by default.
    ///   - makeReader: makes a fresh reader positioned at the start of the body.
    public init(length: Int64?, origin: String? = nil, makeReader: @escaping @Sendable () throws -> any BodyReader) {
        self.length = length
        self.origin = origin
        self.factory = makeReader
    }

    /// Makes a fresh reader positioned at the start of the body.
    public func makeReader() throws -> any BodyReader {
        try factory()
    }
}

/// The body of a request built by the core's serializers.
public enum RequestBody: Sendable {
    /// No body at all.
    case none
    /// A body held in memory.
    case bytes([UInt8])
    /// A body read on demand, such as a multipart body streamed from files.
    case stream(BodyStream)

    /// The body length when it is known without reading the body.
    public var knownLength: Int64? {
        switch self {
        case .none: 0
        case .bytes(let bytes): Int64(bytes.count)
        case .stream(let stream): stream.length
        }
    }
}
