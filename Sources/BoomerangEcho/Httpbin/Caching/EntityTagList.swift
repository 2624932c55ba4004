/// The entity tags of an `If-Match` or `If-None-Match` field, read as httpbin reads them: split at
/// commas, each without its `W/` prefix and quotes; `*` kept as itself.
package struct EntityTagList {
    package let tags: [String]

    package init(_ value: String?) {
        guard let value else {
            tags = []
            return
        }
        tags = value.split(separator: ",").compactMap { piece in
            var tag = Substring(piece.trimmingSpaces())
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            tag = tag.trimmingCharacters(in: "\"")
            return tag.isEmpty ? nil : String(tag)
        }
    }

    package var isEmpty: Bool { tags.isEmpty }

    /// Whether the list names `tag` or is `*`.
    package func matches(_ tag: String) -> Bool {
        tags.contains(tag) || tags.contains("*")
    }
}
