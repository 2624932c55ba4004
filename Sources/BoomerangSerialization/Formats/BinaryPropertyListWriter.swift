/// Writes a ``StructuredValue`` as a binary property list (`bplist00`), readable by Foundation's
/// `PropertyListSerialization` and Apple's `plutil`.
///
/// Layout: the `bplist00` header, the object table, the offset table and the 32-byte trailer.
/// Object 0 is the root. Integers take the smallest of 1, 2, 4 or 8 big-endian bytes (negative
/// values always 8), reals and dates 8 bytes, strings are ASCII when every scalar is ASCII and
/// UTF-16BE otherwise, equal strings (keys included) are stored once. Dictionary entries keep the
/// object's order. `null` is handled as ``BinaryPropertyListWriterConfiguration/nullStrategy`` says (the format's own null
/// marker is not readable by Foundation).
public struct BinaryPropertyListWriter: Sendable {
    /// How the writer writes.
    public var configuration: BinaryPropertyListWriterConfiguration

    /// Creates a writer.
    public init(configuration: BinaryPropertyListWriterConfiguration = BinaryPropertyListWriterConfiguration()) {
        self.configuration = configuration
    }

    private enum Object {
        case bool(Bool)
        case int(Int64)
        case real(Double)
        case date(Double)
        case string(String)
        case data([UInt8])
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private struct Flattener {
        var objects: [Object] = []
        var strings: [String: Int] = [:]
        let nullText: String?
        let maxDepth: Int

        mutating func add(_ value: StructuredValue, depth: Int) throws(FormatWriterError) -> Int {
            switch value {
            case .null: return addString(nullText ?? "")
            case .bool(let flag): return append(.bool(flag))
            case .int(let number): return append(.int(number))
            case .double(let number): return append(.real(number))
            case .string(let text): return addString(text)
            case .data(let bytes): return append(.data(bytes))
            case .date(let date): return append(.date(date.timeIntervalSinceReferenceDate))
            case .array(let elements):
                guard depth < maxDepth else {
                    throw FormatWriterError(code: .depthLimitExceeded, depth: depth + 1)
                }
                let slot = append(.array([]))
                var references: [Int] = []
                references.reserveCapacity(elements.count)
                for element in elements {
                    if nullText == nil, case .null = element { continue }
                    references.append(try add(element, depth: depth + 1))
                }
                objects[slot] = .array(references)
                return slot
            case .object(let object):
                guard depth < maxDepth else {
                    throw FormatWriterError(code: .depthLimitExceeded, depth: depth + 1)
                }
                let slot = append(.array([]))
                var keys: [Int] = []
                var values: [Int] = []
                keys.reserveCapacity(object.count)
                values.reserveCapacity(object.count)
                for entry in object.entries {
                    if nullText == nil, case .null = entry.value { continue }
                    keys.append(addString(entry.key))
                    values.append(try add(entry.value, depth: depth + 1))
                }
                objects[slot] = .dictionary(keys: keys, values: values)
                return slot
            }
        }

        mutating func append(_ object: Object) -> Int {
            objects.append(object)
            return objects.count - 1
        }

        mutating func addString(_ text: String) -> Int {
            if let existing = strings[text] { return existing }
            let slot = append(.string(text))
            strings[text] = slot
            return slot
        }
    }

    /// Renders `value` as a new byte array.
    ///
    /// - Throws: ``FormatWriterError`` when the tree is deeper than ``BinaryPropertyListWriterConfiguration/maxDepth``.
    public func write(_ value: StructuredValue) throws(FormatWriterError) -> [UInt8] {
        var nullText: String?
        if case .string(let text) = configuration.nullStrategy { nullText = text }
        var flattener = Flattener(nullText: nullText, maxDepth: configuration.maxDepth)
        _ = try flattener.add(value, depth: 0)
        let objects = flattener.objects
        let referenceSize = Self.byteWidth(for: UInt64(objects.count))

        var output: [UInt8] = Array("bplist00".utf8)
        output.reserveCapacity(256)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            switch object {
            case .bool(let flag):
                output.append(flag ? 0x09 : 0x08)
            case .int(let number):
                Self.appendInteger(number, to: &output)
            case .real(let number):
                output.append(0x23)
                Self.appendBigEndian(number.bitPattern, width: 8, to: &output)
            case .date(let seconds):
                output.append(0x33)
                Self.appendBigEndian(seconds.bitPattern, width: 8, to: &output)
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    Self.appendMarker(0x50, count: text.utf8.count, to: &output)
                    output.append(contentsOf: text.utf8)
                } else {
                    Self.appendMarker(0x60, count: text.utf16.count, to: &output)
                    for unit in text.utf16 {
                        output.append(UInt8(truncatingIfNeeded: unit >> 8))
                        output.append(UInt8(truncatingIfNeeded: unit))
                    }
                }
            case .data(let bytes):
                Self.appendMarker(0x40, count: bytes.count, to: &output)
                output.append(contentsOf: bytes)
            case .array(let references):
                Self.appendMarker(0xA0, count: references.count, to: &output)
                for reference in references {
                    Self.appendBigEndian(UInt64(reference), width: referenceSize, to: &output)
                }
            case .dictionary(let keys, let values):
                Self.appendMarker(0xD0, count: keys.count, to: &output)
                for reference in keys {
                    Self.appendBigEndian(UInt64(reference), width: referenceSize, to: &output)
                }
                for reference in values {
                    Self.appendBigEndian(UInt64(reference), width: referenceSize, to: &output)
                }
            }
        }
        let offsetTableOffset = output.count
        // Readers require the offset size to cover the offset table's own position too.
        let offsetSize = Self.byteWidth(for: UInt64(offsetTableOffset))
        for offset in offsets {
            Self.appendBigEndian(UInt64(offset), width: offsetSize, to: &output)
        }
        // Trailer: 5 unused bytes, sort version, offset size, reference size, object count,
        // root object, offset table position.
        output.append(contentsOf: [0, 0, 0, 0, 0, 0])
        output.append(UInt8(offsetSize))
        output.append(UInt8(referenceSize))
        Self.appendBigEndian(UInt64(objects.count), width: 8, to: &output)
        Self.appendBigEndian(0, width: 8, to: &output)
        Self.appendBigEndian(UInt64(offsetTableOffset), width: 8, to: &output)
        return output
    }

    private static func byteWidth(for value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    private static func appendBigEndian(_ value: UInt64, width: Int, to output: inout [UInt8]) {
        var shift = (width - 1) * 8
        while shift >= 0 {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    private static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
        let width = number < 0 ? 8 : byteWidth(for: UInt64(number))
        let exponent: UInt8 = width == 1 ? 0 : width == 2 ? 1 : width == 4 ? 2 : 3
        output.append(0x10 | exponent)
        appendBigEndian(UInt64(bitPattern: number), width: width, to: &output)
    }

    private static func appendMarker(_ type: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(type | UInt8(count))
        } else {
            output.append(type | 0x0F)
            appendInteger(Int64(count), to: &output)
        }
    }
}
