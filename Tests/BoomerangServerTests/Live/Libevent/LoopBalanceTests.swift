import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

/// Connections spread evenly over the loops whatever socket the kernel's `SO_REUSEPORT` hash
/// picks: a loop that accepts a connection while another holds fewer hands it over, and a
/// handed connection is served as if its own loop had accepted it, over TLS too.
@Suite struct LoopBalanceTests {
    /// Waits until `condition` holds, for up to five seconds.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func twentyConnectionsOnTwoLoopsAreTenEachAndAllAreServed() throws {
        let live = try LiveServer(threads: 2)
        // Twenty land 10–10 by the hash alone about one time in six; unbalanced, almost never.
        var connections = try (0..<20).map { _ in try live.connect() }
        #expect(eventually { live.server.openConnections == 20 })
        #expect(live.server.connectionsPerLoop == [10, 10])
        for (index, connection) in connections.enumerated() {
            try connection.send("GET /anything/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse()?.status == 200)
        }
        connections.removeAll()
        // Every connection released its place, wherever it was served.
        #expect(eventually { live.server.connectionsPerLoop == [0, 0] })
        // A new connection goes where the kernel put it: no loop holds fewer.
        let next = try live.connect()
        try next.send("GET /get HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try next.readResponse()?.status == 200)
        #expect(live.server.connectionsPerLoop.reduce(0, +) == 1)
    }

    /// Twelve TLS connections open at once, a request on each: six served by each loop, as the
    /// history's `loop` says.
    @Test func handedTLSConnectionsFinishTheirHandshakeOnTheLoopTheyWereGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "boomerang-balance-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let live = try LiveServer(threads: 2) { settings in
            settings.httpsPort = 0
            settings.tlsStateDirectory = folder
            settings.tlsScenarioPorts = .off
        }
        let httpsPort = try #require(live.httpsPort)
        let script = """
            import http.client, ssl, sys
            context = ssl.create_default_context(cafile=sys.argv[2])
            connections = [http.client.HTTPSConnection("localhost", int(sys.argv[1]), context=context) for _ in range(12)]
            for connection in connections:
                connection.connect()
            statuses = []
            for index, connection in enumerate(connections):
                connection.request("GET", f"/anything/balanced-{index}")
                response = connection.getresponse()
                response.read()
                statuses.append(response.status)
            print(statuses)
            """
        let output = try ExternalTool.run("python3", ["-c", script, String(httpsPort), folder + "/root.pem"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(String(decoding: output.stdout, as: UTF8.self) == "[" + Array(repeating: "200", count: 12).joined(separator: ", ") + "]\n")
        let list = try #require(try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(live.port)/__admin/requests?limit=100"]).json)
        let ids = try #require(list["requests"] as? [[String: Any]]).filter { ($0["path"] as? String)?.hasPrefix("/anything/balanced-") == true }
            .compactMap { $0["id"] as? Int }
        #expect(ids.count == 12)
        var perLoop: [Int: Int] = [:]
        for id in ids {
            let entry = try #require(try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(live.port)/__admin/requests/\(id)"]).json)
            perLoop[try #require(entry["loop"] as? Int), default: 0] += 1
        }
        #expect(perLoop == [0: 6, 1: 6])
    }
}
