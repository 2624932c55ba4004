import BoomerangSerialization

/// The fields that decide message framing and connection handling, and the end of the head.
extension HTTPRequestParser {
    /// Checks Host, Expect, Connection, Content-Length and Transfer-Encoding as they arrive.
    ///
    /// - Returns: whether the field is one of these (obs-fold onto them is never accepted).
    mutating func checkFramingField(
        _ line: UnsafeRawBufferPointer,
        name: Range<Int>,
        value: UnsafeRawBufferPointer,
        at offset: Int
    ) throws(HTTPParseError) -> Bool {
        switch name.count {
        case 4 where HTTPSyntax.equalsIgnoringCase(line, name, "host"):
            guard !hostSeen else {
                throw HTTPParseError(code: .duplicateHost, value: HTTPParseError.excerpt(value), offset: offset)
            }
            hostSeen = true
            for index in 0..<value.count where !HTTPSyntax.isHostByte(value[index]) {
                throw HTTPParseError(code: .invalidHost, value: HTTPParseError.excerpt(value), offset: offset + index)
            }
        case 6 where HTTPSyntax.equalsIgnoringCase(line, name, "expect"):
            guard HTTPSyntax.equalsIgnoringCase(value, 0..<value.count, "100-continue") else {
                throw HTTPParseError(code: .unsupportedExpectation, value: HTTPParseError.excerpt(value), offset: offset)
            }
            expectsContinue = version.minor >= 1
        case 10 where HTTPSyntax.equalsIgnoringCase(line, name, "connection"):
            var start = 0
            while start <= value.count {
                let element = Self.listElement(value, from: start)
                if HTTPSyntax.equalsIgnoringCase(value, element.trimmed, "close") {
                    connectionClose = true
                } else if HTTPSyntax.equalsIgnoringCase(value, element.trimmed, "keep-alive") {
                    connectionKeepAlive = true
                } else if HTTPSyntax.equalsIgnoringCase(value, element.trimmed, "upgrade") {
                    connectionUpgrade = true
                }
                start = element.next
            }
        case 14 where HTTPSyntax.equalsIgnoringCase(line, name, "content-length"):
            let length = try Self.parseContentLength(value, at: offset)
            if let previous = contentLength {
                guard previous == length else {
                    throw HTTPParseError(code: .conflictingContentLength, value: HTTPParseError.excerpt(value), offset: offset)
                }
            } else {
                contentLength = length
                contentLengthOffset = offset
            }
        case 17 where HTTPSyntax.equalsIgnoringCase(line, name, "transfer-encoding"):
            guard transferEncodingOffset == nil else {
                throw HTTPParseError(code: .duplicateTransferEncoding, value: HTTPParseError.excerpt(value), offset: offset)
            }
            try Self.checkTransferEncoding(value, at: offset)
            transferEncodingOffset = offset
        default:
            return false
        }
        return true
    }

    /// `Content-Length = 1*DIGIT` ([RFC 9110 §8.6](https://www.rfc-editor.org/rfc/rfc9110#section-8.6)).
    private static func parseContentLength(_ value: UnsafeRawBufferPointer, at offset: Int) throws(HTTPParseError) -> Int64 {
        guard !value.isEmpty else {
            throw HTTPParseError(code: .invalidContentLength, value: "", offset: offset)
        }
        var length: Int64 = 0
        var overflow = false
        for index in 0..<value.count {
            let digit = value[index] &- UInt8(ascii: "0")
            guard digit < 10 else {
                throw HTTPParseError(code: .invalidContentLength, value: HTTPParseError.excerpt(value), offset: offset + index)
            }
            if !overflow {
                let (times10, o1) = length.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int64(digit))
                overflow = o1 || o2
                length = sum
            }
        }
        guard !overflow else {
            throw HTTPParseError(code: .contentLengthOverflow, value: HTTPParseError.excerpt(value), offset: offset)
        }
        return length
    }

    /// Only exactly `chunked` (in any case) is supported; other well-formed codings get 501.
    private static func checkTransferEncoding(_ value: UnsafeRawBufferPointer, at offset: Int) throws(HTTPParseError) {
        if HTTPSyntax.equalsIgnoringCase(value, 0..<value.count, "chunked") { return }
        var start = 0
        while start <= value.count {
            let element = listElement(value, from: start)
            guard !element.trimmed.isEmpty else {
                throw HTTPParseError(code: .invalidTransferEncoding, value: HTTPParseError.excerpt(value), offset: offset + element.trimmed.lowerBound)
            }
            for index in element.trimmed where !HTTPSyntax.isTokenByte(value[index]) {
                throw HTTPParseError(code: .invalidTransferEncoding, value: HTTPParseError.excerpt(value), offset: offset + index)
            }
            start = element.next
        }
        throw HTTPParseError(code: .unsupportedTransferEncoding, value: HTTPParseError.excerpt(value), offset: offset)
    }

    /// The element of a comma-separated list starting at `start`, without OWS, and where the next
    /// element starts (past the end when this was the last).
    private static func listElement(_ value: UnsafeRawBufferPointer, from start: Int) -> (trimmed: Range<Int>, next: Int) {
        var end = start
        while end < value.count && value[end] != HTTPSyntax.comma {
            end += 1
        }
        return (HTTPSyntax.trimmingWhitespace(value[start..<end]).indices, end + 1)
    }

    /// Takes the framing and connection decisions at the empty line ending the head.
    mutating func finishHead(at offset: Int) throws(HTTPParseError) -> HTTPRequestHead {
        if version.minor == 1 && !hostSeen && !configuration.allowsMissingHost {
            throw HTTPParseError(code: .missingHost, value: "", offset: offset)
        }
        let framing: HTTPRequestHead.Framing
        if let encodingOffset = transferEncodingOffset {
            if version.minor == 0 {
                throw HTTPParseError(code: .transferEncodingOnHTTP10, value: "chunked", offset: encodingOffset)
            }
            if contentLength != nil {
                throw HTTPParseError(code: .contentLengthWithTransferEncoding, value: "chunked", offset: encodingOffset)
            }
            if isHead {
                throw HTTPParseError(code: .bodyNotAllowed, value: "chunked", offset: encodingOffset)
            }
            framing = .chunked
            state = .chunkSizeLine
        } else if let length = contentLength {
            if isHead && length > 0 {
                throw HTTPParseError(code: .bodyNotAllowed, value: String(length), offset: contentLengthOffset)
            }
            if length > configuration.maxBodyBytes {
                throw HTTPParseError(code: .bodyTooLarge, value: String(length), offset: contentLengthOffset)
            }
            framing = .contentLength(length)
            state = length > 0 ? .fixedBody(remaining: length) : .complete
        } else {
            framing = .none
            state = .complete
        }
        // The target, fields and raw bytes are moved into the head, not copied and then released.
        var movedTarget = ""
        swap(&movedTarget, &target)
        var movedHeaders = HTTPHeaders()
        swap(&movedHeaders, &headers)
        var movedRawHead: [UInt8] = []
        swap(&movedRawHead, &rawHead)
        var head = HTTPRequestHead(
            method: method,
            target: movedTarget,
            version: version,
            headers: movedHeaders,
            framing: framing,
            keepAlive: !connectionClose && (version.minor == 1 || connectionKeepAlive),
            expectsContinue: expectsContinue,
            rawHead: configuration.keepsRawHead ? movedRawHead : nil
        )
        head.connectionListsUpgrade = connectionUpgrade
        sectionFieldCount = 0
        lastFieldIsFraming = false
        return head
    }
}
