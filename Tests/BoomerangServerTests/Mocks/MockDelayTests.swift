import BoomerangSerialization
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangEcho
@testable import BoomerangMocks
@testable import BoomerangServer

/// `delayDistribution`: WireMock's lognormal (median, sigma) beside uniform and fixed, its draws
/// checked against the distribution with a seeded generator, and the message for an unsupported type.
@Suite struct MockDelayTests {
    func read(_ yaml: String) throws(MappingError) -> MockDelay {
        let text = "request: { urlPath: /d }\nresponse:\n  delayDistribution: \(yaml)\n"
        let result = MappingLoader.parse(text, file: "d.yaml", filesDirectory: nil)
        if let error = result.errors.first { throw error }
        return result.mappings!.first!.response.delay
    }

    func message(_ yaml: String) -> String? {
        do {
            _ = try read(yaml)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func lognormalIsReadWithItsDefaultCapOrItsMaxValue() throws {
        #expect(try read("{ type: lognormal, median: 80, sigma: 0.4 }") == .lognormal(median: 80, sigma: 0.4, cap: 800))
        #expect(try read("{ type: lognormal, median: 80.5, sigma: 1 }") == .lognormal(median: 80.5, sigma: 1, cap: 805))
        #expect(try read("{ type: lognormal, median: 80, sigma: 0.4, maxValue: 200 }") == .lognormal(median: 80, sigma: 0.4, cap: 200))
        #expect(try read("{ type: lognormal, median: 500000, sigma: 1 }") == .lognormal(median: 500000, sigma: 1, cap: 600_000))
        #expect(try read("{ type: fixed, milliseconds: 30 }") == .fixed(milliseconds: 30))
        #expect(try read("{ type: uniform, lower: 1, upper: 3 }") == .uniform(lower: 1, upper: 3))
    }

    @Test func anUnsupportedTypeNamesTheSupportedOnes() {
        #expect(
            message("{ type: pareto, scale: 3 }")
                == #"d.yaml:3: response.delayDistribution.type: unsupported distribution "pareto"; the supported types are fixed, lognormal, uniform"#)
        #expect(message("{ median: 3 }") == "d.yaml:3: response.delayDistribution.type: missing; the supported types are fixed, lognormal, uniform")
        #expect(message("{ type: lognormal, median: 0, sigma: 1 }")?.contains("expected {type: lognormal, median: ms, sigma: number") == true)
        #expect(message("{ type: lognormal, median: 10, sigma: -1 }") != nil)
        #expect(message("{ type: lognormal, median: 10, sigma: 1, maxValue: 5 }")?.contains("response.delayDistribution.maxValue: ") == true)
        #expect(message("{ type: lognormal, median: 10, sigma: 1, lower: 5 }")?.contains("response.delayDistribution.lower: unknown key") == true)
        #expect(message("{ type: uniform, lower: 5, upper: 1 }")?.contains("expected {type: uniform, lower: ms, upper: ms}") == true)
    }

    @Test func lognormalDrawsFollowTheDistributionUpToTheirCap() throws {
        let median = 100.0
        let sigma = 0.5
        let delay = MockDelay.lognormal(median: median, sigma: sigma, cap: 1000)
        var generator = SeededGenerator(seed: 42)
        let count = 40_000
        let draws = (0..<count).map { _ in delay.draw(using: &generator)! }
        // ln(draw) is normal with mean ln(median) and deviation sigma; the standard error of the
        // mean is sigma/√n = 0.0025 and of the deviation about sigma/√(2n) = 0.0018.
        let logs = draws.map { log(Double(max($0, 1))) }
        let mean = logs.reduce(0, +) / Double(count)
        let deviation = (logs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(count - 1)).squareRoot()
        #expect(abs(mean - log(median)) < 0.015, "mean of ln = \(mean)")
        #expect(abs(deviation - sigma) < 0.015, "deviation of ln = \(deviation)")
        let sorted = draws.sorted()
        #expect(abs(Double(sorted[count / 2]) - median) <= 2, "median \(sorted[count / 2])")
        // The 84.1st percentile of a lognormal is median × e^sigma = 164.9.
        #expect(abs(Double(sorted[Int(Double(count) * 0.8413)]) - median * exp(sigma)) < 5, "p84 \(sorted[Int(Double(count) * 0.8413)])")
        #expect(sorted.last! <= 1000)
    }

    @Test func theCapHoldsTheTailAtItsValue() {
        // With sigma 1 and a cap at 10 × the median, P(Z > ln 10) = 1.07 % of the draws are cut.
        let delay = MockDelay.lognormal(median: 50, sigma: 1, cap: 500)
        var generator = SeededGenerator(seed: 7)
        let count = 40_000
        let draws = (0..<count).map { _ in delay.draw(using: &generator)! }
        let capped = Double(draws.filter { $0 == 500 }.count) / Double(count)
        #expect(draws.allSatisfy { $0 >= 0 && $0 <= 500 })
        #expect(capped > 0.0085 && capped < 0.013, "capped fraction \(capped)")
    }

    @Test func aWideDistributionNeverDrawsPastItsCap() {
        // e^(10 × 4) × 600000 is far past Int.max: the draw is compared with the cap before it
        // becomes an Int.
        let delay = MockDelay.lognormal(median: 600_000, sigma: 10, cap: 600_000)
        var generator = SeededGenerator(seed: 1)
        let draws = (0..<10_000).map { _ in delay.draw(using: &generator)! }
        #expect(draws.allSatisfy { (0...600_000).contains($0) })
        #expect(draws.contains(600_000))
    }

    @Test func standardNormalDrawsHaveMeanZeroAndDeviationOne() {
        var generator = SeededGenerator(seed: 2026)
        let count = 50_000
        let draws = (0..<count).map { _ in MockDelay.standardNormal(using: &generator) }
        let mean = draws.reduce(0, +) / Double(count)
        let variance = draws.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(count - 1)
        #expect(abs(mean) < 0.015, "mean \(mean)")
        #expect(abs(variance - 1) < 0.03, "variance \(variance)")
        let within = Double(draws.filter { abs($0) < 1.96 }.count) / Double(count)
        #expect(abs(within - 0.95) < 0.005, "within ±1.96: \(within)")
    }

    @Test func aMappingWithALognormalDelayAnswers() throws {
        let folder = try MappingFolder([
            "slow.yaml": """
                name: slow
                request: { urlPath: /slow }
                response: { body: eventually, delayDistribution: { type: lognormal, median: 20, sigma: 0.3 } }
                """
        ])
        let server = folder.serveInProcess()
        let list = try server.mappingList()
        #expect((list["errors"] as? [Any])?.isEmpty == true, "\(list)")
        let response = try server.call("GET", "/slow")
        #expect(response.status == 200)
        #expect(response.text == "eventually")
    }
}
