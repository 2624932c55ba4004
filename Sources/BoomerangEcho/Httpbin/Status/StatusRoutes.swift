import BoomerangExchange

/// `/status/{codes}` and go-httpbin's `/unstable`.
package enum StatusRoutes {
    package static func register(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        group.add(
            "status", .only([.get, .post, .put, .patch, .delete]), "/status/{codes}",
            summary: "The status given, or one picked from a weighted list (200:0.3,500:0.7)"
        ) { request throws(ServerError) in
            let choice = try StatusChoice(request.parameters.string("codes") ?? "")
            var generator = SystemRandomNumberGenerator()
            return FixedResponder(StatusResponse.make(choice.pick(using: &generator)))
        }
        group.add(
            "unstable", .any, "/unstable",
            summary: "500 at the failure_rate given (0.5 by default), else 200; seed makes it repeatable"
        ) { request throws(ServerError) in
            let query = HttpbinQuery(request.head)
            var failureRate = 0.5
            if let text = query.first("failure_rate") {
                failureRate = try NumericParameter.double("failure_rate", text, in: 0...1)
            }
            var generator = SeededGenerator(seed: try query.first("seed").map(NumericParameter.seed) ?? UInt64.random(in: .min ... .max))
            let failed = Double.random(in: 0..<1, using: &generator) < failureRate
            return FixedResponder(Response(status: failed ? 500 : 200, headers: ["Content-Type": "text/plain; charset=utf-8"]))
        }
    }
}
