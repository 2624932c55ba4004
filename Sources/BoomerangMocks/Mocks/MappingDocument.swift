import BoomerangSerialization
import Yams

/// A mapping file's text read into a ``StructuredValue``, keeping the line of every value so that
/// errors can name it. YAML and JSON are read alike (JSON is YAML); plain scalars are typed as in
/// JSON and YAML 1.2's core schema (`true`, `false`, `null`, `~`, numbers), everything else is a
/// string, so `no` or `on` stay text.
package struct MappingDocument {
    /// The document.
    package let root: StructuredValue
    /// The line of each value by its key path: `mappings[0].request.urlPath`.
    package let lines: [String: Int]

    /// Parses a file's text.
    ///
    /// - Throws: ``MappingError/Code/syntax`` with the line the parser stopped at.
    package static func parse(_ text: String, file: String) throws(MappingError) -> MappingDocument {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.syntaxError(error, file: file)
        } catch {
            throw MappingError(.syntax, file: file, line: nil, "not YAML or JSON: \(error)")
        }
        guard let node else {
            return MappingDocument(root: .null, lines: [:])
        }
        var lines: [String: Int] = [:]
        let root = try convert(node, path: "", lines: &lines, file: file)
        return MappingDocument(root: root, lines: lines)
    }

    private static func convert(_ node: Node, path: String, lines: inout [String: Int], file: String) throws(MappingError)
        -> StructuredValue
    {
        if let mark = node.mark { lines[path] = mark.line }
        switch node {
        case .scalar(let scalar):
            return value(of: scalar)
        case .sequence(let sequence):
            var items: [StructuredValue] = []
            for (index, item) in sequence.enumerated() {
                items.append(try convert(item, path: "\(path)[\(index)]", lines: &lines, file: file))
            }
            return .array(items)
        case .mapping(let mapping):
            var object = StructuredObject()
            for (key, value) in mapping {
                guard let name = key.scalar?.string else {
                    throw MappingError(.syntax, file: file, line: key.mark?.line, "a key must be plain text")
                }
                let childPath = path.isEmpty ? name : "\(path).\(name)"
                guard !object.contains(name) else {
                    throw MappingError(.syntax, file: file, line: key.mark?.line, "duplicate key \"\(name)\"")
                }
                let child = try convert(value, path: childPath, lines: &lines, file: file)
                if let mark = key.mark { lines[childPath] = mark.line }
                object.append(child, forNewKey: name)
            }
            return .object(object)
        case .alias:
            throw MappingError(.syntax, file: file, line: node.mark?.line, "YAML aliases are not supported in mappings")
        }
    }

    private static func value(of scalar: Node.Scalar) -> StructuredValue {
        let text = scalar.string
        guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let integer = Int64(text) { return .int(integer) }
        if text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true,
            text.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }), let number = Double(text)
        {
            return .double(number)
        }
        return .string(text)
    }

    private static func syntaxError(_ error: YamlError, file: String) -> MappingError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return MappingError(.syntax, file: file, line: mark.line, "not valid YAML or JSON: \(problem)")
        default:
            return MappingError(.syntax, file: file, line: nil, "not valid YAML or JSON: \(error)")
        }
    }
}
