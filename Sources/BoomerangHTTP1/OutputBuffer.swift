/// Bytes queued for the socket, oldest first. A large array (a rendered echo body) is queued as
/// a segment of its own, without a copy; small pieces are appended to the last segment. Sent
/// bytes are dropped from the front, and the last segment is compacted before it grows so that a
/// long stream to a slow reader keeps only what is unsent.
@usableFromInline
struct OutputBuffer {
    /// Arrays at least this large are queued as segments of their own rather than copied.
    static let segmentBytes = 16 * 1024

    /// The segment being sent.
    @usableFromInline var storage: [UInt8] = []
    @usableFromInline var start = 0
    /// The segments after `storage`, from `nextSegment` on; almost always empty, or one body.
    private var segments: [[UInt8]] = []
    private var nextSegment = 0
    /// The bytes of `segments[nextSegment...]`.
    @usableFromInline var segmentedBytes = 0

    /// Bytes not sent yet.
    var count: Int { storage.count - start + segmentedBytes }
    @inlinable var isEmpty: Bool { start == storage.count && segmentedBytes == 0 }

    mutating func append(_ bytes: [UInt8]) {
        if isEmpty {
            storage = bytes
            start = 0
            segments = []
            nextSegment = 0
        } else if bytes.count >= Self.segmentBytes {
            segments.append(bytes)
            segmentedBytes += bytes.count
        } else {
            append(contentsOf: bytes)
        }
    }

    mutating func append(contentsOf bytes: some Collection<UInt8>) {
        if nextSegment < segments.count {
            // Never grown when large: that would copy a whole body to add a few bytes.
            segmentedBytes += bytes.count
            if segments[segments.count - 1].count < Self.segmentBytes {
                segments[segments.count - 1].append(contentsOf: bytes)
            } else {
                segments.append(Array(bytes))
            }
        } else {
            compactBeforeGrowing()
            storage.append(contentsOf: bytes)
        }
    }

    /// Drops `count` sent bytes from the front; the storage is released once all is sent.
    mutating func consume(_ count: Int) {
        start += count
        while start >= storage.count {
            guard nextSegment < segments.count else {
                storage = []
                start = 0
                segments = []
                nextSegment = 0
                return
            }
            start -= storage.count
            storage = segments[nextSegment]
            segments[nextSegment] = []
            nextSegment += 1
            segmentedBytes -= storage.count
            if nextSegment >= 16 && nextSegment * 2 >= segments.count {
                segments.removeFirst(nextSegment)
                nextSegment = 0
            }
        }
    }

    /// Drops everything not sent.
    mutating func removeAll() {
        storage = []
        start = 0
        segments = []
        nextSegment = 0
        segmentedBytes = 0
    }

    /// The unsent bytes of the first segment: a send takes at most these, and ``consume(_:)``
    /// moves on to the next segment.
    @inlinable
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }

    private mutating func compactBeforeGrowing() {
        if start > 0 && start >= storage.count / 2 {
            storage.removeFirst(start)
            start = 0
        }
    }
}
