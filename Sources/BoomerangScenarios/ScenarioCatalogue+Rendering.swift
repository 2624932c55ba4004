public import BoomerangSerialization

extension ScenarioCatalogue {
    /// The whole catalogue as a JSON document: `count`, `serializers`, `compoundOrder`, `notes` and
    /// `scenarios` (each as ``describe(_:)``).
    public func jsonDocument() -> StructuredValue {
        var document = StructuredObject()
        document.append(.int(Int64(scenarios.count)), forKey: "count")
        document.append(.array(ScenarioSerializer.allCases.map { .string($0.rawValue) }), forKey: "serializers")
        document.append(.array(ScenarioSerializer.compoundOrder.map { .string($0.rawValue) }), forKey: "compoundOrder")
        document.append(.array(Self.notes.map(StructuredValue.string)), forKey: "notes")
        document.append(.array(scenarios.map(describe)), forKey: "scenarios")
        return .object(document)
    }

    /// ``jsonDocument()`` as UTF-8 JSON text, pretty-printed when asked.
    public func renderJSON(pretty: Bool = false) -> [UInt8] {
        let writer = JSONWriter(configuration: pretty ? .pretty : .compact)
        // Depth is at most six here, far below the writer's limit.
        return (try? writer.write(jsonDocument())) ?? []
    }

    /// One scenario: id, description, URL, method, status, content type (`null` for none), body
    /// kind and length, extra headers, and per serializer `object` (kind or `null`, with `value`,
    /// or `format`, `width`, `height`) and `errors` (`domain`, `code`, outermost first).
    public func describe(_ scenario: Scenario) -> StructuredValue {
        var object = StructuredObject()
        object.append(.string(scenario.id), forKey: "id")
        object.append(.string(scenario.description), forKey: "description")
        object.append(.string(scenario.path), forKey: "url")
        object.append(.string(scenario.method.rawValue), forKey: "method")
        object.append(.int(Int64(scenario.status)), forKey: "status")
        object.append(scenario.contentType.map(StructuredValue.string) ?? .null, forKey: "contentType")
        object.append(.string(scenario.bodyKind), forKey: "bodyKind")
        object.append(.int(Int64(scenario.body.bytes.count)), forKey: "bodyLength")
        var headers = StructuredObject()
        for field in scenario.extraHeaders { headers.append(.string(field.value), forKey: field.name) }
        object.append(.object(headers), forKey: "headers")
        var expectations = StructuredObject()
        for serializer in ScenarioSerializer.allCases {
            expectations.append(scenario.expectations[serializer].map(Self.describe) ?? .null, forKey: serializer.rawValue)
        }
        object.append(.object(expectations), forKey: "expectations")
        return .object(object)
    }

    private static func describe(_ outcome: ExpectedOutcome) -> StructuredValue {
        var result = StructuredObject()
        var object = StructuredObject()
        switch outcome.object {
        case nil:
            break
        case .json(let value), .propertyList(let value):
            object.append(.string(outcome.object?.kind ?? ""), forKey: "kind")
            object.append(value, forKey: "value")
        case .image(let format, let width, let height):
            object.append("image", forKey: "kind")
            object.append(.string(format), forKey: "format")
            object.append(.int(Int64(width)), forKey: "width")
            object.append(.int(Int64(height)), forKey: "height")
        case .some(let other):
            object.append(.string(other.kind), forKey: "kind")
        }
        result.append(outcome.object == nil ? .null : .object(object), forKey: "object")
        let errors = outcome.errors.map { error -> StructuredValue in
            ["domain": .string(error.domain), "code": .int(Int64(error.code))]
        }
        result.append(.array(errors), forKey: "errors")
        return .object(result)
    }

    /// A plain-text table, one scenario per line: id, method, status, content type, body kind, then
    /// each serializer's outcome (`json; -1011 <- -1016`), followed by the notes.
    public func renderTable() -> String {
        let header = ["id", "method", "status", "content-type", "body"] + ScenarioSerializer.allCases.map(\.rawValue)
        let rows = scenarios.map { scenario in
            [scenario.id, scenario.method.rawValue, String(scenario.status), scenario.contentType ?? "(none)", scenario.bodyKind]
                + ScenarioSerializer.allCases.map { scenario.expectations[$0]?.description ?? "?" }
        }
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            .joined(separator: "  ")
        }
        var lines = [line(header)]
        lines += rows.map(line)
        lines.append("")
        lines.append("\(scenarios.count) scenarios. Compound = [\(ScenarioSerializer.compoundOrder.map(\.rawValue).joined(separator: ", "))], then the raw data.")
        lines += Self.notes.map { "Note: " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A plain HTML page with the same table (escaped, no scripts), each id linking to its URL and
    /// its description.
    public func renderHTML() -> [UInt8] {
        var html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Boomerang scenarios</title>"
        html += "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
        html += "padding:2px 6px;font-size:13px;vertical-align:top}</style></head><body>\n"
        html += "<h1>Boomerang scenarios</h1>\n<p>\(scenarios.count) scenarios. Compound = ["
        html += ScenarioSerializer.compoundOrder.map(\.rawValue).joined(separator: ", ") + "], then the raw data.</p>\n<ul>"
        for note in Self.notes { html += "<li>\(HTMLText.escaping(note))</li>" }
        html += "</ul>\n<table>\n<tr><th>id</th><th>description</th><th>method</th><th>status</th><th>content-type</th><th>body</th>"
        for serializer in ScenarioSerializer.allCases { html += "<th>\(serializer.rawValue)</th>" }
        html += "</tr>\n"
        for scenario in scenarios {
            let id = HTMLText.escaping(scenario.id)
            html += "<tr><td><a href=\"/scenarios/\(id)\">\(id)</a> (<a href=\"/scenarios/\(id).json\">json</a>)</td>"
            html += "<td>\(HTMLText.escaping(scenario.description))</td><td>\(scenario.method.rawValue)</td><td>\(scenario.status)</td>"
            html += "<td>\(HTMLText.escaping(scenario.contentType ?? "(none)"))</td><td>\(HTMLText.escaping(scenario.bodyKind))</td>"
            for serializer in ScenarioSerializer.allCases {
                html += "<td>\(HTMLText.escaping(scenario.expectations[serializer]?.description ?? "?"))</td>"
            }
            html += "</tr>\n"
        }
        html += "</table>\n</body></html>\n"
        return Array(html.utf8)
    }
}
