import BoomerangSerialization

extension JSONWriter {
    /// Appends `text` as a JSON string literal, quotes included, for the server's own small
    /// documents (error bodies, JSON log lines).
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        // A string has no depth to exceed, so the writer cannot fail here.
        try? JSONWriter().write(.string(text), into: &output)
    }
}
