import BoomerangSerialization

/// Query-string and urlencoded-form decoding for the echo, on the core's decoder.
enum FormDecoding {
    /// httpbin's `semiflatten`: a name seen once maps to its value, a repeated name to a list.
    static func semiflatten(_ pairs: [(String, StructuredValue)]) -> StructuredObject {
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
