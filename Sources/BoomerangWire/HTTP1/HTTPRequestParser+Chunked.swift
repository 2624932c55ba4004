import BoomerangSerialization

/// The chunked transfer coding ([RFC 9112 §7.1](https://www.rfc-editor.org/rfc/rfc9112#section-7.1)).
extension HTTPRequestParser {
    /// The state of a chunk-size line read so far.
    struct ChunkLine: Sendable {
        var size: Int64 = 0
        var digits = 0
        var inExtension: Bool { syntax != .size }
        var syntax = ExtensionSyntax.size
        var extensionLength = 0
        var sawCR = false
        var length = 0
    }

    /// Where a chunk-size line is in the grammar of RFC 9112 §7.1.1:
    /// `chunk-size *( BWS ";" BWS token [ BWS "=" BWS ( token / quoted-string ) ] ) CRLF`.
    enum ExtensionSyntax: Sendable, Equatable {
        /// Hexadecimal digits.
        case size
        /// Whitespace after the size, a name or a value: only more of it, `;` (or `=` after a name).
        case whitespace(afterName: Bool)
        /// After `;`: whitespace, then a name.
        case beforeName
        case name
        /// After `=`: whitespace, then a token or a quoted string.
        case beforeValue
        case token
        case quoted
        /// After a backslash inside a quoted string.
        case quotedPair
        /// After the closing quote.
        case closed

        /// Whether CRLF may end the line here.
        var canEnd: Bool {
            switch self {
            case .size, .name, .token, .closed: true
            default: false
            }
        }

        /// The state after `byte`, or `nil` when the grammar does not allow it here.
        func next(_ byte: UInt8) -> ExtensionSyntax? {
            let isSpace = byte == HTTPSyntax.space || byte == HTTPSyntax.tab
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), equals = UInt8(ascii: "=")
            switch self {
            case .size:
                if isSpace { return .whitespace(afterName: false) }
                return byte == HTTPSyntax.semicolon ? .beforeName : nil
            case .whitespace(let afterName):
                if isSpace { return self }
                if byte == HTTPSyntax.semicolon { return .beforeName }
                return afterName && byte == equals ? .beforeValue : nil
            case .beforeName:
                if isSpace { return self }
                return HTTPSyntax.isTokenByte(byte) ? .name : nil
            case .name:
                if HTTPSyntax.isTokenByte(byte) { return self }
                if isSpace { return .whitespace(afterName: true) }
                if byte == equals { return .beforeValue }
                return byte == HTTPSyntax.semicolon ? .beforeName : nil
            case .beforeValue:
                if isSpace { return self }
                if byte == quote { return .quoted }
                return HTTPSyntax.isTokenByte(byte) ? .token : nil
            case .token:
                if HTTPSyntax.isTokenByte(byte) { return self }
                if isSpace { return .whitespace(afterName: false) }
                return byte == HTTPSyntax.semicolon ? .beforeName : nil
            case .quoted:
                if byte == quote { return .closed }
                if byte == backslash { return .quotedPair }
                // qdtext: HTAB, SP, VCHAR except DQUOTE and backslash, obs-text.
                return isSpace || (byte >= 0x21 && byte != 0x7F) ? self : nil
            case .quotedPair:
                return isSpace || (byte >= 0x21 && byte != 0x7F) ? .quoted : nil
            case .closed:
                if isSpace { return .whitespace(afterName: false) }
                return byte == HTTPSyntax.semicolon ? .beforeName : nil
            }
        }
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
                guard line.syntax.canEnd else { throw chunkError(.invalidChunkExtension, input, position, line) }
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
                guard let next = line.syntax.next(byte) else {
                    throw chunkError(.invalidChunkExtension, input, position, line)
                }
                line.syntax = next
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
            } else if line.digits > 0, let next = line.syntax.next(byte) {
                // The first byte after the size: `;` or the bad whitespace before it (not counted
                // against the extension caps, which count from the byte after it).
                line.syntax = next
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
