import BoomerangSerialization

/// Line-oriented parts of the request: request line, header fields and trailer fields.
extension HTTPRequestParser {
    /// What reading one line gave.
    enum LineOutcome {
        /// All input was consumed inside an unfinished line.
        case needsMore
        /// A line was handled.
        case handled
        /// The empty line ending the head was handled: the head waits in `completedHead`.
        case headComplete
    }

    /// Reads one line of the head or trailers, bounded by the limits, and handles it.
    mutating func readLine(_ input: UnsafeRawBufferPointer, _ position: inout Int) throws(HTTPParseError) -> LineOutcome {
        guard position < input.count else { return .needsMore }
        var limit = configuration.maxHeaderBytes - sectionBytes
        var limitCode = HTTPParseError.Code.headersTooLarge
        if case .requestLine = state, configuration.maxRequestLineBytes + 2 <= limit {
            limit = configuration.maxRequestLineBytes + 2
            limitCode = .requestLineTooLong
        }
        let buffered = partialLine.count
        let lineStart = messageConsumed + position - buffered
        let room = limit - buffered
        let available = input.count - position
        let searchEnd = position + max(0, min(available, room))
        let newline = HTTPSyntax.firstIndex(of: HTTPSyntax.lf, in: input, from: position, to: searchEnd)
        if newline == searchEnd {
            if available > 0 && available >= room {
                if case .requestLine = state {
                    // A bad method byte before the one that passes the limit comes first in the
                    // stream: it is the error whether that byte arrived alone or with the rest.
                    try checkPartialMethod(input, from: position, to: position + max(0, room - 1), lineStart: lineStart)
                }
                var excerpt = Array(partialLine.prefix(HTTPParseError.maxExcerptBytes))
                excerpt.append(contentsOf: input[position...].prefix(HTTPParseError.maxExcerptBytes - excerpt.count))
                let overflowAt = limitCode == .requestLineTooLong ? configuration.maxRequestLineBytes : limit
                throw HTTPParseError(code: limitCode, value: HTTPParseError.excerpt(excerpt), offset: lineStart + overflowAt)
            }
            if case .requestLine = state {
                try checkPartialMethod(input, from: position, to: input.count, lineStart: lineStart)
            }
            partialLine.append(contentsOf: input[position...])
            position = input.count
            return .needsMore
        }
        sectionBytes += buffered + (newline - position) + 1
        if buffered == 0 {
            if configuration.keepsRawHead {
                extendRawHeadRun(from: position, through: newline, in: input)
            }
            let line = UnsafeRawBufferPointer(rebasing: input[position..<newline])
            position = newline + 1
            return try handleLine(line, at: lineStart)
        }
        var line: [UInt8] = []
        swap(&line, &partialLine)
        line.append(contentsOf: input[position...newline])
        position = newline + 1
        let result: Result<LineOutcome, HTTPParseError> = line.withUnsafeBytes { bytes in
            if configuration.keepsRawHead && keepsRawLine {
                flushRawHeadRun(input)
                rawHead.append(contentsOf: bytes)
            }
            do throws(HTTPParseError) {
                return .success(try handleLine(UnsafeRawBufferPointer(rebasing: bytes.dropLast()), at: lineStart))
            } catch {
                return .failure(error)
            }
        }
        line.removeAll(keepingCapacity: true)
        partialLine = line
        return try result.get()
    }

    /// Whether the line being read belongs to the raw head (the request line and header fields).
    private var keepsRawLine: Bool {
        switch state {
        case .requestLine, .headerLines: return true
        default: return false
        }
    }

    /// Adds `input[start...end]`, a line of the head with its LF, to the run of raw head bytes
    /// waiting in `input`: lines that follow each other in one buffer are copied in one go, when
    /// the run ends (at the end of the head or of the `parse` call).
    @inline(__always)
    private mutating func extendRawHeadRun(from start: Int, through end: Int, in input: UnsafeRawBufferPointer) {
        guard keepsRawLine else { return }
        if rawRunStart < 0 || rawRunEnd != start {
            flushRawHeadRun(input)
            rawRunStart = start
        }
        rawRunEnd = end + 1
        if end - start <= 1, case .headerLines = state {
            // The empty line: the head is complete and `finishHead` takes the raw head.
            flushRawHeadRun(input)
        }
    }

