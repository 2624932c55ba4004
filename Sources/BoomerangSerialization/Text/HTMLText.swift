/// Text for HTML pages the server writes (the catalogue's page, a redirect's page).
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, safe in element
    /// content and in quoted attribute values.
    public static func escaping(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
