import BoomerangSerialization

/// Every scenario the server serves under `/scenarios/{id}`, each with its expected outcome for the
/// eight serializer configurations of ``ScenarioSerializer``.
///
/// Rows are generated from a matrix (family × status × content type × body, see
/// ``ScenarioCatalogue/standard``) plus hand-written special rows; expectations come from
/// ``ExpectationRules`` and the bodies' hand-written readings, never from running a serializer.
///
/// ```swift
/// let catalogue = ScenarioCatalogue.standard
/// catalogue.scenario(id: "json-404-acceptable-valid")?.expectations[.json]
/// // json; -1011
/// print(catalogue.renderTable())
/// ```
public struct ScenarioCatalogue: Sendable {
    /// The scenarios in catalogue order.
    public let scenarios: [Scenario]
    private let positions: [String: Int]

    /// Notes on cells of the matrix that are deliberately not served.
    public static let notes: [String] = [
        "1xx (informational) is not applicable: a 1xx is never the final response of an HTTP/1.1 exchange, "
            + "so no serializer ever sees one; it has no scenario URL.",
        "204 and HEAD responses carry no body on the wire whatever the server holds; their expectations use "
            + "the empty body the client receives.",
        "3xx rows answer with Location: /get; the expectations are for a client that does not follow redirects.",
    ]

    /// Creates a catalogue from scenarios whose expectations are filled in.
    public init(scenarios: [Scenario]) {
        self.scenarios = scenarios
        var positions: [String: Int] = [:]
        for (position, scenario) in scenarios.enumerated() where positions[scenario.id] == nil {
            positions[scenario.id] = position
        }
        self.positions = positions
    }

    /// The scenario with this id.
    public func scenario(id: String) -> Scenario? {
        positions[id].map { scenarios[$0] }
    }

    /// The built-in catalogue.
    public static let standard = ScenarioCatalogue(scenarios: ScenarioMatrix.allScenarios())
}
