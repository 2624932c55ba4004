import BoomerangSerialization

/// Query-string and urlencoded-form decoding for the echo, on the core's decoder (lenient: a
/// malformed escape is kept as written, as browsers do), with its limits reported as diagnostics.
package enum FormDecoding {
    package typealias Pair = (name: String, value: String?)

    /// The ordered pairs; `+` is a space only when asked (httpbin's `args` and `form`).
    ///
    /// Past a limit (the 1001st pair, an over-long name) or an undecodable pair, the pairs before
    /// that pair are kept and the diagnostic says where the echo stops.
    package static func pairs(_ text: String, plusAsSpace: Bool) -> (pairs: [Pair], diagnostic: StructuredValue?) {
        let decoder = QueryStringDecoder(decodesPlusAsSpace: plusAsSpace, percentMode: .lenient)
        do {
            return (try decoder.pairs(text).map(pair), nil)
        } catch {
            let bytes = Array(text.utf8)
            let cut = bytes[..<min(error.offset, bytes.count)].lastIndex(of: UInt8(ascii: "&")) ?? 0
            let kept = (try? decoder.pairs(bytes[..<cut]))?.map(pair) ?? []
            let message = "\(error); the \(kept.count) pair\(kept.count == 1 ? "" : "s") before byte \(cut) are echoed, the rest is not"
            return (kept, BodyParts.diagnostic("\(error.code)", .warning, message, error.offset))
        }
    }

    private static func pair(_ pair: QueryStringPair) -> Pair {
        (pair.name, pair.value?.leafText)
    }

    /// The nested tree rebuilt from bracket syntax with the core's rules, from pairs already decoded.
    package static func tree(_ pairs: [Pair]) -> StructuredValue {
        let tree = QueryStringDecoder(percentMode: .lenient).tree(from: pairs)
        return structured(.dictionary(tree))
    }

    /// A decoded query value as a structured value: leaves are strings or null.
    package static func structured(_ value: QueryValue) -> StructuredValue {
        switch value {
        case .null: return .null
        case .array(let items), .set(let items): return .array(items.map(structured))
        case .dictionary(let entries):
            var object = StructuredObject(minimumCapacity: entries.count)
            for key in entries.keys.sorted() { object.append(structured(entries[key]!), forKey: key) }
            return .object(object)
        default: return value.leafText.map(StructuredValue.string) ?? .null
        }
    }

    /// httpbin's `semiflatten`: a name seen once maps to its value, a repeated name to a list.
    package static func semiflatten(_ pairs: [(String, StructuredValue)]) -> StructuredObject {
        var object = StructuredObject(minimumCapacity: pairs.count)
        for (name, value) in pairs {
            switch object[name] {
            case nil:
                object.append(value, forKey: name)
            case .array(var list)?:
                list.append(value)
                _ = object.updateValue(.array(list), forKey: name)
            case let existing?:
                _ = object.updateValue(.array([existing, value]), forKey: name)
            }
        }
        return object
    }
}
