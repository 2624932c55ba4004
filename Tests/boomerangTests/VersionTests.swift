import BoomerangRuntime
import BoomerangServer
import Testing

/// `boomerang --version` prints the version `/version` and `/__admin/health` report.
@Suite struct VersionTests {
    @Test func versionFlagPrintsTheServersVersion() throws {
        let run = try Subprocess.runBoomerang(["--version"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == BoomerangVersion.current + "\n")
    }
}
