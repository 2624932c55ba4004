/// The chunked transfer coding ([RFC 9112 §7.1](https://www.rfc-editor.org/rfc/rfc9112#section-7.1)).
extension HTTPRequestParser {
    /// The state of a chunk-size line read so far.
    struct ChunkLine: Sendable {
        var size: Int64 = 0
        var digits = 0
        var inExtension = false
        var extensionLength = 0
        var sawCR = false
        var length = 0
    }

    /// Reads `chunk-size [ chunk-ext ] CRLF` byte by byte, so that every limit fires as soon as it
    /// is passed.
    ///
    /// - Returns: whether the line is complete (the state then moves on).
    mutating func readChunkSizeLine(_ input: UnsafeRawBufferPointer, _ position: inout Int) throws(HTTPParseError) -> Bool {
        var line = chunkLine
        while position < input.count {
            let byte = input[position]
            if line.sawCR {
                guard byte == HTTPSyntax.lf else {
                    throw chunkError(.bareCarriageReturn, input, position, line, offset: position - 1)
                }
                position += 1
                chunkLine = ChunkLine()
                if line.size == 0 {
                    state = .trailerLines
                } else {
                    guard line.size <= configuration.maxBodyBytes - bodyBytes else {
                        throw chunkError(.bodyTooLarge, input, position - 1, line, offset: position - 1 - line.length)
                    }
                    bodyBytes += line.size
                    state = .chunkData(remaining: line.size)
                }
                return true
            }
            if byte == HTTPSyntax.cr {
                guard line.digits > 0 else { throw chunkError(.invalidChunkSize, input, position, line) }
                line.sawCR = true
            } else if byte == HTTPSyntax.lf {
                throw chunkError(line.digits > 0 ? .bareLineFeed : .invalidChunkSize, input, position, line)
            } else if line.inExtension {
                line.extensionLength += 1
                chunkExtensionBytes += 1
                guard line.extensionLength <= configuration.maxChunkExtensionBytes,
                    chunkExtensionBytes <= configuration.maxTotalChunkExtensionBytes
                else {
                    throw chunkError(.chunkExtensionTooLong, input, position, line)
                }
                guard HTTPSyntax.isFieldValueByte(byte) else {
                    throw chunkError(.invalidChunkExtension, input, position, line)
                }
            } else if let value = Hex.value(of: byte) {
                let digit = Int64(value)
                guard line.size <= (Int64.max - digit) / 16 else {
                    throw chunkError(.chunkSizeOverflow, input, position, line)
                }
                line.size = line.size * 16 + digit
                line.digits += 1
                guard line.digits <= configuration.maxChunkSizeBytes else {
                    throw chunkError(.chunkSizeLineTooLong, input, position, line)
                }
            } else if byte == HTTPSyntax.semicolon && line.digits > 0 {
                line.inExtension = true
            } else {
                throw chunkError(.invalidChunkSize, input, position, line)
            }
            position += 1
            line.length += 1
        }
        chunkLine = line
        return false
    }

    /// An error in a chunk-size line: the excerpt starts where the line starts in this input.
    private func chunkError(
        _ code: HTTPParseError.Code,
        _ input: UnsafeRawBufferPointer,
        _ position: Int,
        _ line: ChunkLine,
        offset: Int? = nil
    ) -> HTTPParseError {
        let start = position - min(line.length, position)
        return HTTPParseError(
            code: code,
            value: HTTPParseError.excerpt(input[start...]),
            offset: messageConsumed + (offset ?? position)
        )
    }
}
