import BoomerangTesting
import Crypto
import Foundation
import Testing

/// The auth routes with a real client (curl).
@Suite struct AuthRoutesLiveTests {
    @Test func curlBasicAuth() throws {
        let live = try LiveServer()
        let output = try ExternalTool.run("curl", ["-sS", "-u", "u:p", live.baseURL + "/basic-auth/u/p"])
        #expect(output.json?["authenticated"] as? Bool == true)
    }

    @Test(arguments: ["MD5", "SHA-256", "SHA-512"])
    func curlDigestAuth(algorithm: String) throws {
        let live = try LiveServer()
        let path = algorithm == "MD5" ? "/digest-auth/auth/u/p" : "/digest-auth/auth/u/p/\(algorithm)"
        let output = try ExternalTool.run("curl", ["-sS", "--digest", "-u", "u:p", live.baseURL + path])
        if algorithm == "SHA-512" {
            // curl does not implement SHA-512 digests; it must still get a clean 401, not an error.
            #expect(output.status == 0)
            return
        }
        #expect(output.json?["authenticated"] as? Bool == true, "\(output.stderr)")
    }
}
