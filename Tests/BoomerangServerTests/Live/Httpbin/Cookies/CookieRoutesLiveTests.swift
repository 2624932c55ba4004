import BoomerangTesting
import Foundation
import Testing

/// The cookie routes with a real client's cookie jar (curl).
@Suite struct CookieRoutesLiveTests {
    @Test func setThenReadWithCurlsCookieJar() throws {
        let live = try LiveServer()
        let jar = try TemporaryFile(name: "jar.txt", bytes: [])
        let set = try ExternalTool.run("curl", ["-sS", "-L", "-c", jar.path, live.baseURL + "/cookies/set?k1=v1&k2=with%20space"])
        let cookies = set.json?["cookies"] as? [String: String]
        #expect(cookies == ["k1": "v1", "k2": "with space"], "\(set.stderr)")
        let deleted = try ExternalTool.run("curl", ["-sS", "-L", "-b", jar.path, "-c", jar.path, live.baseURL + "/cookies/delete?k1"])
        #expect(deleted.json?["cookies"] as? [String: String] == ["k2": "with space"])
    }
}
