import BoomerangTesting
import Foundation
import Testing

/// The cookie routes with a real client's cookie jar (curl).
@Suite struct CookieRoutesLiveTests {
    @Test func setThenReadWithCurlsCookieJar() throws {
        let live = try LiveServer()
        let jar = try TemporaryFile(name: "jar.txt", bytes: [])
        let set = try ExternalTool.run("curl", ["-sS", "-L", "-c", jar.path, live.baseURL + "/cookies/set?k1=v1&k2=%22bar:baz%22"])
        let cookies = set.json?["cookies"] as? [String: String]
        #expect(cookies == ["k1": "v1", "k2": "bar:baz"], "\(set.stderr)")
        let deleted = try ExternalTool.run("curl", ["-sS", "-L", "-b", jar.path, "-c", jar.path, live.baseURL + "/cookies/delete?k1"])
        #expect(deleted.json?["cookies"] as? [String: String] == ["k2": "bar:baz"])
    }
}
