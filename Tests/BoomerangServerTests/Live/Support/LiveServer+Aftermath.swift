import BoomerangTesting
import Testing

extension LiveServer {
    /// What follows the answer to a hostile row: the connection closes when the row says so and
    /// still serves a request otherwise, and a new connection is served either way.
    func expectAftermath(of row: String, on connection: RawConnection, closes: Bool, host: String) throws {
        if closes {
            #expect(connection.closedByServer(), "\(row)")
        } else {
            try connection.send("GET /get HTTP/1.1\r\n\(host)\r\n")
            #expect(try connection.readResponse()?.status == 200, "\(row): connection unusable after the answer")
        }
        try expectServing(after: row, host: host)
    }

    /// A new connection is served after `row`.
    func expectServing(after row: String, host: String) throws {
        let next = try RawConnection(port: port)
        try next.send("GET /get HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        #expect(try next.readResponse()?.status == 200, "\(row): server stopped serving")
    }
}
