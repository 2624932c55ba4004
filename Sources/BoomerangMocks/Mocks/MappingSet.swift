import BoomerangSerialization
import Foundation

/// The mappings in force at one moment, in matching order, with the errors of the last load.
/// Immutable: a request reads the current set once and uses it to the end, while a reload makes
/// a new one.
package final class MappingSet: Sendable {
    /// In matching order: priority (1 first), then the more specific pattern, then load order.
    package let mappings: [MockMapping]
    /// Why mappings or whole files could not be loaded (``MappingError/keepsPrevious`` says
    /// whether a last good version answers instead).
    package let errors: [MappingError]
    /// When the files were last read.
    package let loadedAt: Date
    /// Counts every new set, for the admin API and the page.
    package let generation: Int
    /// One per mapping, in the same order: what a request must have for the mapping to be worth
    /// matching, checked before anything else of the request is looked at.
    private let screens: [MappingScreen]
    /// The ``MappingScreen/leadByte`` of every screen, as a set of 128 bits; `nil` when a screen
    /// has none (then every request is screened mapping by mapping).
    private let leadBytes: (low: UInt64, high: UInt64)?

    package init(mappings: [MockMapping], errors: [MappingError], loadedAt: Date, generation: Int) {
        self.mappings = mappings.enumerated().sorted { a, b in
            if a.element.priority != b.element.priority { return a.element.priority < b.element.priority }
            let (x, y) = (a.element.request.specificity, b.element.request.specificity)
            if x != y { return x > y }
            return a.offset < b.offset
        }.map(\.element)
        let screens = self.mappings.map { MappingScreen($0.request) }
        self.screens = screens
        var leadBytes: (low: UInt64, high: UInt64)? = (0, 0)
        for screen in screens {
            guard let byte = screen.leadByte, byte < 0x80 else {
                leadBytes = nil
                break
            }
            if byte < 64 { leadBytes?.low |= 1 << byte } else { leadBytes?.high |= 1 << (byte - 64) }
        }
        self.leadBytes = leadBytes
        self.errors = errors
        self.loadedAt = loadedAt
        self.generation = generation
    }

    /// The mappings whose head matches (method, URL, query, headers, scenario state), in order, up
    /// to and including the first that has no body patterns: the ones the body then decides between.
    package func candidates(for subject: PatternSubject, states: ScenarioStates) -> [MockMapping] {
        let admitted = MappingScreen.Subject.read(path: subject.path) { request in
            screens.indices.filter { screens[$0].admits(request, method: subject.method) }
        }
        var found: [MockMapping] = []
        for index in admitted {
            guard mappings[index].request.matchesHead(subject) else { continue }
            let mapping = mappings[index]
            if let step = mapping.scenario, let required = step.requiredState,
                states.state(of: step.name, session: subject.session) != required
            {
                continue
            }
            found.append(mapping)
            if mapping.request.bodyPatterns.isEmpty { break }
        }
        return found
    }

    /// Whether the head of any mapping could match a request with this method and routed path
    /// (a `HEAD` request also tries the `GET` mappings): when none can, the request goes to the
    /// route table without being matched field by field.
    package func mayMatch(method: String, path: Substring) -> Bool {
        if let leadBytes, let lead = Self.leadByte(path), lead < 0x80 {
            let bit = lead < 64 ? leadBytes.low & (1 << lead) : leadBytes.high & (1 << (lead - 64))
            if bit == 0 { return false }
        }
        let isHead = method == "HEAD"
        return MappingScreen.Subject.read(path: path) { request in
            screens.contains { $0.admits(request, method: method) || (isHead && $0.admits(request, method: "GET")) }
        }
    }

    /// The byte after a path's leading `/` (0 for `/` alone); `nil` for a path without one.
    private static func leadByte(_ path: Substring) -> UInt8? {
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return nil }
        return bytes.next() ?? 0
    }

    /// The mapping that comes closest to matching, and what it does not match: the fewest
    /// mismatching fields, a URL mismatch counting as three and by how far the texts are apart.
    package func nearest(to subject: PatternSubject, states: ScenarioStates) -> (mapping: MockMapping, mismatches: [PatternMismatch])? {
        var best: (mapping: MockMapping, mismatches: [PatternMismatch], score: Double)?
        for mapping in mappings {
            var mismatches = mapping.request.mismatches(subject)
            if let step = mapping.scenario, let required = step.requiredState {
                let state = states.state(of: step.name, session: subject.session)
                if state != required {
                    mismatches.append(PatternMismatch(field: "scenario \(step.name)", expected: "state \(required)", actual: "state \(state)"))
                }
            }
            let score = mismatches.reduce(0.0) { total, mismatch in
                total + (mismatch.field.hasPrefix("url") ? 3 + Self.distance(mismatch.expected, mismatch.actual) : 1)
            }
            if best == nil || score < best!.score { best = (mapping, mismatches, score) }
        }
        return best.map { ($0.mapping, $0.mismatches) }
    }

    /// The edit distance of two texts over the longer one's length: 0 for equal, 1 for unrelated.
    package static func distance(_ a: String, _ b: String) -> Double {
        let x = Array(a.utf8.prefix(256))
        let y = Array(b.utf8.prefix(256))
        guard !x.isEmpty || !y.isEmpty else { return 0 }
        var previous = Array(0...y.count)
        for i in 1...max(1, x.count) where !x.isEmpty {
            var row = [i] + Array(repeating: 0, count: y.count)
            for j in stride(from: 1, through: y.count, by: 1) {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return Double(x.isEmpty ? y.count : previous[y.count]) / Double(max(x.count, y.count))
    }
}
