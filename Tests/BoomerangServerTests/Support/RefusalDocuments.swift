import BoomerangSerialization
import Testing

/// A refusal read back from JSON and from a property list, to check that both say the same.
enum RefusalDocuments {
    /// The body as JSON and the body as an XML property list, objects in key order (a property
    /// list sorts its keys) and without null members (a property list has no null), so that the
    /// two compare equal when they hold the same fields.
    static func sameDocument(json: [UInt8], plist: [UInt8]) throws -> (json: StructuredValue, plist: StructuredValue) {
        (sorted(try JSONParser().parse(json)), sorted(try PropertyListReader().read(plist)))
    }

    private static func sorted(_ value: StructuredValue) -> StructuredValue {
        switch value {
        case .array(let elements): .array(elements.map(sorted))
        case .object(let object):
            .object(StructuredObject(object.entries.filter { $0.value != .null }.sorted { $0.key < $1.key }.map { ($0.key, sorted($0.value)) }))
        default: value
        }
    }
}
