/// Part headers: the header block of each part, line by line, within the configured limits.
extension MultipartParser {
    mutating func beginHeaders(at offset: Int64) throws(MultipartParserError) {
        guard partCount < configuration.maxPartCount else {
            throw MultipartParserError(code: .tooManyParts, value: Array(boundary.utf8), offset: offset)
        }
        partCount += 1
        headerBlock.removeAll(keepingCapacity: true)
        headerBlockOffset = offset
        lineStart = 0
        headerSawCR = false
        headers = HTTPHeaders()
        state = .headers
    }

    mutating func headerBytes(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ index: inout Int,
        _ handler: (Event) -> Void
    ) throws(MultipartParserError) {
        while index < count {
            let byte = bytes[index]
            let offset = consumed + Int64(index)
            guard headerBlock.count < configuration.maxHeaderBytes else {
                throw headerError(.headerBlockTooLarge, offset: offset)
            }
            if headerSawCR {
                guard byte == HTTPSyntax.lf else {
                    let code: MultipartParserError.Code =
                        headerBlock.count - 1 == lineStart ? .badEndOfHeaders : .invalidHeaderByte
                    throw headerError(code, offset: offset - 1)
                }
                headerSawCR = false
                headerBlock.append(byte)
                index += 1
                if headerBlock.count - 2 == lineStart {
                    finishHeaders(handler)
                    return
                }
                try parseHeaderLine(end: headerBlock.count - 2)
                lineStart = headerBlock.count
            } else if byte == HTTPSyntax.cr {
                headerSawCR = true
                headerBlock.append(byte)
                index += 1
            } else if byte == HTTPSyntax.lf {
                throw headerError(
                    headerBlock.count == lineStart ? .badEndOfHeaders : .invalidHeaderByte,
                    offset: offset
                )
            } else {
                if headerBlock.count - lineStart >= configuration.maxHeaderLineBytes {
                    throw headerError(.headerLineTooLong, offset: offset)
                }
                headerBlock.append(byte)
                index += 1
            }
        }
    }

    func headerError(_ code: MultipartParserError.Code, offset: Int64) -> MultipartParserError {
        MultipartParserError(code: code, value: MultipartParserError.excerpt(headerBlock[lineStart...]), offset: offset)
    }

    mutating func parseHeaderLine(end: Int) throws(MultipartParserError) {
        let line = headerBlock[lineStart..<end]
        let lineOffset = headerBlockOffset + Int64(lineStart)
        func failure(_ code: MultipartParserError.Code, at index: Int) -> MultipartParserError {
            MultipartParserError(
                code: code,
                value: MultipartParserError.excerpt(line),
                offset: headerBlockOffset + Int64(index)
            )
        }
        guard headers.count < configuration.maxHeaderCount else {
            throw MultipartParserError(
                code: .tooManyHeaderLines,
                value: MultipartParserError.excerpt(line),
                offset: lineOffset
            )
        }
        guard let colon = line.firstIndex(of: HTTPSyntax.colon) else {
            throw MultipartParserError(
                code: .headerLineWithoutColon,
                value: MultipartParserError.excerpt(line),
                offset: lineOffset
            )
        }
        guard colon > line.startIndex else { throw failure(.invalidHeaderByte, at: colon) }
        for index in line.startIndex..<colon where !HTTPSyntax.isTokenByte(headerBlock[index]) {
            throw failure(.invalidHeaderByte, at: index)
        }
        var valueStart = colon + 1
        var valueEnd = end
        for index in valueStart..<valueEnd {
            let byte = headerBlock[index]
            if byte < 0x20 && byte != HTTPSyntax.tab || byte == 0x7F {
                throw failure(.invalidHeaderByte, at: index)
            }
        }
        while valueStart < valueEnd, headerBlock[valueStart] == HTTPSyntax.space || headerBlock[valueStart] == HTTPSyntax.tab {
            valueStart += 1
        }
        if let opening = Self.unclosedQuote(in: headerBlock[valueStart..<valueEnd]),
            HTTPHeaders.namesMatch(String(decoding: headerBlock[line.startIndex..<colon], as: UTF8.self), "Content-Disposition")
        {
            // A quoted name or filename runs to the next quote (AFNetworking escapes nothing): with
            // none, where it ends is unknown.
            throw failure(.unterminatedQuotedString, at: opening)
        }
        while valueEnd > valueStart, headerBlock[valueEnd - 1] == HTTPSyntax.space || headerBlock[valueEnd - 1] == HTTPSyntax.tab {
            valueEnd -= 1
        }
        headers.add(
            name: String(decoding: headerBlock[line.startIndex..<colon], as: UTF8.self),
            value: String(decoding: headerBlock[valueStart..<valueEnd], as: UTF8.self)
        )
    }

    /// The index of a quote that no later quote closes, in a value whose quoted strings have no
    /// escapes.
    static func unclosedQuote(in value: ArraySlice<UInt8>) -> Int? {
        var opening: Int?
        for index in value.indices where value[index] == UInt8(ascii: "\"") {
            opening = opening == nil ? index : nil
        }
        return opening
    }

    mutating func finishHeaders(_ handler: (Event) -> Void) {
        let head = MultipartPartHead(headers: headers, rawHeaders: Array(headerBlock[..<lineStart]))
        inPart = true
        matched = 0
        state = .body
        handler(.partBegin(head))
    }
}
