import Foundation
import Testing

@Suite struct ScenariosCommandTests {
    @Test func tablePrintsOneRowPerScenarioWithItsExpectations() throws {
        let result = try Subprocess.runBoomerang(["scenarios", "--filter", "json-404-acceptable-valid"])
        #expect(result.status == 0)
        let rows = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("json-404-acceptable-valid ") }
        #expect(rows.count == 1)
        #expect(rows.first?.contains("json; AF -1011") == true, "\(result.standardOutput)")
    }

    @Test func jsonHasTheWholeCatalogue() throws {
        let result = try Subprocess.runBoomerang(["scenarios", "--format", "json"])
        #expect(result.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let scenarios = document?["scenarios"] as? [[String: Any]] ?? []
        #expect(scenarios.count >= 120)
        #expect((document?["count"] as? Int) == scenarios.count)
    }
}
