import BoomerangExchange
import BoomerangMocks
import BoomerangSerialization

extension MockMapping {
    /// The mapping as an operation of the OpenAPI document, when its URL is a path or a path
    /// template; a mapping matched by a regular expression has no path to list.
    package var openAPIOperation: OpenAPIDocument.ExtraOperation? {
        let pattern: RoutePattern
        switch request.url {
        case .url(let text):
            let path = String(text.prefix { $0 != "?" })
            guard path.hasPrefix("/"), !path.contains("{") else { return nil }
            pattern = RoutePattern(path)
        case .urlPath(let text):
            guard text.hasPrefix("/"), !text.contains("{") else { return nil }
            pattern = RoutePattern(text)
        case .urlPathTemplate(let template):
            pattern = template
        case .urlPattern, .urlPathPattern, nil:
            return nil
        }
        let methods = request.method.flatMap { $0.uppercased() == "ANY" ? nil : [HTTPMethod(rawValue: $0.uppercased())] }
        var summary = "Mock mapping \(name ?? id)"
        if case .file(let file, let line, _) = source { summary += " (\(file)\(line.map { ":\($0)" } ?? ""))" }
        return OpenAPIDocument.ExtraOperation(name: routeName, methods: methods, pattern: pattern, summary: summary)
    }
}
