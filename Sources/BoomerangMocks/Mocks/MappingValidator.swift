import Foundation

/// Checks a mappings folder as the server would load it, for `boomerang validate`.
public enum MappingValidator {
    /// What a check found.
    public struct Report: Sendable {
        /// The mapping files read.
        public var files: [String]
        /// The mappings that loaded.
        public var mappingCount: Int
        /// Every error, in file order.
        public var errors: [MappingError]
    }

    /// Reads every mapping file of `directory`; `filesDirectory` defaults to `files` beside it.
    public static func validate(directory: String, filesDirectory: String? = nil) -> Report {
        let files = filesDirectory ?? ((directory as NSString).deletingLastPathComponent as NSString).appendingPathComponent("files")
        let results = MappingLoader.load(directory: directory, filesDirectory: files)
        var errors: [MappingError] = []
        var seen: Set<String> = []
        var count = 0
        for result in results {
            errors += result.errors
            for mapping in result.mappings ?? [] {
                guard seen.insert(mapping.id).inserted else {
                    if case .file(let path, let line, _) = mapping.source {
                        errors.append(MappingError(.duplicateID, file: path, line: line, "id \(mapping.id) is used by another mapping"))
                    }
                    continue
                }
                count += 1
            }
        }
        return Report(files: results.map(\.path), mappingCount: count, errors: errors)
    }
}
