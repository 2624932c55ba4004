/// Produces the bytes of a ``MultipartFormData`` body, part by part.
///
/// The counterpart of AFNetworking's `AFMultipartBodyStream` (serialization spec §1.6.8): each
/// part goes through the phases leading boundary → headers → body → final boundary (the last
/// only for the last part). A phase may straddle several reads, so any buffer size (1 byte,
/// 7 bytes, 64 KiB) gives the same bytes. Stream bodies (files among them) are read straight
/// into the caller's buffer; nothing is buffered, so memory stays flat whatever the part sizes.
///
/// Unlike AFNetworking, a stream body is read to exactly its declared length and then checked:
/// a body that ends early or has bytes left over throws, since the announced `Content-Length`
/// would otherwise be wrong.
///
/// Throttling (§1.6.7): each `read` returns at most `min(buffer.count, packetSize)` bytes and,
/// when the delay is positive, calls the form's ``MultipartFormData/pause`` with the delay after
/// each chunk read from a part (several times in one call when a call crosses parts). The reader
/// itself never blocks.
public struct MultipartBodyReader: BodyReader {
    private enum Phase {
        case boundary
        case headers
        case body
        case finalBoundary
    }

    private let parts: [MultipartBodyPart]
    private let initialLine: [UInt8]
    private let encapsulationLine: [UInt8]
    private let finalLine: [UInt8]
    private let packetSize: Int
    private let delay: Double
    private let pause: (@Sendable (Double) -> Void)?

    private var partIndex = 0
    private var phase = Phase.boundary
    private var phaseOffset = 0
    private var bodyRemaining: Int64 = 0
    private var stream: (any BodyReader)?
    private var produced: Int64 = 0

    init(form: MultipartFormData) {
        parts = form.parts
        initialLine = MultipartBoundary.initialLine(form.boundary)
        encapsulationLine = MultipartBoundary.encapsulationLine(form.boundary)
        finalLine = MultipartBoundary.finalLine(form.boundary)
        packetSize = form.packetSize
        delay = form.delay
        pause = form.pause
    }

    /// The number of bytes produced so far.
    public var bytesRead: Int64 { produced }

    /// Copies the next bytes of the body into `buffer`.
    ///
    /// - Returns: the number of bytes written, 0 at the end of the body.
    /// - Throws: ``MultipartFormDataError`` when a stream body cannot be read, or is shorter or
    ///   longer than its declared length. The reader is then unusable.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(MultipartFormDataError) -> Int {
        let limit = min(buffer.count, packetSize)
        var written = 0
        while written < limit, partIndex < parts.count {
            let count = try readPart(into: UnsafeMutableRawBufferPointer(rebasing: buffer[written..<limit]))
            written += count
            if count > 0, delay > 0 { pause?(delay) }
        }
        return written
    }

    /// Reads as much of the current part as fits, moving to the next part when it is done.
    private mutating func readPart(into buffer: UnsafeMutableRawBufferPointer) throws(MultipartFormDataError) -> Int {
        let part = parts[partIndex]
        var written = 0
        while written < buffer.count {
            let space = UnsafeMutableRawBufferPointer(rebasing: buffer[written...])
            switch phase {
            case .boundary:
                written += copy(partIndex == 0 ? initialLine : encapsulationLine, into: space, next: .headers)
            case .headers:
                written += copy(part.headerBytes, into: space, next: .body)
                if phase == .body { try openBody(part) }
            case .body:
                if bodyRemaining == 0 {
                    try closeBody(part)
                    phase = .finalBoundary
                    continue
                }
                let count = try readBody(part, into: space)
                written += count
            case .finalBoundary:
                if partIndex == parts.count - 1 {
                    written += copy(finalLine, into: space, next: .boundary)
                    if phase == .finalBoundary { return written }
                } else {
                    phase = .boundary
                }
                partIndex += 1
                return written
            }
        }
        return written
    }

    private mutating func copy(_ bytes: [UInt8], into space: UnsafeMutableRawBufferPointer, next: Phase) -> Int {
        let count = min(bytes.count - phaseOffset, space.count)
        bytes.withUnsafeBytes { source in
            space.baseAddress!.copyMemory(from: source.baseAddress! + phaseOffset, byteCount: count)
        }
        phaseOffset += count
        produced += Int64(count)
        if phaseOffset == bytes.count {
            phaseOffset = 0
            phase = next
        }
        return count
    }

    private mutating func openBody(_ part: MultipartBodyPart) throws(MultipartFormDataError) {
        bodyRemaining = part.bodyLength
        phaseOffset = 0
        switch part.body {
        case .bytes:
            break
        case .stream(let bodyStream):
            do {
                stream = try bodyStream.makeReader()
            } catch {
                throw failure(of: error, part)
            }
        }
    }

    private mutating func readBody(
        _ part: MultipartBodyPart,
        into space: UnsafeMutableRawBufferPointer
    ) throws(MultipartFormDataError) -> Int {
        let wanted = Int(min(Int64(space.count), bodyRemaining))
        let target = UnsafeMutableRawBufferPointer(rebasing: space[..<wanted])
        let count: Int
        switch part.body {
        case .bytes(let bytes):
            bytes.withUnsafeBytes { source in
                target.baseAddress!.copyMemory(from: source.baseAddress! + phaseOffset, byteCount: wanted)
            }
            phaseOffset += wanted
            count = wanted
        case .stream:
            count = try readStream(part, into: target)
        }
        guard count > 0 else { throw failure(.bodyShorterThanDeclared, part) }
        bodyRemaining -= Int64(count)
        produced += Int64(count)
        return count
    }

    private mutating func readStream(
        _ part: MultipartBodyPart,
        into target: UnsafeMutableRawBufferPointer
    ) throws(MultipartFormDataError) -> Int {
        do {
            return try stream!.read(into: target)
        } catch {
            throw failure(of: error, part)
        }
    }

    /// Checks that a stream body has nothing beyond its declared length, then lets it go.
    private mutating func closeBody(_ part: MultipartBodyPart) throws(MultipartFormDataError) {
        defer {
            stream = nil
            phaseOffset = 0
        }
        var probe: UInt8 = 0
        let extra = try withUnsafeMutableBytes(of: &probe) { (buffer) throws(MultipartFormDataError) -> Int in
            switch part.body {
            case .bytes: 0
            case .stream: try readStream(part, into: buffer)
            }
        }
        if extra > 0 { throw failure(.bodyLongerThanDeclared, part) }
    }

    /// A stream's own ``MultipartFormDataError`` (a file reader's `fileOpenFailed`, say) keeps
    /// its code and gains the offset; any other error is `streamReadFailed`.
    private func failure(of error: any Error, _ part: MultipartBodyPart) -> MultipartFormDataError {
        guard var known = error as? MultipartFormDataError else {
            return failure(.streamReadFailed, part, underlying: String(describing: error))
        }
        known.offset = known.offset ?? produced
        return known
    }

    /// An error naming the stream's origin (a file's path), or else the part's disposition.
    private func failure(
        _ code: MultipartFormDataError.Code,
        _ part: MultipartBodyPart,
        underlying: String? = nil
    ) -> MultipartFormDataError {
        var value = part.headers["Content-Disposition"] ?? ""
        if case .stream(let stream) = part.body, let origin = stream.origin {
            value = origin
        }
        return MultipartFormDataError(code: code, value: value, offset: produced, underlying: underlying)
    }
}

@available(*, unavailable, message: "a reader owns its parts' stream readers; make one per task")
extension MultipartBodyReader: Sendable {}
