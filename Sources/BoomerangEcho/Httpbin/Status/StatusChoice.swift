import BoomerangExchange

/// The `{codes}` of `/status/{codes}`: one status, or a comma-separated list of statuses with
/// optional weights (`200:0.3,500:0.7`; a status without a weight weighs 1), one of which is
/// picked at random in proportion to its weight.
package struct StatusChoice: Equatable {
    /// The statuses and their weights, in the order written.
    package let choices: [(status: Int, weight: Double)]

    /// The most statuses one list may name.
    package static let maxChoiceCount = 100

    /// Parses `codes`.
    ///
    /// - Throws: ``ServerError/Code/invalidParameter`` for a status outside 100–599, a weight that
    ///   is not a finite number of 0 or more, more than ``maxChoiceCount`` entries, or weights
    ///   that add up to 0.
    package init(_ codes: String) throws(ServerError) {
        let entries = codes.split(separator: ",", omittingEmptySubsequences: false)
        guard entries.count <= Self.maxChoiceCount else {
            throw ServerError(.invalidParameter, "codes may list at most \(Self.maxChoiceCount) statuses", value: codes)
        }
        var choices: [(Int, Double)] = []
        for entry in entries {
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let code = try NumericParameter.int("status code", String(parts[0]), in: 100...599)
            var weight = 1.0
            if parts.count == 2 {
                weight = try NumericParameter.double("weight", String(parts[1]), in: 0...Double.greatestFiniteMagnitude)
            }
            choices.append((code, weight))
        }
        guard choices.reduce(0, { $0 + $1.1 }) > 0 else {
            throw ServerError(.invalidParameter, "the weights of codes add up to 0", value: codes)
        }
        self.choices = choices
    }

    /// One status, picked in proportion to the weights.
    package func pick(using generator: inout some RandomNumberGenerator) -> Int {
        let total = choices.reduce(0) { $0 + $1.weight }
        var point = Double.random(in: 0..<total, using: &generator)
        for choice in choices {
            if point < choice.weight { return choice.status }
            point -= choice.weight
        }
        return choices.last { $0.weight > 0 }!.status
    }

    package static func == (lhs: StatusChoice, rhs: StatusChoice) -> Bool {
        lhs.choices.elementsEqual(rhs.choices) { $0.status == $1.status && $0.weight == $1.weight }
    }
}
