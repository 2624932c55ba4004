import BoomerangSerialization
import Foundation
import Glibc

/// Reads the mapping files of a folder: `*.yaml`, `*.yml` and `*.json`, in name order, each
/// holding one mapping or `mappings: [...]`. Each mapping of a file is read on its own: a broken
/// one is reported and the others load; a file that cannot be read or parsed gives none.
package enum MappingLoader {
    /// What one file gave.
    package struct FileResult: Sendable {
        /// The file's path as found (the folder joined with its name).
        package let path: String
        /// Its good mappings, in file order; nil when the file as a whole could not be read (then
        /// ``fileErrors`` is not empty).
        package let mappings: [MockMapping]?
        /// What kept the whole file from being read.
        package var fileErrors: [MappingError] = []
        /// The mappings that could not be read.
        package var broken: [BrokenMapping] = []

        /// Every error, in file order.
        package var errors: [MappingError] { fileErrors + broken.map(\.error) }
    }

    /// A mapping of a file that could not be read: where it is, the id it would have had (the
    /// one written in it when that one is valid, else the one derived from its place) and why.
    package struct BrokenMapping: Sendable {
        package let index: Int
        package let id: String
        package let error: MappingError
    }

    package static let extensions: Set<String> = ["yaml", "yml", "json"]

    /// The mapping files of `directory`, sorted by name; none when it does not exist.
    package static func files(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { name in
            !name.hasPrefix(".") && extensions.contains((name as NSString).pathExtension.lowercased())
        }.sorted().map { (directory as NSString).appendingPathComponent($0) }
    }

    /// Reads every mapping file of `directory`.
    package static func load(directory: String, filesDirectory: String?) -> [FileResult] {
        files(in: directory).map { load(file: $0, filesDirectory: filesDirectory) }
    }

    /// Reads one file: every broken mapping in it is reported, not only the first.
    package static func load(file: String, filesDirectory: String?) -> FileResult {
        guard let data = FileManager.default.contents(atPath: file) else {
            return FileResult(path: file, mappings: nil, fileErrors: [MappingError(.unreadable, file: file, line: nil, "cannot be read")])
        }
        guard let text = String(validating: Array(data), as: UTF8.self) else {
            return FileResult(path: file, mappings: nil, fileErrors: [MappingError(.syntax, file: file, line: nil, "is not UTF-8 text")])
        }
        return parse(text, file: file, filesDirectory: filesDirectory)
    }

    /// Reads the text of a mapping file.
    package static func parse(_ text: String, file: String, filesDirectory: String?) -> FileResult {
        let document: MappingDocument
        do {
            document = try MappingDocument.parse(text, file: file)
        } catch {
            return FileResult(path: file, mappings: nil, fileErrors: [error])
        }
        let items: [(value: StructuredValue, base: String)]
        switch document.root {
        case .null:
            return FileResult(path: file, mappings: [])
        case .object(let object) where object.contains("mappings"):
            // WireMock's listing (`GET /__admin/mappings`, saved as a file) has `meta` beside them.
            guard object.keys.allSatisfy({ $0 == "mappings" || $0 == "meta" }), let list = object["mappings"]?.arrayValue else {
                let location = MappingLocation(file: file, lines: document.lines, base: "")
                return FileResult(path: file, mappings: nil, fileErrors: [location.error("mappings", "expected only a list of mappings")])
            }
            items = list.enumerated().map { ($0.element, "mappings[\($0.offset)]") }
        case .object:
            items = [(document.root, "")]
        default:
            return FileResult(
                path: file, mappings: nil,
                fileErrors: [MappingError(.invalidMapping, file: file, line: document.lines[""], "expected a mapping or mappings: [...]")])
        }
        var mappings: [MockMapping] = []
        var broken: [BrokenMapping] = []
        let isList = items.first?.base.isEmpty == false
        for (index, item) in items.enumerated() {
            let location = MappingLocation(file: file, lines: document.lines, base: item.base)
            let defaultID = MockMapping.derivedID(file: file, index: index)
            do {
                mappings.append(
                    try MockMapping(
                        json: item.value, location: location, source: .file(path: file, line: location.line(""), index: index),
                        defaultID: defaultID, filesDirectory: filesDirectory))
            } catch {
                var error = error
                let object = item.value.objectValue
                error.index = isList ? index : nil
                error.name = object?["name"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
                let written = (object?["uuid"] ?? object?["id"])?.stringValue.flatMap { MockMapping.isValidID($0) ? $0 : nil }
                broken.append(BrokenMapping(index: index, id: written ?? defaultID, error: error))
            }
        }
        return FileResult(path: file, mappings: mappings, broken: broken)
    }

    /// Each file's modification time and size under `directories`, to notice a change.
    package static func fingerprint(_ directories: [String]) -> [String: String] {
        // Called every second by the watcher: plain readdir and lstat, no Foundation objects.
        var result: [String: String] = [:]
        for directory in directories { addFingerprints(of: directory, depth: 0, to: &result) }
        return result
    }

    private static func addFingerprints(of directory: String, depth: Int, to result: inout [String: String]) {
        guard depth < 16, let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            result[path] = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)/\(status.st_size)"
            if status.st_mode & S_IFMT == S_IFDIR { addFingerprints(of: path, depth: depth + 1, to: &result) }
        }
    }
}
