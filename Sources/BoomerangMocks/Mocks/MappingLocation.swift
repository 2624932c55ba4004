
/// Where a mapping being read came from, to turn a key path into a ``MappingError`` with a line.
package struct MappingLocation: Sendable {
    /// The file as given, or `(admin API)`.
    package let file: String
    /// The line of each key path, from ``MappingDocument``; empty for JSON sent to the admin API.
    package let lines: [String: Int]
    /// The key path of the mapping inside its document: `""` or `mappings[2]`.
    package let base: String

    /// A mapping sent to the admin API, which has no lines.
    package static let adminAPI = MappingLocation(file: "(admin API)", lines: [:], base: "")

    /// The full key path of `path` inside the mapping.
    package func path(_ path: String) -> String {
        if base.isEmpty { return path }
        return path.isEmpty ? base : "\(base).\(path)"
    }

    /// The line of `path` (a key path inside the mapping), or of the nearest enclosing key.
    package func line(_ path: String) -> Int? {
        var path = self.path(path)[...]
        while true {
            if let line = lines[String(path)] { return line }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return lines[""] }
            path = path[..<cut]
        }
    }

    /// An ``MappingError/Code/invalidMapping`` at `path`.
    package func error(_ path: String, _ message: String) -> MappingError {
        MappingError(.invalidMapping, file: file, line: line(path), path.isEmpty ? message : "\(path): \(message)")
    }
}
