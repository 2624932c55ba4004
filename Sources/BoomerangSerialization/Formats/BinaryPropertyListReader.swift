import FoundationEssentials

/// Reads a binary property list (`bplist00`): the 32-byte trailer, the offset table and the
/// objects it points to, from the root.
///
/// Integers of 1, 2 and 4 bytes are unsigned, of 8 bytes signed, of 16 bytes a signed 128-bit
/// value (kept when it fits `Int64`, a `double` up to `UInt64.max`, refused beyond); reals of 4 or
/// 8 bytes; dates are seconds since 2001-01-01; ASCII strings holding a byte above 0x7F are read as
/// Latin-1 (as Foundation), UTF-16BE strings are
/// decoded with U+FFFD for a lone surrogate (as Foundation). Every object is converted once and
/// shared wherever it is referenced again, so hostile sharing costs neither time nor memory here;
/// a cycle is refused, and so is a tree whose shared references would expand to more than
/// ``maxExpandedValues(inputCount:)`` values (a "billion laughs" for whoever walks the result).
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let depthLimit: Int
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var tableStart = 0
    private var converted: [Converted?] = []
    private var onPath: [Bool] = []

    private struct Converted {
        var value: StructuredValue
        /// Values in the tree when every shared reference is expanded (saturating).
        var expanded: Int
        /// Container levels in the tree (0 for a scalar).
        var height: Int
    }

    /// The most values a tree may expand to: 16 per input byte, at least a million.
    static func maxExpandedValues(inputCount: Int) -> Int {
        max(1 << 20, inputCount.multipliedReportingOverflow(by: 16).overflow ? Int.max : inputCount * 16)
    }

    /// Reads `bytes`, which start with `bplist`.
    static func read(_ bytes: [UInt8], maxDepth: Int) throws(PropertyListReadError) -> StructuredValue {
        var reader = BinaryPropertyListReader(bytes: bytes, depthLimit: min(maxDepth, PropertyListXMLReader.hardDepthLimit))
        return try reader.readDocument()
    }

    private init(bytes: [UInt8], depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    private mutating func readDocument() throws(PropertyListReadError) -> StructuredValue {
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw PropertyListReadError(code: .malformed, value: "not a bplist00 header", offset: 0)
        }
        guard bytes.count >= 8 + 1 + 32 else {
            throw PropertyListReadError(code: .unexpectedEnd, value: "too short for a binary property list", offset: bytes.count)
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = unsigned(at: trailer + 8, size: 8)
        let root = unsigned(at: trailer + 16, size: 8)
        let table = unsigned(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw PropertyListReadError(code: .malformed, value: "offset or reference size not 1 to 8", offset: trailer + 6)
        }
        guard count >= 1, count <= UInt64(trailer), root < count else {
            throw PropertyListReadError(code: .malformed, value: "object count \(count), root \(root)", offset: trailer + 8)
        }
        guard table >= 9, table <= UInt64(trailer), UInt64(trailer) - table >= count * UInt64(offsetSize) else {
            throw PropertyListReadError(code: .malformed, value: "offset table at \(table)", offset: trailer + 24)
        }
        objectCount = Int(count)
        tableStart = Int(table)
        converted = Array(repeating: nil, count: objectCount)
        onPath = Array(repeating: false, count: objectCount)
        let result = try object(Int(root), depth: 0, from: trailer + 16)
        guard result.expanded <= Self.maxExpandedValues(inputCount: bytes.count) else {
            throw PropertyListReadError(
                code: .invalidReference, value: "shared references expand to more than \(Self.maxExpandedValues(inputCount: bytes.count)) values",
                offset: trailer + 16)
        }
        return result.value
    }

    private func unsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] {
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    /// Object `reference`; `site` is where the reference was read (for the error).
    private mutating func object(_ reference: Int, depth: Int, from site: Int) throws(PropertyListReadError) -> Converted {
        guard reference < objectCount else {
            throw PropertyListReadError(code: .invalidReference, value: "object \(reference) of \(objectCount)", offset: site)
        }
        if let done = converted[reference] {
            guard depth + done.height <= depthLimit else {
                throw PropertyListReadError(code: .depthLimitExceeded, value: "", offset: site)
            }
            return done
        }
        guard !onPath[reference] else {
            throw PropertyListReadError(code: .invalidReference, value: "object \(reference) contains itself", offset: site)
        }
        let entry = tableStart + reference * offsetSize
        let position = unsigned(at: entry, size: offsetSize)
        guard position >= 8, position < UInt64(tableStart) else {
            throw PropertyListReadError(code: .malformed, value: "object \(reference) at \(position)", offset: entry)
        }
        onPath[reference] = true
        let result = try parse(at: Int(position), depth: depth)
        onPath[reference] = false
        converted[reference] = result
        return result
    }

    private mutating func parse(at offset: Int, depth: Int) throws(PropertyListReadError) -> Converted {
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        func scalar(_ value: StructuredValue) -> Converted { Converted(value: value, expanded: 1, height: 0) }
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return scalar(.bool(false))
            case 0x09: return scalar(.bool(true))
            case 0x00: throw PropertyListReadError(code: .unsupportedValue, value: "NSNull", offset: offset)
            default: throw PropertyListReadError(code: .malformed, value: "marker 0x\(String(marker, radix: 16))", offset: offset)
            }
        case 0x1:
            return scalar(try integer(at: offset))
        case 0x2:
            guard low == 2 || low == 3 else { throw badMarker(marker, offset) }
            let size = 1 << low
            try need(offset + 1, size, offset)
            let bits = unsigned(at: offset + 1, size: size)
            return scalar(.double(low == 2 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)))
        case 0x3:
            guard low == 3 else { throw badMarker(marker, offset) }
            try need(offset + 1, 8, offset)
            return scalar(.date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: unsigned(at: offset + 1, size: 8)))))
        case 0x4:
            let (start, count) = try lengthAndStart(offset, unit: 1)
            return scalar(.data(Array(bytes[start..<start + count])))
        case 0x5:
            let (start, count) = try lengthAndStart(offset, unit: 1)
            if !bytes[start..<start + count].contains(where: { $0 >= 0x80 }) {
                return scalar(.string(String(decoding: bytes[start..<start + count], as: UTF8.self)))
            }
            var text = String.UnicodeScalarView()
            for byte in bytes[start..<start + count] { text.append(Unicode.Scalar(byte)) }
            return scalar(.string(String(text)))
        case 0x6:
            let (start, count) = try lengthAndStart(offset, unit: 2)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for index in 0..<count {
                units.append(UInt16(bytes[start + 2 * index]) << 8 | UInt16(bytes[start + 2 * index + 1]))
            }
            return scalar(.string(String(decoding: units, as: UTF16.self)))
        case 0x8:
            throw PropertyListReadError(code: .unsupportedValue, value: "a keyed-archiver UID", offset: offset)
        case 0xA:
            guard depth < depthLimit else { throw PropertyListReadError(code: .depthLimitExceeded, value: "", offset: offset) }
            let (start, count) = try lengthAndStart(offset, unit: referenceSize)
            var elements: [StructuredValue] = []
            elements.reserveCapacity(count)
            var total = 1
            var height = 1
            for index in 0..<count {
                let site = start + index * referenceSize
                let element = try object(Int(clamping: unsigned(at: site, size: referenceSize)), depth: depth + 1, from: site)
                elements.append(element.value)
                total = Self.add(total, element.expanded)
                height = max(height, element.height + 1)
            }
            return Converted(value: .array(elements), expanded: total, height: height)
        case 0xD:
            guard depth < depthLimit else { throw PropertyListReadError(code: .depthLimitExceeded, value: "", offset: offset) }
            let (start, count) = try lengthAndStart(offset, unit: 2 * referenceSize)
            var pairs: [(key: String, value: StructuredValue)] = []
            pairs.reserveCapacity(count)
            var total = 1
            var height = 1
            for index in 0..<count {
                let keySite = start + index * referenceSize
                let key = try object(Int(clamping: unsigned(at: keySite, size: referenceSize)), depth: depth + 1, from: keySite)
                guard case .string(let name) = key.value else {
                    throw PropertyListReadError(code: .unsupportedValue, value: "a dictionary key that is not a string", offset: keySite)
                }
                let valueSite = start + (count + index) * referenceSize
                let value = try object(Int(clamping: unsigned(at: valueSite, size: referenceSize)), depth: depth + 1, from: valueSite)
                pairs.append((name, value.value))
                total = Self.add(Self.add(total, 1), value.expanded)
                height = max(height, value.height + 1)
            }
            return Converted(value: PropertyListReader.sortedObject(pairs), expanded: total, height: height)
        case 0xB, 0xC:
            throw PropertyListReadError(code: .unsupportedValue, value: marker >> 4 == 0xC ? "a set" : "an ordered set", offset: offset)
        default:
            throw badMarker(marker, offset)
        }
    }

    private static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private func badMarker(_ marker: UInt8, _ offset: Int) -> PropertyListReadError {
        PropertyListReadError(code: .malformed, value: "marker 0x\(String(marker, radix: 16))", offset: offset)
    }

    /// Checks that `count` bytes from `start` lie before the offset table.
    private func need(_ start: Int, _ count: Int, _ object: Int) throws(PropertyListReadError) {
        guard count >= 0, start <= tableStart, count <= tableStart - start else {
            throw PropertyListReadError(code: .unexpectedEnd, value: "object runs into the offset table", offset: object)
        }
    }

    /// An integer object (marker `0x1n`) at `offset`.
    private func integer(at offset: Int) throws(PropertyListReadError) -> StructuredValue {
        let low = Int(bytes[offset] & 0x0F)
        guard low <= 4 else { throw badMarker(bytes[offset], offset) }
        let size = 1 << low
        try need(offset + 1, size, offset)
        switch size {
        case 1, 2, 4:
            return .int(Int64(unsigned(at: offset + 1, size: size)))
        case 8:
            return .int(Int64(bitPattern: unsigned(at: offset + 1, size: 8)))
        default:
            let high = unsigned(at: offset + 1, size: 8)
            let low = unsigned(at: offset + 9, size: 8)
            if high == 0 {
                return low <= UInt64(Int64.max) ? .int(Int64(low)) : .double(Double(low))
            }
            if high == UInt64.max, low > UInt64(Int64.max) {
                return .int(Int64(bitPattern: low))
            }
            throw PropertyListReadError(code: .unsupportedValue, value: "an integer beyond Int64 and UInt64", offset: offset)
        }
    }

    /// The start and element count of a data, string, array or dictionary object at `offset`,
    /// checked to fit (`unit` bytes per element) before the offset table.
    private func lengthAndStart(_ offset: Int, unit: Int) throws(PropertyListReadError) -> (start: Int, count: Int) {
        var count = Int(bytes[offset] & 0x0F)
        var start = offset + 1
        if count == 0x0F {
            guard start < tableStart, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else {
                throw PropertyListReadError(code: .malformed, value: "a length that is not an integer", offset: start)
            }
            let size = 1 << Int(bytes[start] & 0x0F)
            try need(start + 1, size, offset)
            let length = unsigned(at: start + 1, size: size)
            guard length <= UInt64(tableStart) else {
                throw PropertyListReadError(code: .unexpectedEnd, value: "object runs into the offset table", offset: offset)
            }
            count = Int(length)
            start += 1 + size
        }
        try need(start, count * unit, offset)
        return (start, count)
    }
}
