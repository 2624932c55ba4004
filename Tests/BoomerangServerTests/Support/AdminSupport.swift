import BoomerangExchange
import BoomerangTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension TestClient {
    /// A GET admin request with a loopback Host.
    func admin(_ target: String, headers: [String] = []) throws -> TestResponse {
        try admin("GET", target, headers: headers)
    }

    /// An admin request with a loopback Host.
    func admin(_ method: String, _ target: String, body: String? = nil, headers: [String] = []) throws -> TestResponse {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: \(authority)\r\n"
        for header in headers { request += header + "\r\n" }
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        request += "\r\n" + (body ?? "")
        return try send(request)
    }

    /// `GET /__admin/requests…` as JSON.
    func adminJSON(_ target: String) throws -> [String: Any] {
        let response = try admin(target)
        #expect(response.status == 200, "\(target): \(response.text)")
        return try #require(response.json)
    }

    /// The listed summaries, newest first.
    func listed(_ query: String = "") throws -> [[String: Any]] {
        try adminJSON("/__admin/requests" + query)["requests"] as? [[String: Any]] ?? []
    }

    /// The newest full entry.
    func lastEntry(_ query: String = "") throws -> [String: Any] {
        try adminJSON("/__admin/requests/last" + query)
    }

    /// Waits until the history holds `count` entries (recording of an abort happens when the
    /// server notices the close).
    func waitForEntries(_ count: Int, timeout: Double = 3) throws -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let entries = try listed()
            if entries.count >= count || Date() > deadline { return entries }
            usleep(20_000)
        }
    }
}

extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    func string(_ key: String) -> String? { self[key] as? String }
    /// The `code` of each diagnostic in `request.diagnostics`.
    var diagnosticCodes: [String] {
        (object("request")?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }
}
