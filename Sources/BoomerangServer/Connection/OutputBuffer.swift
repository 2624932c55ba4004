/// Bytes queued for the socket, oldest first. A response that finds the queue empty becomes the
/// queue without a copy; sent bytes are dropped from the front, and the storage is compacted
/// before it grows so that a long stream to a slow reader keeps only what is unsent.
struct OutputBuffer {
    private var storage: [UInt8] = []
    private var start = 0

    /// Bytes not sent yet.
    var count: Int { storage.count - start }
    var isEmpty: Bool { start == storage.count }

    mutating func append(_ bytes: [UInt8]) {
        if isEmpty {
            storage = bytes
            start = 0
        } else {
            compactBeforeGrowing()
            storage.append(contentsOf: bytes)
        }
    }

    mutating func append(contentsOf bytes: some Collection<UInt8>) {
        compactBeforeGrowing()
        storage.append(contentsOf: bytes)
    }

    /// Drops `count` sent bytes from the front; the storage is released once all is sent.
    mutating func consume(_ count: Int) {
        start += count
        if start >= storage.count {
            storage = []
            start = 0
        }
    }

    /// Drops everything not sent.
    mutating func removeAll() {
        storage = []
        start = 0
    }

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
