import BoomerangRuntime

/// The states of the stateful scenarios (WireMock's `scenarioName`), one set per history
/// session: a scenario starts in ``started`` and moves when a mapping with `newScenarioState`
/// answers. Thread-safe; touched only by requests that meet a stateful mapping.
package final class ScenarioStates: Sendable {
    /// The state every scenario starts in.
    package static let started = "Started"

    private let states = Locked<[Key: String]>([:])

    private struct Key: Hashable {
        let session: String
        let scenario: String
    }

    /// The scenario's state in `session`.
    package func state(of scenario: String, session: String) -> String {
        states.withLock { $0[Key(session: session, scenario: scenario)] } ?? Self.started
    }

    /// Moves the scenario to `newState` if it is in `requiredState` (any state when nil), in one
    /// step, so two loops cannot both take the same step.
    ///
    /// - Returns: whether the scenario was in the required state.
    package func advance(_ scenario: String, session: String, from requiredState: String?, to newState: String?) -> Bool {
        let key = Key(session: session, scenario: scenario)
        return states.withLock { states in
            let current = states[key] ?? Self.started
            if let requiredState, requiredState != current { return false }
            if let newState { states[key] = newState }
            return true
        }
    }

    /// Every scenario back to ``started``, in every session.
    package func reset() {
        states.withLock { $0.removeAll() }
    }

    /// The scenarios that left ``started``, by session: `[(session, scenario, state)]`, sorted.
    package func snapshot() -> [(session: String, scenario: String, state: String)] {
        states.withLock { states in
            states.map { (session: $0.key.session, scenario: $0.key.scenario, state: $0.value) }
        }.sorted { ($0.session, $0.scenario) < ($1.session, $1.scenario) }
    }
}
