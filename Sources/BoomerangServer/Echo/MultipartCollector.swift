import BoomerangSerialization
import Crypto

/// Takes a multipart body apart while it streams: each part is counted and SHA-256 hashed, and
/// kept inline only while small (the per-part and per-request inline limits).
struct MultipartCollector {
    /// What the echo reports of one part.
    struct Part {
        let head: MultipartPartHead
        var size: Int64 = 0
        var sha256 = ""
        /// The part's bytes, when it was small enough to keep.
        var inline: [UInt8]? = []
    }

    /// Taken out while it parses, so that its buffers stay uniquely owned (a copy would make them
    /// copy on write every chunk); `nil` only during a call.
    private var parser: MultipartParser?
    private var hasher = SHA256()
    private var current: Part?
    private(set) var parts: [Part] = []
    private(set) var error: MultipartParserError?
    private(set) var complete = false
    private var inlineLeft: Int
    private let inlineLimit: Int

    let boundary: String

    init(contentType: String, configuration: EchoConfiguration) throws(MultipartParserError) {
        let parser = try MultipartParser(contentType: contentType)
        self.parser = parser
        boundary = parser.boundary
        inlineLeft = configuration.maxInlineTotalBytes
        inlineLimit = configuration.maxInlinePartBytes
    }

    mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        guard error == nil else { return }
        guard var parser = self.parser.take() else { return }
        defer { self.parser = parser }
        do {
            try parser.parse(bytes) { event in handle(event) }
        } catch {
            self.error = error
        }
    }

    mutating func finish() {
        guard error == nil else { return }
        guard var parser = self.parser.take() else { return }
        defer { self.parser = parser }
        do {
            try parser.finish { event in handle(event) }
        } catch {
            self.error = error
        }
    }

    private mutating func handle(_ event: MultipartParser.Event) {
        switch event {
        case .partBegin(let head):
            current = Part(head: head)
            hasher = SHA256()
        case .body(let bytes):
            guard current != nil else { return }
            current!.size += Int64(bytes.count)
            hasher.update(bufferPointer: bytes)
            if current!.inline != nil {
                if current!.size <= Int64(inlineLimit) && bytes.count <= inlineLeft {
                    current!.inline!.append(contentsOf: bytes)
                    inlineLeft -= bytes.count
                } else {
                    inlineLeft += current!.inline!.count
                    current!.inline = nil
                }
            }
        case .partEnd:
            guard var part = current else { return }
            part.sha256 = Hex.lowercase(hasher.finalize())
            parts.append(part)
            current = nil
        case .end:
            complete = true
        }
    }
}
