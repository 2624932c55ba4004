import BoomerangTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The redirect routes followed by real clients (curl, URLSession).
@Suite struct RedirectRoutesLiveTests {
    @Test func curlFollowsAChainToGet() throws {
        let live = try LiveServer()
        let output = try ExternalTool.run("curl", ["-sS", "-L", "-o", "/dev/null", "-w", "%{http_code} %{num_redirects}", live.baseURL + "/redirect/5"])
        #expect(String(decoding: output.stdout, as: UTF8.self) == "200 5")
    }

    @Test func urlSessionFollowsAChainToGet() async throws {
        let live = try LiveServer()
        let (data, response) = try await URLSession.shared.data(from: live.url("/redirect/4?absolute=true"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(response.url?.path == "/get")
        let echo = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect((echo?["url"] as? String)?.hasSuffix("/get") == true)
    }

    @Test(arguments: [307, 308])
    func curlKeepsMethodAndBody(status: Int) throws {
        let live = try LiveServer()
        let output = try ExternalTool.run(
            "curl", ["-sS", "-L", "-d", "kept=yes", live.baseURL + "/redirect-to?url=/anything&status_code=\(status)"])
        #expect(output.json?["method"] as? String == "POST")
        #expect((output.json?["form"] as? [String: Any])?["kept"] as? String == "yes")
    }
}
