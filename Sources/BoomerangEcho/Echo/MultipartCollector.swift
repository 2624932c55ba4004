import BoomerangDigest
import BoomerangSerialization
import Crypto

/// Takes a multipart body apart while it streams: each part is counted and SHA-256 hashed, and
/// kept inline only while small (the per-part and per-request inline limits). The whole body's
/// SHA-256 is made here too, beside the parts' (``SHA256Pair``).
package struct MultipartCollector {
    /// What the echo reports of one part.
    package struct Part {
        package let head: MultipartPartHead
        package var size: Int64 = 0
        package var sha256 = ""
        /// The part's bytes, when it was small enough to keep.
        package var inline: [UInt8]? = []
        /// Whether the part's body ended with a delimiter; false for the part the body broke off
        /// in, which is still reported, with what arrived of it.
        package var complete = true
        /// Whether the part's header block was refused, so that its head is empty.
        package var headRefused = false
    }

    /// Taken out while it parses, so that its buffers stay uniquely owned (a copy would make them
    /// copy on write every chunk); `nil` only during a call.
    private var parser: MultipartParser?
    private var hashes = SHA256Pair()
    /// The bytes of the chunk being parsed not yet in the body's hash; empty between chunks.
    private var unhashed = UnsafeRawBufferPointer(start: nil, count: 0)
    private var current: Part?
    /// The current part's bytes while it may still be kept inline; `nil` once it is over a limit.
    private var currentInline: InlinePartBytes?
    /// The body's length when the request says it (`Content-Length`, no content coding), which
    /// bounds every part's size.
    private let expectedBodyBytes: Int64?
    /// The body bytes received before the chunk being parsed.
    private var received: Int64 = 0
    package private(set) var parts: [Part] = []
    package private(set) var error: MultipartParserError?
    package private(set) var complete = false
    private var inlineLeft: Int
    private let inlineLimit: Int
    private let inlineTotal: Int
    private let spillDirectory: String
    /// The bytes of the parts kept inline.
    package var inlineBytes: Int { inlineTotal - inlineLeft }
    /// The first bytes of the body, to tell why a body that does not parse failed.
    private var lead: [UInt8] = []
    /// Findings beyond the parser's own error: LF-only line ends, a boundary inside a part, part
    /// headers that are not UTF-8 (reported for the first such part), and ``PartHeadFindings``.
    package private(set) var findings: [Diagnostic] = []
    private var sawUndecodableHead = false
    private var headFindings: PartHeadFindings

    package let boundary: String
    private let delimiter: [UInt8]

    package init(contentType: String, configuration: EchoConfiguration, expectedBodyBytes: Int64? = nil) throws(MultipartParserError) {
        let parser = try MultipartParser(contentType: contentType)
        self.parser = parser
        boundary = parser.boundary
        delimiter = Array("--\(parser.boundary)".utf8)
        inlineLeft = configuration.maxInlineTotalBytes
        inlineTotal = configuration.maxInlineTotalBytes
        inlineLimit = configuration.maxInlinePartBytes
        spillDirectory = configuration.temporaryDirectory
        self.expectedBodyBytes = expectedBodyBytes
        headFindings = PartHeadFindings(extendedBoundaryIgnored: parser.ignoresExtendedBoundary)
    }

    package mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        if lead.count < delimiter.count + 2 {
            lead.append(contentsOf: bytes.prefix(delimiter.count + 2 - lead.count))
        }
        unhashed = bytes
        defer {
            hashes.updateBody(unhashed)
            unhashed = UnsafeRawBufferPointer(start: nil, count: 0)
        }
        guard error == nil else { return }
        guard var parser = self.parser.take() else { return }
        defer {
            self.parser = parser
            received += Int64(bytes.count)
        }
        do {
            try parser.parse(bytes) { event in handle(event) }
        } catch {
            fail(error)
        }
    }

    /// The SHA-256 of every body byte received, as lowercase hex; once, after ``finish()``.
    package mutating func bodySHA256() -> String {
        Hex.lowercase(hashes.finishBody())
    }

    package mutating func finish() {
        defer {
            checkLineEnds()
            findings += headFindings.diagnostics
        }
        guard error == nil else { return }
        guard var parser = self.parser.take() else { return }
        defer { self.parser = parser }
        do {
            try parser.finish { event in handle(event) }
        } catch {
            fail(error)
        }
    }

    /// Keeps the error, and the part it broke off (or the part whose header block it refused),
    /// so that no part the client sent goes missing from the echo without a word.
    private mutating func fail(_ error: MultipartParserError) {
        self.error = error
        if var part = current {
            part.sha256 = Hex.lowercase(hashes.finishPart())
            part.inline = currentInline?.take()
            currentInline = nil
            part.complete = false
            parts.append(part)
            current = nil
        } else if Self.headerCodes.contains(error.code) {
            var part = Part(head: MultipartPartHead(headers: HTTPHeaders(), rawHeaders: []))
            part.sha256 = Hex.lowercase(SHA256().finalize())
            part.complete = false
            part.headRefused = true
            parts.append(part)
        }
    }

    /// The errors that refuse a part after its delimiter: the part began, but has no head.
    private static let headerCodes: Set<MultipartParserError.Code> = [
        .tooManyParts, .tooManyHeaderLines, .headerLineTooLong, .headerBlockTooLarge, .headerLineWithoutColon, .invalidHeaderByte,
        .badEndOfHeaders, .unterminatedQuotedString,
    ]

    /// A body that failed and whose first delimiter line ends in a bare LF was written with LF
    /// line ends, which multipart does not allow.
    private mutating func checkLineEnds() {
        guard error != nil || !complete, lead.starts(with: delimiter), lead.count > delimiter.count,
            lead[delimiter.count] == 0x0A
        else { return }
        findings.append(Diagnostic(
            "multipartBareLineFeeds", .error, "the multipart body's lines end in LF alone; RFC 2046 requires CRLF",
            offset: delimiter.count))
    }

    private mutating func handle(_ event: MultipartParser.Event) {
        switch event {
        case .partBegin(let head):
            if !sawUndecodableHead && String(validating: head.rawHeaders, as: UTF8.self) == nil {
                sawUndecodableHead = true
                findings.append(Diagnostic(
                    "partHeaderNotUTF8", .warning,
                    "part #\(parts.count + 1)'s headers (its name or filename) are not UTF-8: the echo shows U+FFFD for the bytes it cannot decode; the raw body has them as sent"))
            }
            headFindings.check(head, part: parts.count + 1)
            current = Part(head: head)
            hashes.restartPart()
            let bound = expectedBodyBytes.map { Int(clamping: max($0 - received, 0)) }
            currentInline = InlinePartBytes(bound: bound, limit: min(inlineLimit, inlineLeft), spillDirectory: spillDirectory)
        case .body(let bytes):
            guard current != nil else { return }
            current!.size += Int64(bytes.count)
            // Paired with as many of the chunk's bytes for the body's hash, which takes them in order.
            let paired = min(unhashed.count, bytes.count)
            hashes.update(body: UnsafeRawBufferPointer(rebasing: unhashed[..<paired]), part: bytes)
            unhashed = UnsafeRawBufferPointer(rebasing: unhashed[paired...])
            if currentInline != nil {
                if current!.size <= Int64(inlineLimit) && bytes.count <= inlineLeft {
                    currentInline!.append(bytes)
                    inlineLeft -= bytes.count
                } else {
                    inlineLeft += currentInline!.count
                    currentInline = nil
                }
            }
        case .partEnd:
            guard var part = current else { return }
            part.sha256 = Hex.lowercase(hashes.finishPart())
            part.inline = currentInline?.take()
            currentInline = nil
            if let inline = part.inline, let offset = ByteSearch.firstOffset(of: delimiter, in: inline) {
                let name = part.head.contentDisposition?.name ?? "#\(parts.count)"
                findings.append(Diagnostic(
                    "boundaryInPart", .warning,
                    "part \(name) contains the boundary \(boundary) at byte \(offset) of its content; pick a boundary absent from the data"))
            }
            parts.append(part)
            current = nil
        case .end:
            complete = true
        }
    }
}
