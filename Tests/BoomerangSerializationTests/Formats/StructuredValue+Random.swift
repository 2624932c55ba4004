import BoomerangSamples
import BoomerangSerialization
import Foundation

extension StructuredValue {
    /// Which leaves a random tree may hold.
    struct RandomLeaves: OptionSet {
        let rawValue: Int
        static let null = RandomLeaves(rawValue: 1)
        static let data = RandomLeaves(rawValue: 2)
        static let date = RandomLeaves(rawValue: 4)
        static let json: RandomLeaves = [.null]
        static let propertyList: RandomLeaves = [.data, .date]
    }

    /// A random tree of at most `depth` levels.
    static func random(using generator: inout SplitMix64, depth: Int = 4, leaves: RandomLeaves) -> StructuredValue {
        let containerChance = depth > 0 ? 3 : 0
        let pick = Int(generator.next() % UInt64(9 + containerChance))
        switch pick {
        case 0: return leaves.contains(.null) ? .null : .bool(false)
        case 1: return .bool(generator.next() & 1 == 1)
        case 2: return .int(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64))
        case 3:
            let bits = generator.next()
            let value = Double(bitPattern: bits)
            return .double(value.isFinite ? value : Double(Int64(bitPattern: bits) >> 20) / 1024)
        case 4: return .double(Double(Int32(truncatingIfNeeded: generator.next())) / 8)
        case 5, 6: return .string(randomString(using: &generator))
        case 7:
            if leaves.contains(.data) {
                return .data((0..<Int(generator.next() % 90)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            }
            return .string(randomString(using: &generator))
        case 8:
            if leaves.contains(.date) {
                return .date(Date(timeIntervalSinceReferenceDate: Double(Int32(truncatingIfNeeded: generator.next()))))
            }
            return .int(Int64(generator.next() % 1000))
        case 9:
            let count = Int(generator.next() % 6)
            return .array((0..<count).map { _ in random(using: &generator, depth: depth - 1, leaves: leaves) })
        default:
            let count = Int(generator.next() % 6)
            var object = StructuredObject()
            for _ in 0..<count {
                object[randomString(using: &generator)] = random(using: &generator, depth: depth - 1, leaves: leaves)
            }
            return .object(object)
        }
    }

    static func randomString(using generator: inout SplitMix64) -> String {
        let alphabet: [Unicode.Scalar] = [
            "a", "b", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "ß", "€",
            "\u{FFFD}", "\u{10FFFF}", "😀", "<", ">", "&", "'", "\r",
        ]
        var text = String.UnicodeScalarView()
        for _ in 0..<Int(generator.next() % 12) {
            text.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
        }
        return String(text)
    }

    /// The value as Foundation property-list objects (nulls dropped, as the writers' `.omit` does).
    var foundationObject: Any? {
        switch self {
        case .null: return nil
        case .bool(let flag): return flag
        case .int(let number): return NSNumber(value: number)
        case .double(let number): return NSNumber(value: number)
        case .string(let text): return text
        case .data(let bytes): return Data(bytes)
        case .date(let date): return date
        case .array(let elements): return elements.compactMap(\.foundationObject)
        case .object(let object):
            var dictionary: [String: Any] = [:]
            for entry in object.entries {
                if let value = entry.value.foundationObject { dictionary[entry.key] = value }
            }
            return dictionary
        }
    }

    /// What a property-list round trip gives back: nulls dropped, keys sorted by UTF-16 code units,
    /// dates truncated to what the format carries.
    func propertyListNormalized(wholeSecondDates: Bool = false) -> StructuredValue {
        switch self {
        case .array(let elements):
            return .array(elements.filter { $0 != .null }.map { $0.propertyListNormalized(wholeSecondDates: wholeSecondDates) })
        case .object(let object):
            let entries = object.entries.filter { $0.value != .null }
                .sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
            return .object(StructuredObject(entries.map { ($0.key, $0.value.propertyListNormalized(wholeSecondDates: wholeSecondDates)) }))
        case .date(let date) where wholeSecondDates:
            return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
        default:
            return self
        }
    }
}
