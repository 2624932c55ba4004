import BoomerangTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import BoomerangEcho
@testable import BoomerangServer

/// `x-set-response-fault` and "fail N times, then succeed" on the echo routes, each observed by a
/// real client: curl's exit code, URLSession's error.
@Suite struct ResponseFaultLiveTests {
    private func curl(_ live: LiveServer, _ target: String, _ extra: [String] = []) throws -> ExternalTool.Output {
        try ExternalTool.run("curl", ["-s", "--max-time", "10"] + extra + [live.baseURL + target])
    }

    @Test(arguments: [
        ("reset", Int32(56)), ("close-after-headers", 18), ("close-mid-body", 18), ("close-mid-body:10", 18),
        ("malformed-chunk", 56), ("garbage", 1),
    ])
    func eachFaultIsTheErrorCurlReports(fault: String, exitCode: Int32) throws {
        let live = try LiveServer()
        let result = try curl(live, "/get?x-set-response-fault=\(fault)", ["-o", "/dev/null"])
        #expect(result.status == exitCode, "\(fault): \(result.stderr)")
        #expect(try live.fetch("/get").status == 200)
    }

    @Test func theFaultMayComeAsAHeaderOnAnyEchoRoute() throws {
        let live = try LiveServer()
        let result = try curl(live, "/post", ["-d", "a=1", "-H", "x-set-response-fault: close-mid-body:5"])
        #expect(result.status == 18)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "{\n  \"")
    }

    @Test func stallHoldsTheConnectionUntilTheClientGivesUp() throws {
        let live = try LiveServer()
        let result = try ExternalTool.run("curl", ["-s", "--max-time", "1", live.baseURL + "/get?x-set-response-fault=stall"])
        #expect(result.status == 28, "curl: operation timed out")
        #expect(result.stdout.isEmpty)
    }

    @Test func dripSendsTheWholeEchoInPiecesWithItsLength() throws {
        let live = try LiveServer()
        let client = try ByteClient(port: live.port)
        try client.send("GET /get?x-set-response-fault=drip:200 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let result = client.readToEnd()
        #expect(result.ending == .closed)
        let text = String(decoding: result.bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let length = parts[0].components(separatedBy: "\r\n").first { $0.hasPrefix("Content-Length: ") }
        #expect(length == "Content-Length: \(parts[1].utf8.count)")
        let echo = try #require(try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any])
        #expect((echo["args"] as? [String: Any])?["x-set-response-fault"] as? String == "drip:200")
    }

    /// The history shows the response that was decided, and says that the client got a broken one.
    @Test(arguments: [("reset", "reset"), ("stall", "stall"), ("close-mid-body:10", "close-mid-body(10)")])
    func theHistoryNamesTheFaultThatWasSent(control: String, name: String) throws {
        let live = try LiveServer()
        _ = try curl(live, "/get?x-set-response-fault=\(control)", ["--max-time", "1", "-o", "/dev/null"])
        let entry = try live.lastEntry()
        #expect(entry.object("response")?.string("fault") == name)
        #expect(entry.diagnosticCodes.contains("responseFault"))
        #expect(try live.fetch("/get").status == 200)
        #expect(try live.lastEntry().object("response")?["fault"] is NSNull)
    }

    @Test func anUnknownFaultIsA400() throws {
        let live = try LiveServer()
        let response = try live.fetch("/get?x-set-response-fault=explode")
        #expect(response.status == 400)
        #expect(response.errorCode == "invalidControl")
    }

    @Test func failsNTimesThenSucceedsForAToken() throws {
        let live = try LiveServer()
        let token = "t-\(UUID().uuidString)"
        let target = "/get?x-set-response-fail-times=2&x-set-response-fail-token=\(token)"
        let connection = try RawConnection(port: live.port)
        let first = try connection.request(target)
        #expect(first.status == 503)
        #expect(first.header("Retry-After") == "0")
        #expect(first.header("X-Boomerang-Attempt") == "1")
        #expect(first.errorCode == "injectedFailure")
        #expect(try connection.request(target).status == 503)
        let third = try connection.request(target)
        #expect(third.status == 200)
        #expect(third.header("X-Boomerang-Attempt") == "3")
        #expect(try connection.request(target).header("X-Boomerang-Attempt") == "4")
        let other = "/get?x-set-response-fail-times=1&x-set-response-fail-token=\(token)-other"
        let retried = try ExternalTool.run(
            "curl", ["--no-progress-meter", "--retry", "2", "-w", "\n%{http_code}", live.baseURL + other])
        #expect(String(decoding: retried.stdout, as: UTF8.self).hasSuffix("}\n\n200"))
        #expect(retried.stderr.components(separatedBy: "Will retry").count == 2, "one retry: \(retried.stderr)")
    }

    @Test func failuresCanBeTransportFaults() throws {
        let live = try LiveServer()
        let token = "fault-\(UUID().uuidString)"
        let target = "/get?x-set-response-fault=reset&x-set-response-fail-times=1&x-set-response-fail-token=\(token)"
        #expect(try curl(live, target, ["-o", "/dev/null"]).status == 56)
        #expect(try curl(live, target, ["-o", "/dev/null"]).status == 0)
    }

    @Test(arguments: [
        "/get?x-set-response-fail-times=2", "/get?x-set-response-fail-times=-1&x-set-response-fail-token=a",
        "/get?x-set-response-fail-times=1001&x-set-response-fail-token=a", "/get?x-set-response-fail-times=1&x-set-response-fail-token=a%20b",
    ])
    func badFailureControlsAre400(target: String) throws {
        let live = try LiveServer()
        #expect(try live.fetch(target).status == 400)
    }

    @Test func theTokenTableForgetsTheLeastRecentlyUsed() {
        let counter = FailureCounter(capacity: 2)
        #expect(counter.attempt("a") == 1)
        #expect(counter.attempt("b") == 1)
        #expect(counter.attempt("a") == 2)
        #expect(counter.attempt("c") == 1)
        #expect(counter.count == 2)
        #expect(counter.attempt("a") == 3)
        #expect(counter.attempt("b") == 1)
    }

    /// The error URLSession reports for a request to `target`.
    private func urlSessionError(_ live: LiveServer, _ target: String) async throws -> URLError? {
        do {
            _ = try await URLSession.shared.data(for: URLRequest(url: live.url(target)))
            return nil
        } catch let error as URLError {
            return error
        }
    }

    @Test func urlSessionSeesEachFault() async throws {
        let live = try LiveServer()
        let reset = try await urlSessionError(live, "/get?x-set-response-fault=reset")
        #expect(reset?.code == .networkConnectionLost)
        let truncated = try #require(try await urlSessionError(live, "/get?x-set-response-fault=close-mid-body:10"))
        #if os(Linux)
        // swift-corelibs-foundation passes libcurl's partial-file error on without a code of its own.
        #expect(truncated.localizedDescription.contains("transfer closed with"))
        #else
        #expect(truncated.code == .networkConnectionLost)
        #endif
        let garbage = try #require(try await urlSessionError(live, "/get?x-set-response-fault=garbage"))
        #if os(Linux)
        #expect(garbage.localizedDescription.contains("HTTP/0.9"))
        #else
        #expect(garbage.code == .badServerResponse)
        #endif
        let succeeded = try await urlSessionError(live, "/get")
        #expect(succeeded == nil)
    }
}
