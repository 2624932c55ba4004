/// Reads an XML, binary or OpenStep property list into a ``StructuredValue`` with Boomerang's own
/// readers (`PropertyListXMLReader`, `BinaryPropertyListReader`, `OpenStepPropertyListReader`),
/// after a size check.
///
/// Mapping: dictionaries become objects with keys **sorted by UTF-16 code units** (a property list
/// dictionary has no order; this is the order ``PropertyListXMLWriter`` writes; a repeated key
/// keeps its last value), `<true/>`/`<false/>` become `bool`, `<integer>` becomes `int` (values
/// above `Int64.max`, up to `UInt64.max`, become `double`), `<real>` becomes `double`, `<data>`
/// becomes `data`, `<date>` becomes `date`, `<string>` becomes `string`; every OpenStep scalar is
/// a string.
///
/// Foundation's `PropertyListSerialization` is not used: on Linux it leaks about 600 bytes on every
/// malformed input, which let any client grow the server's memory. Where these readers differ from
/// Foundation (they are stricter about base64, dates, trailing content and encodings), the reader's
/// documentation says so.
public struct PropertyListReader: Sendable {
    /// The property-list flavour that was read.
    public enum Format: Sendable, Hashable {
        /// `<?xml … <plist>`.
        case xml
        /// `bplist00`.
        case binary
        /// The old NeXT text format.
        case openStep
    }

    /// The limits.
    public var configuration: PropertyListReaderConfiguration

    /// Creates a reader.
    public init(configuration: PropertyListReaderConfiguration = PropertyListReaderConfiguration()) {
        self.configuration = configuration
    }

    /// Reads a property list.
    ///
    /// - Throws: ``PropertyListReadError``.
    public func read(_ bytes: [UInt8]) throws(PropertyListReadError) -> StructuredValue {
        try readWithFormat(bytes).value
    }

    /// Reads a property list and reports its flavour: binary when it starts with `bplist`, XML when
    /// its first character (after white space) is `<`, otherwise OpenStep. A document starting with
    /// `<` that is not XML is tried as OpenStep (whose `<0a1b>` is data), as Foundation does; when
    /// both fail, the XML error is thrown. Text that starts with a UTF-16 byte-order mark is
    /// transcoded to UTF-8 first (offsets in errors are still the input's).
    ///
    /// - Throws: ``PropertyListReadError``.
    public func readWithFormat(_ bytes: [UInt8]) throws(PropertyListReadError) -> (value: StructuredValue, format: Format) {
        guard bytes.count <= configuration.maxInputBytes else {
            throw PropertyListReadError(code: .inputTooLarge, value: "", offset: configuration.maxInputBytes)
        }
        guard !bytes.isEmpty else {
            throw PropertyListReadError(code: .emptyInput, value: "")
        }
        let depth = configuration.maxDepth
        if PropertyListText.hasUTF16ByteOrderMark(bytes) {
            // UTF-16 text (Foundation reads it too): read as UTF-8, offsets mapped back.
            let utf8 = try PropertyListText.utf8(fromUTF16: bytes)
            do {
                return try readText(utf8, depth: depth, fromUTF16: true)
            } catch {
                var mapped = error
                mapped.offset = error.offset.map { PropertyListText.utf16Offset(ofUTF8Offset: $0, in: utf8) }
                throw mapped
            }
        }
        if bytes.starts(with: Array("bplist".utf8)) {
            if let refusal = BinaryPropertyListScreen.refusal(bytes) { throw refusal }
            return (try BinaryPropertyListReader.read(bytes, maxDepth: depth), .binary)
        }
        return try readText(bytes, depth: depth, fromUTF16: false)
    }

    private func readText(_ bytes: [UInt8], depth: Int, fromUTF16: Bool) throws(PropertyListReadError) -> (value: StructuredValue, format: Format) {
        var first = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while first < bytes.count, PropertyListText.isWhitespace(bytes[first]) { first += 1 }
        guard first < bytes.count, bytes[first] == UInt8(ascii: "<") else {
            return (try OpenStepPropertyListReader.read(bytes, maxDepth: depth), .openStep)
        }
        do {
            return (try PropertyListXMLReader.read(bytes, maxDepth: depth, fromUTF16: fromUTF16), .xml)
        } catch {
            guard error.code != .depthLimitExceeded,
                let value = try? OpenStepPropertyListReader.read(bytes, maxDepth: depth)
            else { throw error }
            return (value, .openStep)
        }
    }

    /// An object of `pairs` with keys sorted by UTF-16 code units; a repeated key keeps its last value.
    static func sortedObject(_ pairs: [(key: String, value: StructuredValue)]) -> StructuredValue {
        var order = Array(pairs.indices)
        order.sort { left, right in
            let a = pairs[left].key
            let b = pairs[right].key
            if a.utf16.elementsEqual(b.utf16) { return left < right }
            return a.utf16.lexicographicallyPrecedes(b.utf16)
        }
        var object = StructuredObject(minimumCapacity: pairs.count)
        for position in order {
            object.updateValue(pairs[position].value, forKey: pairs[position].key)
        }
        return .object(object)
    }
}