    /// Copies the run of raw head bytes waiting in `input` into `rawHead`.
    mutating func flushRawHeadRun(_ input: UnsafeRawBufferPointer) {
        guard rawRunStart >= 0 else { return }
        rawHead.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[rawRunStart..<rawRunEnd]))
        rawRunStart = -1
    }

    /// Rejects a request line whose method has a byte that is not a token byte (a TLS handshake,
    /// binary noise) as soon as it arrives, instead of waiting for a line end that may never come.
    /// Looks at `input[position..<end]` after the buffered `partialLine`.
    private func checkPartialMethod(
        _ input: UnsafeRawBufferPointer, from position: Int, to end: Int, lineStart: Int
    ) throws(HTTPParseError) {
        if partialLine.contains(HTTPSyntax.space) || partialLine.contains(HTTPSyntax.cr) { return }
        var index = position
        while index < end && HTTPSyntax.isTokenByte(input[index]) { index += 1 }
        guard index < end else { return }
        var prefix = partialLine
        prefix.append(contentsOf: input[position...index])
        let error = prefix.withUnsafeBytes { Self.methodError(in: $0, lineStart: lineStart) }
        if let error { throw error }
    }

    /// The error for the first byte of a request line's method that is neither a token byte nor
    /// the SP that ends the method; a CR stops the scan (CR LF ends the line, a bare CR is
    /// reported by the line checks). The same rule runs on partial and on whole lines, so the
    /// outcome never depends on how the input was split.
    static func methodError(in line: UnsafeRawBufferPointer, lineStart: Int) -> HTTPParseError? {
        for index in 0..<line.count {
            let byte = line[index]
            if HTTPSyntax.isTokenByte(byte) { continue }
            if byte == HTTPSyntax.space || byte == HTTPSyntax.cr { return nil }
            return invalidByte(byte, code: .invalidMethod, value: UnsafeRawBufferPointer(rebasing: line[0...index]), offset: lineStart + index)
        }
        return nil
    }

    /// Handles a line without its LF; `line` may still end with the CR.
    private mutating func handleLine(_ line: UnsafeRawBufferPointer, at lineStart: Int) throws(HTTPParseError) -> LineOutcome {
        if case .requestLine = state, let error = Self.methodError(in: line, lineStart: lineStart) {
            throw error
        }
        var end = line.count
        if end > 0 && line[end - 1] == HTTPSyntax.cr {
            end -= 1
        } else if !configuration.allowsBareLineFeed {
            throw HTTPParseError(
                code: .bareLineFeed,
                value: HTTPParseError.excerpt(line.suffix(HTTPParseError.maxExcerptBytes)),
                offset: lineStart + line.count
            )
        }
        let content = UnsafeRawBufferPointer(rebasing: line[0..<end])
        switch state {
        case .requestLine:
            if content.isEmpty {
                if configuration.ignoresLeadingEmptyLines { return .handled }
                throw HTTPParseError(code: .leadingEmptyLine, value: HTTPParseError.excerpt(line), offset: lineStart)
            }
            if content.count > configuration.maxRequestLineBytes {
                throw HTTPParseError(
                    code: .requestLineTooLong,
                    value: HTTPParseError.excerpt(content),
                    offset: lineStart + configuration.maxRequestLineBytes
                )
            }
            try parseRequestLine(content, at: lineStart)
            headers.reserveCapacity(16)
            state = .headerLines
            return .handled
        case .headerLines:
            if content.isEmpty {
                completedHead = try finishHead(at: lineStart)
                return .headComplete
            }
            try parseFieldLine(content, at: lineStart, isTrailer: false)
            return .handled
        default:
            if content.isEmpty {
                state = .complete
                return .handled
            }
            try parseFieldLine(content, at: lineStart, isTrailer: true)
            return .handled
        }
    }

    /// `request-line = method SP request-target SP HTTP-version`
    /// ([RFC 9112 §3](https://www.rfc-editor.org/rfc/rfc9112#section-3)).
    private mutating func parseRequestLine(_ line: UnsafeRawBufferPointer, at lineStart: Int) throws(HTTPParseError) {
        let count = line.count
        var methodEnd = 0
        while methodEnd < count && HTTPSyntax.isTokenByte(line[methodEnd]) {
            methodEnd += 1
        }
        guard methodEnd < count else {
            throw HTTPParseError(code: .invalidRequestLine, value: HTTPParseError.excerpt(line), offset: lineStart + count)
        }
        guard methodEnd > 0, line[methodEnd] == HTTPSyntax.space else {
            throw Self.invalidByte(
                line[methodEnd],
                code: .invalidMethod,
                value: UnsafeRawBufferPointer(rebasing: line[0...methodEnd]),
                offset: lineStart + methodEnd
            )
        }
        var lastSpace = count - 1
        while lastSpace > methodEnd && line[lastSpace] != HTTPSyntax.space {
            lastSpace -= 1
        }
        guard lastSpace > methodEnd else {
            throw HTTPParseError(code: .invalidRequestLine, value: HTTPParseError.excerpt(line), offset: lineStart + count)
        }
        let targetRange = (methodEnd + 1)..<lastSpace
        let targetBytes = UnsafeRawBufferPointer(rebasing: line[targetRange])
        guard !targetRange.isEmpty else {
            throw HTTPParseError(code: .invalidTarget, value: "", offset: lineStart + targetRange.lowerBound)
        }
        let plainEnd = HTTPSyntax.plainPrefixEnd(
            line,
            from: targetRange.lowerBound, to: targetRange.upperBound,
            minimum: 0x21,
            excluding: UInt8(ascii: "#")
        )
        for index in plainEnd..<targetRange.upperBound where !HTTPSyntax.isTargetByte(line[index]) {
            throw Self.invalidByte(line[index], code: .invalidTarget, value: targetBytes, offset: lineStart + index)
        }
        version = try Self.parseVersion(
            UnsafeRawBufferPointer(rebasing: line[(lastSpace + 1)...]), at: lineStart + lastSpace + 1,
            acceptsHTTP2: configuration.acceptsHTTP2Heads)
        let methodBytes = UnsafeRawBufferPointer(rebasing: line[0..<methodEnd])
        isHead = methodEnd == 4 && methodBytes[0] == UInt8(ascii: "H") && methodBytes[1] == UInt8(ascii: "E")
            && methodBytes[2] == UInt8(ascii: "A") && methodBytes[3] == UInt8(ascii: "D")
        method = Self.knownMethod(methodBytes)
        target = String(decoding: targetBytes, as: UTF8.self)
    }

    /// `HTTP-version = "HTTP/" DIGIT "." DIGIT`; only 1.0 and 1.1 are supported (and 2.0 for a
    /// recorded HTTP/2 head, when the configuration accepts it).
    private static func parseVersion(_ bytes: UnsafeRawBufferPointer, at offset: Int, acceptsHTTP2: Bool) throws(HTTPParseError) -> HTTPVersion {
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard bytes.count == 8, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"),
            bytes[2] == UInt8(ascii: "T"), bytes[3] == UInt8(ascii: "P"), bytes[4] == UInt8(ascii: "/"),
            digit.contains(bytes[5]), bytes[6] == UInt8(ascii: "."), digit.contains(bytes[7])
        else {
            if let cr = bytes.firstIndex(of: HTTPSyntax.cr) {
                throw HTTPParseError(code: .bareCarriageReturn, value: HTTPParseError.excerpt(bytes), offset: offset + cr)
            }
            throw HTTPParseError(code: .invalidVersion, value: HTTPParseError.excerpt(bytes), offset: offset)
        }
        let version = HTTPVersion(major: Int(bytes[5] - digit.lowerBound), minor: Int(bytes[7] - digit.lowerBound))
        guard (version.major == 1 && version.minor <= 1) || (acceptsHTTP2 && version == .http2) else {
            throw HTTPParseError(code: .unsupportedVersion, value: HTTPParseError.excerpt(bytes), offset: offset)
        }
        return version
    }

    /// `field-line = field-name ":" OWS field-value OWS`
    /// ([RFC 9112 §5](https://www.rfc-editor.org/rfc/rfc9112#section-5)).
    private mutating func parseFieldLine(_ line: UnsafeRawBufferPointer, at lineStart: Int, isTrailer: Bool) throws(HTTPParseError) {
        let count = line.count
        if HTTPSyntax.isWhitespace(line[0]) {
            try foldLine(line, at: lineStart, isTrailer: isTrailer)
            return
        }
        var nameEnd = 0
        while nameEnd < count && HTTPSyntax.isTokenByte(line[nameEnd]) {
            nameEnd += 1
        }
        guard nameEnd < count else {
            throw HTTPParseError(code: .missingColon, value: HTTPParseError.excerpt(line), offset: lineStart + count)
        }
        guard line[nameEnd] == HTTPSyntax.colon else {
            throw Self.invalidByte(
                line[nameEnd],
                code: .invalidHeaderName,
                value: UnsafeRawBufferPointer(rebasing: line[0...nameEnd]),
                offset: lineStart + nameEnd
            )
        }
        guard nameEnd > 0 else {
            throw HTTPParseError(code: .emptyHeaderName, value: HTTPParseError.excerpt(line), offset: lineStart)
        }
        var valueStart = nameEnd + 1
        while valueStart < count && HTTPSyntax.isWhitespace(line[valueStart]) {
            valueStart += 1
        }
        var valueEnd = count
        while valueEnd > valueStart && HTTPSyntax.isWhitespace(line[valueEnd - 1]) {
            valueEnd -= 1
        }
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart..<valueEnd])
        let isASCII = try Self.checkFieldValue(value, at: lineStart + valueStart)
        fieldCount += 1
        sectionFieldCount += 1
        guard fieldCount <= configuration.maxHeaderCount else {
            throw HTTPParseError(code: .tooManyHeaders, value: HTTPParseError.excerpt(line), offset: lineStart)
        }
        let nameRange = 0..<nameEnd
        if isTrailer {
            lastFieldIsFraming = false
            guard configuration.keepsTrailers else { return }
            trailers.add(
                name: String(decoding: UnsafeRawBufferPointer(rebasing: line[nameRange]), as: UTF8.self),
                value: HTTPSyntax.decodeFieldValue(value, isASCII: isASCII)
            )
            return
        }
        lastFieldIsFraming = try checkFramingField(line, name: nameRange, value: value, at: lineStart + valueStart)
        let nameBytes = UnsafeRawBufferPointer(rebasing: line[nameRange])
        headers.add(
            name: Self.fieldName(nameBytes),
            value: HTTPSyntax.decodeFieldValue(value, isASCII: isASCII),
            nameKey: HTTPHeaders.NameKey(nameBytes)
        )
    }

    /// Joins an obs-fold line to the previous field of its section when allowed.
    private mutating func foldLine(_ line: UnsafeRawBufferPointer, at lineStart: Int, isTrailer: Bool) throws(HTTPParseError) {
        guard configuration.allowsObsoleteLineFolding, sectionFieldCount > 0, !lastFieldIsFraming else {
            throw HTTPParseError(code: .obsoleteLineFolding, value: HTTPParseError.excerpt(line), offset: lineStart)
        }
        var start = 0
        while start < line.count && HTTPSyntax.isWhitespace(line[start]) {
            start += 1
        }
        var end = line.count
        while end > start && HTTPSyntax.isWhitespace(line[end - 1]) {
            end -= 1
        }
        let value = UnsafeRawBufferPointer(rebasing: line[start..<end])
        let isASCII = try Self.checkFieldValue(value, at: lineStart + start)
        let text = " " + HTTPSyntax.decodeFieldValue(value, isASCII: isASCII)
        if !isTrailer {
            headers.appendToLastValue(text)
        } else if configuration.keepsTrailers {
            trailers.appendToLastValue(text)
        }
    }

    /// Checks the bytes of a field value; returns whether they are all ASCII.
    private static func checkFieldValue(_ value: UnsafeRawBufferPointer, at offset: Int) throws(HTTPParseError) -> Bool {
        var high: UInt8 = 0
        let plainEnd = HTTPSyntax.plainPrefixEnd(value, from: 0, to: value.count, minimum: 0x20, excluding: 0x7F)
        for index in plainEnd..<value.count {
            let byte = value[index]
            guard HTTPSyntax.isFieldValueByte(byte) else {
                throw invalidByte(byte, code: .invalidHeaderValue, value: value, offset: offset + index)
            }
            high |= byte
        }
        return high < 0x80
    }

    /// An error for an unexpected byte, naming a bare CR as such.
    static func invalidByte(_ byte: UInt8, code: HTTPParseError.Code, value: UnsafeRawBufferPointer, offset: Int) -> HTTPParseError {
        HTTPParseError(code: byte == HTTPSyntax.cr ? .bareCarriageReturn : code, value: HTTPParseError.excerpt(value), offset: offset)
    }
}
