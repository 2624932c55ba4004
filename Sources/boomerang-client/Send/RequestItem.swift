import BoomerangSerialization

/// One `send` item in httpie's style.
///
/// The item's kind is given by its first separator, read left to right; at one position the
/// longer separator wins:
/// - `name==value`: a query parameter, added to the URL (escaped as AFNetworking escapes query text);
/// - `name:=<json>`: a typed field whose value is JSON (`n:=1`, `tags:=["a","b"]`, `on:=true`);
/// - `name=value`: a text field (the value may contain `=`, `:` or `@`);
/// - `name@path`: a file part (multipart);
/// - `Name:value`: a header (`Name:` sends an empty value).
///
/// Names are used literally: `user[name]=x` is one field named `user[name]`, which the form
/// serializer escapes to the same bytes as a nested `{"user":{"name":"x"}}`.
enum RequestItem: Equatable {
    /// A header field.
    case header(name: String, value: String)
    /// A query parameter.
    case query(name: String, value: String)
    /// A field: text, or a typed JSON value.
    case field(name: String, value: QueryValue)
    /// A file part read from `path`.
    case file(name: String, path: String)

    /// Why an item could not be read.
    struct Invalid: Error, Equatable, CustomStringConvertible {
        /// The item as given.
        var item: String
        /// What is wrong with it.
        var reason: String

        var description: String { "invalid item '\(item)': \(reason)" }
    }

    /// Reads one item.
    ///
    /// - Throws: ``Invalid`` when the item has no separator, an empty name, or bad JSON after `:=`.
    static func parse(_ text: String) throws(Invalid) -> RequestItem {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let name = String(decoding: bytes[..<index], as: UTF8.self)
            if byte == UInt8(ascii: ":"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") {
                guard !name.isEmpty else { throw Invalid(item: text, reason: "the field name is empty") }
                let json = bytes[(index + 2)...]
                do {
                    return .field(name: name, value: try queryValue(JSONParser().parse(json)))
                } catch {
                    throw Invalid(item: text, reason: "the value after ':=' is not JSON (\(error))")
                }
            }
            let rest = String(decoding: bytes[(index + 1)...], as: UTF8.self)
            switch byte {
            case UInt8(ascii: "=") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "="):
                guard !name.isEmpty else { throw Invalid(item: text, reason: "the query parameter name is empty") }
                return .query(name: name, value: String(decoding: bytes[(index + 2)...], as: UTF8.self))
            case UInt8(ascii: "="):
                guard !name.isEmpty else { throw Invalid(item: text, reason: "the field name is empty") }
                return .field(name: name, value: .string(rest))
            case UInt8(ascii: "@"):
                guard !name.isEmpty else { throw Invalid(item: text, reason: "the file field name is empty") }
                guard !rest.isEmpty else { throw Invalid(item: text, reason: "the file path is empty") }
                return .file(name: name, path: rest)
            case UInt8(ascii: ":"):
                guard !name.isEmpty else { throw Invalid(item: text, reason: "the header name is empty") }
                return .header(name: name, value: rest)
            default:
                index += 1
            }
        }
        throw Invalid(item: text, reason: "expected name=value, name:=json, name==query, name@file or Header:value")
    }

    /// The parameter tree for a JSON value: objects become dictionaries (keys in any order; the
    /// serializers sort them), numbers stay integers when they are.
    static func queryValue(_ value: StructuredValue) -> QueryValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(Int(number))
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .data(let bytes): .data(bytes)
        case .date(let date): .string("\(date)")
        case .array(let elements): .array(elements.map(queryValue))
        case .object(let object):
            .dictionary(Dictionary(object.map { ($0.key, queryValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// `url` with the query items appended, `name=value` escaped as AFNetworking escapes query
    /// text and joined with `&`, after `?` or, when the URL already has a query, `&`.
    static func url(_ url: String, addingQueryOf items: [RequestItem]) -> String {
        var pairs: [QueryStringPair] = []
        for case .query(let name, let value) in items {
            pairs.append(QueryStringPair(name: name, value: .string(value)))
        }
        guard !pairs.isEmpty else { return url }
        let query = QueryStringEncoder().encode(pairs: pairs)
        let hasQuery = url.utf8.prefix { $0 != UInt8(ascii: "#") }.contains(UInt8(ascii: "?"))
        return url + (hasQuery ? "&" : "?") + query
    }

    /// The fields of `items` as one parameter dictionary, or `nil` when there are none. A name
    /// given more than once collects its values into an array, in order.
    static func parameters(_ items: [RequestItem]) -> QueryValue? {
        var order: [String] = []
        var values: [String: [QueryValue]] = [:]
        for case .field(let name, let value) in items {
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        guard !order.isEmpty else { return nil }
        return .dictionary(values.mapValues { $0.count == 1 ? $0[0] : .array($0) })
    }
}
