/// A ``StructuredSink`` that writes JSON text as the document is given, with exactly the output
/// ``JSONWriter`` gives for the same tree (same configuration), but without the tree.
///
/// ```swift
/// var stream = JSONStreamWriter(configuration: .pretty)
/// stream.beginObject()
/// stream.member("url", string: "http://localhost/get")
/// stream.endObject()
/// let body = stream.finish()
/// ```
public struct JSONStreamWriter: ~Copyable, StructuredSink {
    public typealias Failure = FormatWriterError

    private let writer: JSONWriter
    private let pretty: Bool
    private var output: RawOutput
    private var depth = 0
    /// Bit `d` set: the container at depth `d + 1` has no member yet.
    private var empty: UInt64 = 0
    private var afterKey = false

    /// Creates a writer with room for `capacity` bytes before it grows.
    public init(configuration: JSONWriterConfiguration = .compact, capacity: Int = 1024) {
        writer = JSONWriter(configuration: configuration)
        pretty = configuration.pretty
        output = RawOutput(capacity: capacity)
    }

    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    public mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    public mutating func key(_ key: String) {
        separate()
        writer.writeString(key, into: &output)
        endKey()
    }

    public mutating func key(utf8 key: UnsafeBufferPointer<UInt8>) {
        separate()
        writer.writeQuoted(key, into: &output)
        endKey()
    }

    /// Copies the key as it is, without looking for bytes to escape.
    public mutating func key(literal key: StaticString) {
        guard key.hasPointerRepresentation else {
            self.key(key.description)
            return
        }
        let length = key.utf8CodeUnitCount
        assert(
            UnsafeBufferPointer(start: key.utf8Start, count: length).allSatisfy {
                $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
            }, "a literal key that needs an escape")
        separate()
        output.reserve(length + 4)
        output.appendUnchecked(UInt8(ascii: "\""))
        output.appendUnchecked(key.utf8Start, count: length)
        output.appendUnchecked(UInt8(ascii: "\""))
        output.appendUnchecked(UInt8(ascii: ":"))
        if pretty { output.appendUnchecked(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// Title-cases in place in the output, eight bytes at a time, checking for bytes to escape
    /// in the same pass (a header name has none: it is a token).
    public mutating func key(titleCasing name: String) {
        let done: Void? = name.utf8.withContiguousStorageIfAvailable { writeTitleCasedKey($0) }
        if done == nil {
            var copy = name
            copy.withUTF8 { writeTitleCasedKey($0) }
        }
    }

    /// Writes `[first, second]` without a call per part.
    public mutating func stringPair(_ first: String, _ second: String) {
        beforeValue()
        precondition(depth < 63, "streamed containers nest too deep")
        output.append(UInt8(ascii: "["))
        if pretty { writer.newline(depth: depth + 1, into: &output) }
        writer.writeString(first, into: &output)
        output.append(UInt8(ascii: ","))
        if pretty { writer.newline(depth: depth + 1, into: &output) }
        writer.writeString(second, into: &output)
        if pretty { writer.newline(depth: depth, into: &output) }
        output.append(UInt8(ascii: "]"))
    }

    public mutating func string(_ text: String) {
        beforeValue()
        writer.writeString(text, into: &output)
    }

    public mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        beforeValue()
        writer.writeQuoted(text, into: &output)
    }

    /// Writes `value` whole.
    ///
    /// - Throws: ``FormatWriterError`` when the value nests deeper than the configuration's
    ///   `maxDepth`, counting the containers it is written in.
    public mutating func value(_ value: StructuredValue) throws(FormatWriterError) {
        beforeValue()
        try writer.writeValue(value, depth: depth, into: &output)
    }

    /// Copies `text` as it is: its own spacing, no indentation, `/` and non-ASCII unescaped
    /// whatever the configuration.
    public mutating func verbatimJSON(_ text: UnsafeBufferPointer<UInt8>, validatedBy parser: JSONParser) {
        beforeValue()
        guard let start = text.baseAddress, !text.isEmpty else { return }
        output.reserve(text.count)
        output.appendUnchecked(start, count: text.count)
    }

    /// The text written, with the configuration's trailing newline.
    ///
    /// - Precondition: every container opened was closed.
    public consuming func finish() -> [UInt8] {
        precondition(depth == 0, "a container is still open")
        if writer.configuration.trailingNewline { output.append(UInt8(ascii: "\n")) }
        return output.makeArray()
    }

    private mutating func writeTitleCasedKey(_ name: UnsafeBufferPointer<UInt8>) {
        separate()
        let length = name.count
        if let source = name.baseAddress, length > 0 {
            // Whole words are read and written back: the room reserved covers the last one.
            output.reserve(length + 12)
            let quoteAt = output.count
            output.appendUnchecked(UInt8(ascii: "\""))
            let start = UnsafeMutableRawPointer(output.base + output.count)
            output.appendUnchecked(source, count: length)
            let escapeNonASCII = writer.configuration.escapeNonASCII
            var offset = 0
            var previousIsLetter: UInt64 = 0
            var escapes: UInt64 = 0
            while offset < length {
                let word = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                let remaining = length - offset
                let mask: UInt64 = remaining >= 8 ? ~0 : (1 << UInt64(remaining &* 8)) &- 1
                escapes |= JSONWriter.escapeFlags(word, escapeNonASCII: escapeNonASCII) & mask
                let (titled, last) = ASCIITitleCase.word(word, previousIsLetter: previousIsLetter)
                start.storeBytes(of: titled.littleEndian, toByteOffset: offset, as: UInt64.self)
                previousIsLetter = last
                offset &+= 8
            }
            if escapes == 0 {
                output.appendUnchecked(UInt8(ascii: "\""))
                endKey()
                return
            }
            output.rewind(to: quoteAt)
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(length, 1)) { titled in
            writer.writeQuoted(UnsafeBufferPointer(ASCIITitleCase.write(name, into: titled)), into: &output)
        }
        endKey()
    }

    private mutating func open(_ bracket: UInt8) {
        beforeValue()
        precondition(depth < 63, "streamed containers nest too deep")
        output.append(bracket)
        empty |= 1 << UInt64(depth)
        depth += 1
    }

    private mutating func close(_ bracket: UInt8) {
        precondition(depth > 0 && !afterKey, "nothing to close")
        depth -= 1
        let wasEmpty = empty & (1 << UInt64(depth)) != 0
        empty &= ~(1 << UInt64(depth))
        if !wasEmpty && pretty { writer.newline(depth: depth, into: &output) }
        output.append(bracket)
    }

    /// The comma and line break before a member or element of the innermost container.
    private mutating func separate() {
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << UInt64(depth - 1)
        if empty & bit != 0 {
            empty &= ~bit
        } else {
            output.append(UInt8(ascii: ","))
        }
        if pretty { writer.newline(depth: depth, into: &output) }
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
        } else {
            separate()
        }
    }

    private mutating func endKey() {
        output.reserve(2)
        output.appendUnchecked(UInt8(ascii: ":"))
        if pretty { output.appendUnchecked(UInt8(ascii: " ")) }
        afterKey = true
    }
}
