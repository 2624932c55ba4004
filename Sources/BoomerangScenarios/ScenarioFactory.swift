import BoomerangSerialization

/// Builds one scenario and computes its expectations.
enum ScenarioFactory {
    static func make(
        id: String,
        description: String? = nil,
        method: HTTPMethod = .get,
        status: Int,
        contentType: String?,
        body: ScenarioBody,
        extraHeaders: HTTPHeaders = HTTPHeaders()
    ) -> Scenario {
        var scenario = Scenario(
            id: id,
            description: "",
            method: method,
            status: status,
            contentType: contentType,
            body: body,
            extraHeaders: extraHeaders,
            expectations: [:]
        )
        scenario.description = description ?? defaultDescription(scenario)
        for serializer in ScenarioSerializer.allCases {
            scenario.expectations[serializer] = ExpectationRules.outcome(
                serializer,
                status: status,
                contentType: contentType,
                body: scenario.receivedBody
            )
        }
        return scenario
    }

    private static func defaultDescription(_ scenario: Scenario) -> String {
        let type = scenario.contentType.map { "Content-Type \($0)" } ?? "no Content-Type"
        return "\(scenario.method) → \(scenario.status), \(type), \(scenario.body.summary)"
    }
}
