import BoomerangSerialization

/// What a multipart body's part heads say that other servers read differently or drop: a part
/// with no `Content-Disposition` or no `name` (Go's `ReadForm` skips it), two
/// `Content-Disposition` fields or two `name` parameters (which one counts depends on the
/// server), a disposition other than `form-data`, and a `boundary*` parameter beside `boundary`
/// in the request's `Content-Type`. The echo shows each such part as read here; these findings
/// say why another server may not. Each kind is reported once, for the first part that has it,
/// with how many parts do.
package struct PartHeadFindings {
    private enum Finding: Int, CaseIterable {
        case withoutDisposition, withoutName, duplicateDisposition, duplicateParameter, notFormData

        var code: String {
            switch self {
            case .withoutDisposition: "partWithoutDisposition"
            case .withoutName: "partWithoutName"
            case .duplicateDisposition: "duplicatePartDisposition"
            case .duplicateParameter: "duplicatePartParameter"
            case .notFormData: "partNotFormData"
            }
        }

        var level: Diagnostic.Level { self == .notFormData ? .info : .warning }

        func message(part: Int) -> String {
            switch self {
            case .withoutDisposition:
                "part #\(part) has no Content-Disposition header (RFC 7578 §4.2 requires `form-data; name=\"…\"`): it is echoed in form under the name \"\"; Go's ReadForm drops such a part"
            case .withoutName:
                "part #\(part)'s Content-Disposition has no name parameter (RFC 7578 §4.2 requires one): it is echoed under the name \"\"; Go's ReadForm drops such a part"
            case .duplicateDisposition:
                "part #\(part) has more than one Content-Disposition header: the first is used here; other servers may take the last"
            case .duplicateParameter:
                "part #\(part)'s Content-Disposition repeats its name or filename parameter: the first is used here; other servers may take the last"
            case .notFormData:
                "part #\(part)'s Content-Disposition type is not form-data (RFC 7578 §4.2): it is echoed by its name as any other part"
            }
        }
    }

    /// Per finding, the first part that has it and how many do.
    private var firstPart = [Int](repeating: 0, count: Finding.allCases.count)
    private var partCount = [Int](repeating: 0, count: Finding.allCases.count)
    private let extendedBoundaryIgnored: Bool

    /// Findings for a body whose parser ignored a `boundary*` parameter (RFC 2231) beside the
    /// plain `boundary`, or not (``MultipartParser/ignoresExtendedBoundary``).
    package init(extendedBoundaryIgnored: Bool) {
        self.extendedBoundaryIgnored = extendedBoundaryIgnored
    }

    /// Checks the head of part number `part` (counted from 1).
    package mutating func check(_ head: MultipartPartHead, part: Int) {
        let dispositions = head.headers.values(for: "Content-Disposition")
        guard let first = dispositions.first else {
            note(.withoutDisposition, part: part)
            return
        }
        if dispositions.count > 1 { note(.duplicateDisposition, part: part) }
        guard let disposition = ContentDisposition(parsing: first) else {
            note(.withoutName, part: part)
            return
        }
        if disposition.name == nil { note(.withoutName, part: part) }
        if Self.repeatsParameter(disposition) { note(.duplicateParameter, part: part) }
        if !HTTPHeaders.namesMatch(disposition.type, "form-data") { note(.notFormData, part: part) }
    }

    /// The findings, in a fixed order.
    package var diagnostics: [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if extendedBoundaryIgnored {
            diagnostics.append(Diagnostic(
                "boundaryExtendedIgnored", .warning,
                "the Content-Type has a boundary* parameter (RFC 2231) beside boundary: boundary* is ignored here; a server that reads it would split the body elsewhere"))
        }
        for finding in Finding.allCases where partCount[finding.rawValue] > 0 {
            let others = partCount[finding.rawValue] - 1
            diagnostics.append(Diagnostic(
                finding.code, finding.level,
                finding.message(part: firstPart[finding.rawValue])
                    + (others > 0 ? " (and \(others) more part\(others == 1 ? "" : "s"))" : "")))
        }
        return diagnostics
    }

    private mutating func note(_ finding: Finding, part: Int) {
        if partCount[finding.rawValue] == 0 { firstPart[finding.rawValue] = part }
        partCount[finding.rawValue] += 1
    }

    private static func repeatsParameter(_ disposition: ContentDisposition) -> Bool {
        var names = 0
        var filenames = 0
        for parameter in disposition.parameters {
            if HTTPHeaders.namesMatch(parameter.name, "name") { names += 1 }
            if HTTPHeaders.namesMatch(parameter.name, "filename") { filenames += 1 }
        }
        return names > 1 || filenames > 1
    }
}
