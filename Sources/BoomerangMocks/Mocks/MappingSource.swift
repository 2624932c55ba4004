import BoomerangEcho
import BoomerangExchange
import BoomerangSerialization

/// The mock mappings as the router's first source of answers: a mapping whose head matches answers
/// (its body patterns may still hand the request to the built-in route); otherwise the route table
/// does, and its 404 names the nearest mapping. Consulted only while there are mappings.
package final class MappingSource: ResponderSource {
    package let store: MappingStore
    package let echoConfiguration: EchoConfiguration

    package init(store: MappingStore, echoConfiguration: EchoConfiguration) {
        self.store = store
        self.echoConfiguration = echoConfiguration
    }

    package var isEmpty: Bool { store.isEmpty }

    package func choose(_ request: SourceRequest) -> RoutingChoice? {
        let set = store.current
        guard !set.mappings.isEmpty else { return nil }
        let method = request.context.head.method
        guard set.mayMatch(method: method.rawValue, path: request.path) else {
            return withNearMiss(request.builtIn(), set) { patternSubject(request) }
        }
        let subject = patternSubject(request)
        var candidates = set.candidates(for: subject, states: store.states)
        if candidates.isEmpty && method == .head {
            // As the route table does, a GET mapping answers HEAD (without its body).
            var asGet = subject
            asGet.method = HTTPMethod.get.rawValue
            candidates = set.candidates(for: asGet, states: store.states)
        }
        guard let last = candidates.last else {
            return withNearMiss(request.builtIn(), set) { subject }
        }
        var fallback: (responder: any Responder, route: String?)?
        if !last.request.bodyPatterns.isEmpty {
            let builtIn = withNearMiss(request.builtIn(), set) { subject }
            fallback = (builtIn.responder, builtIn.route)
        }
        let responder = MockResponder(
            candidates: candidates, set: set, subject: subject, context: request.context, store: store,
            echoConfiguration: echoConfiguration, fallback: fallback)
        return RoutingChoice(
            responder: responder, route: candidates[0].routeName, isDecidedByBody: true, routedPath: request.path,
            pathSession: request.pathSession)
    }

    /// What the mappings match a request head against.
    private func patternSubject(_ request: SourceRequest) -> PatternSubject {
        let head = request.context.head
        return PatternSubject(
            method: head.method.rawValue, path: request.path, query: head.query, headers: head.headers, body: nil,
            session: SessionName.resolve(pathSession: request.pathSession, headers: head.headers))
    }

    /// The table's 404, made to name the nearest mapping.
    private func withNearMiss(_ choice: consuming RoutingChoice, _ set: MappingSet, _ subject: () -> PatternSubject) -> RoutingChoice {
        guard let refusal = choice.refusal, refusal.code == .notFound else { return choice }
        var nearMiss = choice
        nearMiss.responder = NearMissResponder(
            error: refusal, set: set, states: store.states, subject: subject(), maxBodyBytes: echoConfiguration.maxBufferedBodyBytes)
        return nearMiss
    }
}
