import Yams

extension SettingsLoader {
    /// The node tree of `text`, as `Yams.compose(yaml:)` with its default resolver makes it, without
    /// that resolver's cost when the outcome cannot differ.
    ///
    /// The default resolver types each plain scalar by matching it against seven ICU regular
    /// expressions, which are compiled on first use: most of the instructions of a start-up with a
    /// config file. The loader reads only a scalar's text and style, which no resolver changes; the
    /// resolved types matter only to Yams' duplicate-key check, which compares keys with their
    /// types. So the text is composed with no rules first (every untagged plain scalar a string),
    /// and that tree is kept when every mapping key is a scalar that the default resolver would
    /// read as a string too. Anything else, an error included, is composed again with the default
    /// resolver, whose tree or error is the answer; `resolving` asks for that at once.
    static func compose(_ text: String, resolving: Bool = false) throws -> Node? {
        if !resolving, let root = composeWithoutResolver(text) { return root }
        return try Yams.compose(yaml: text)
    }

    /// The node tree of `text` composed with no resolver rules (`.some(nil)` for an empty
    /// document), or nil when the default resolver might make another tree or error of it.
    static func composeWithoutResolver(_ text: String) -> Node?? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .basic)
        } catch {
            return nil
        }
        guard root.map(keysResolveAsStrings) ?? true else { return nil }
        return .some(root)
    }

    /// Whether every key of every mapping in `node` is a scalar that the default resolver would
    /// type as the composition without rules did: quoted and block keys are strings either way,
    /// and plain keys must be text the default resolver reads as a string. (The tree does not
    /// tell an untagged plain key from one tagged `!!str`: Yams has typed it by then; both are
    /// checked.)
    private static func keysResolveAsStrings(_ node: Node) -> Bool {
        switch node {
        case .scalar, .alias:
            return true
        case .sequence(let sequence):
            return sequence.allSatisfy(keysResolveAsStrings)
        case .mapping(let mapping):
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key else { return false }
                if scalar.style == .plain, !defaultResolverReadsAsString(scalar.string) { return false }
                if !keysResolveAsStrings(value) { return false }
            }
            return true
        }
    }

    /// Whether the default resolver surely types the plain scalar `text` as a string: a letter,
    /// then letters, digits, `_` and `-` only (its number and timestamp patterns start with a
    /// digit, a sign or a dot, its merge and value patterns with `<` and `=`), and none of the
    /// words it reads as booleans or null.
    private static func defaultResolverReadsAsString(_ text: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard let first = text.utf8.first, isLetter(first),
            text.utf8.allSatisfy({ isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
        else { return false }
        switch text.lowercased() {
        case "yes", "no", "true", "false", "on", "off", "null": return false
        default: return true
        }
    }
}
