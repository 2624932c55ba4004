import BoomerangRuntime
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangMocks
@testable import BoomerangServer

/// Stateful sequences (WireMock scenarios): the Nth call answers differently, per session, and
/// `POST /__admin/scenarios/reset` starts them again.
@Suite struct MockScenarioTests {
    static let sequence = """
        mappings:
          - name: first
            scenarioName: job
            requiredScenarioState: Started
            newScenarioState: running
            request: { method: GET, urlPath: /job }
            response: { body: queued }
          - name: second
            scenarioName: job
            requiredScenarioState: running
            newScenarioState: done
            request: { method: GET, urlPath: /job }
            response: { body: running }
          - name: third
            scenarioName: job
            requiredScenarioState: done
            request: { method: GET, urlPath: /job }
            response: { body: done }
        """

    @Test func theNthCallAnswersDifferentlyUntilReset() throws {
        let folder = try MappingFolder(["job.yaml": Self.sequence])
        let server = folder.serveInProcess()
        let answers = try (0..<4).map { _ in try server.call("GET", "/job").text }
        #expect(answers == ["queued", "running", "done", "done"])
        let states = try #require(try server.admin("/__admin/scenarios").json?["scenarios"] as? [[String: Any]])
        #expect(states.count == 1)
        #expect(states.first?["state"] as? String == "done")
        #expect(try server.admin("POST", "/__admin/scenarios/reset").status == 200)
        #expect(try server.call("GET", "/job").text == "queued")
    }

    @Test func eachSessionHasItsOwnState() throws {
        let folder = try MappingFolder(["job.yaml": Self.sequence])
        let server = folder.serveInProcess()
        #expect(try server.call("GET", "/job").text == "queued")
        #expect(try server.call("GET", "/s/ci-1/job").text == "queued")
        #expect(try server.call("GET", "/s/ci-1/job").text == "running")
        #expect(try server.call("GET", "/job", headers: [("X-Boomerang-Session", "ci-2")]).text == "queued")
        #expect(try server.call("GET", "/job").text == "running")
        #expect(try server.call("GET", "/s/ci-1/job").text == "done")
    }

    @Test func statesAreKeptPerSessionAndScenario() {
        let states = ScenarioStates()
        #expect(states.state(of: "a", session: "x") == "Started")
        #expect(states.advance("a", session: "x", from: "Started", to: "two"))
        #expect(!states.advance("a", session: "x", from: "Started", to: "three"))
        #expect(states.state(of: "a", session: "x") == "two")
        #expect(states.state(of: "a", session: "y") == "Started")
        #expect(states.state(of: "b", session: "x") == "Started")
        states.reset()
        #expect(states.state(of: "a", session: "x") == "Started")
    }
}
