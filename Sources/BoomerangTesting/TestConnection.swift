/// One client connection of a test: bytes out, responses in, in order. Over a socket
/// (``RawConnection``) or in process (``InProcessConnection``).
public protocol TestConnection {
    /// Sends bytes as they are.
    func send(_ bytes: [UInt8]) throws
    /// Reads the next response (an interim `100 Continue` included); nil when the server closed,
    /// or went silent, before a status line.
    func readResponse(forHead: Bool) throws -> TestResponse?
    /// Ends the client's side (a FIN) and keeps reading.
    func shutdownWrite()
    /// The bytes that arrive before the server closes the connection, or nil when it is still
    /// open after `seconds` (of the connection's clock: real time over a socket, manual time in
    /// process).
    func bytesUntilClosed(within seconds: Double) -> [UInt8]?
    /// Reads exactly `count` bytes (after a head read with `readResponse(forHead: true)`, body
    /// bytes); fewer when the server closes or goes silent first.
    func read(exactly count: Int) -> [UInt8]
}

/// A request a connection could not complete.
public struct TestConnectionFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// A failure saying `description`.
    public init(description: String) {
        self.description = description
    }
}

extension TestConnection {
    /// Sends the UTF-8 of `text` as it is.
    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Reads the next response to a request that was not a HEAD.
    public func readResponse() throws -> TestResponse? {
        try readResponse(forHead: false)
    }

    /// Sends `request` and reads its response.
    public func execute(_ request: TestRequest) throws -> TestResponse {
        try send(request.bytes)
        guard let response = try readResponse(forHead: request.isHead) else {
            throw TestConnectionFailure(description: "no response to \(String(decoding: request.bytes.prefix(80), as: UTF8.self))")
        }
        return response
    }

    /// Sends one GET request on this connection and reads its response.
    public func request(_ target: String, headers: [(String, String)] = []) throws -> TestResponse {
        try execute(TestRequest("GET", target, headers: headers))
    }

    /// Sends one HTTP/1.1 request on this connection and reads its response.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> TestResponse {
        try execute(TestRequest(method, target, headers: headers, body: body))
    }

    /// Whether the server closes the connection within `seconds` (the connection's clock).
    public func closedByServer(within seconds: Double = 3) -> Bool {
        bytesUntilClosed(within: seconds) != nil
    }
}
