/// How the property-list writers render ``StructuredValue/null``, which property lists cannot carry.
public enum PropertyListNullStrategy: Sendable, Hashable {
    /// Leave nulls out: a dictionary entry whose value is null is dropped, a null array element is
    /// dropped (later elements move up), and a null root is written as an empty string.
    case omit
    /// Write each null as this string, e.g. `"<null>"` (NSNull's description).
    case string(String)
}
