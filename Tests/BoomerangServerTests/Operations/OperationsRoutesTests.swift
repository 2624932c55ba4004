import BoomerangRuntime
import BoomerangServer
import BoomerangTesting
import Foundation
import Testing

/// `/__admin/health` and `/version`, in process.
@Suite struct OperationsRoutesTests {
    @Test func healthAnswersWithoutTheAdminToken() throws {
        let server = InProcessServer { $0.adminToken = "s3cret" }
        let response = try server.fetch("/__admin/health")
        #expect(response.status == 200)
        let health = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(health["status"] as? String == "ok")
        #expect(health["version"] as? String == BoomerangVersion.current)
        #expect((health["uptimeSeconds"] as? NSNumber).map { $0.doubleValue >= 0 } == true)
        #expect(health["threads"] as? Int == 1)
        #expect((health["history"] as? [String: Any])?["enabled"] as? Bool == true)
        #expect(try server.fetch("/__admin/metrics").status == 401)
    }

    @Test func versionAgreesWithHealth() throws {
        let server = InProcessServer()
        let version = try server.fetch("/version")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(version.body)) as? [String: Any])
        #expect(object["version"] as? String == BoomerangVersion.current)
    }
}
