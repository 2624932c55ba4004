import BoomerangExchange
import Foundation

extension RawConnection {
    /// Sends one GET request on this connection and reads its response.
    func request(_ target: String, headers: [(String, String)] = []) throws -> Response {
        try request("GET", target, headers: headers)
    }

    /// Sends one HTTP/1.1 request on this connection and reads its response.
    func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + body)
        guard let response = try readResponse(forHead: method == "HEAD") else {
            throw Failure(description: "no response to \(method) \(target)")
        }
        return response
    }

    /// One GET request on a new connection.
    static func fetch(_ live: LiveServer, _ target: String, headers: [(String, String)] = []) throws -> Response {
        try RawConnection(port: live.port).request("GET", target, headers: headers)
    }

    /// One request on a new connection.
    static func fetch(
        _ live: LiveServer, _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> Response {
        try RawConnection(port: live.port).request(method, target, headers: headers, body: body)
    }
}

extension RawConnection.Response {
    func headers(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The `error.code` of an error answer.
    var errorCode: String? {
        (json?["error"] as? [String: Any])?["code"] as? String
    }
}
