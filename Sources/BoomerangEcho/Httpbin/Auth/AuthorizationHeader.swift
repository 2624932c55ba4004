import BoomerangSerialization

/// An `Authorization` value taken apart: the scheme, and either a token (`Basic`, `Bearer`) or
/// `name=value` parameters (`Digest`) ([RFC 9110 §11.4](https://www.rfc-editor.org/rfc/rfc9110#section-11.4)).
/// Anything malformed gives `nil`, never a trap, so a route answers 401.
package struct AuthorizationHeader {
    /// The scheme as sent (compare without case).
    package let scheme: String
    /// What follows the scheme and its space.
    package let rest: Substring

    package init?(_ value: String?) {
        guard let value else { return nil }
        let trimmed = Substring(value.trimmingSpaces())
        let scheme = trimmed.prefix { $0 != " " }
        guard !scheme.isEmpty else { return nil }
        self.scheme = String(scheme)
        rest = trimmed.dropFirst(scheme.count).drop { $0 == " " }
    }

    /// Whether the scheme is `name`, without regard to case.
    package func hasScheme(_ name: String) -> Bool {
        scheme.lowercased() == name.lowercased()
    }

    /// `Basic` credentials: the user and password from base64 `user:password` (UTF-8).
    package var basicCredentials: (user: String, password: String)? {
        guard hasScheme("Basic"), !rest.isEmpty, !rest.contains(" "),
            let decoded = Base64.decode(rest),
            let text = String(validating: decoded, as: UTF8.self),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// The parameters of a `Digest` value, names lower-cased, quoted values unescaped; `nil` when
    /// the list is malformed or a name repeats.
    package var parameters: [String: String]? {
        var result: [String: String] = [:]
        var index = rest.startIndex
        func skip(_ characters: Set<Character>) {
            while index < rest.endIndex, characters.contains(rest[index]) { index = rest.index(after: index) }
        }
        while true {
            skip([" ", "\t", ","])
            guard index < rest.endIndex else { break }
            let nameStart = index
            while index < rest.endIndex, Self.isTokenCharacter(rest[index]) { index = rest.index(after: index) }
            let name = rest[nameStart..<index].lowercased()
            skip([" ", "\t"])
            guard !name.isEmpty, index < rest.endIndex, rest[index] == "=" else { return nil }
            index = rest.index(after: index)
            skip([" ", "\t"])
            var value = ""
            if index < rest.endIndex, rest[index] == "\"" {
                index = rest.index(after: index)
                var closed = false
                while index < rest.endIndex {
                    var character = rest[index]
                    if character == "\"" {
                        closed = true
                        index = rest.index(after: index)
                        break
                    }
                    if character == "\\" {
                        index = rest.index(after: index)
                        guard index < rest.endIndex else { return nil }
                        character = rest[index]
                    }
                    value.append(character)
                    index = rest.index(after: index)
                }
                guard closed else { return nil }
            } else {
                let valueStart = index
                while index < rest.endIndex, Self.isTokenCharacter(rest[index]) || rest[index] == "/" {
                    index = rest.index(after: index)
                }
                value = String(rest[valueStart..<index])
            }
            guard result.updateValue(value, forKey: name) == nil else { return nil }
            skip([" ", "\t"])
            guard index == rest.endIndex || rest[index] == "," else { return nil }
        }
        return result
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.asciiValue.map(HTTPSyntax.isTokenByte) ?? false
    }
}
