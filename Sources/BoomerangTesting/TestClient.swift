/// A server a test talks to, over sockets (``LiveServer``) or in process (``InProcessServer``):
/// suites written against it can run either way.
public protocol TestClient {
    /// The connection type.
    associatedtype Connection: TestConnection
    /// The server's host and port as a client names them in `Host`: `127.0.0.1:<port>`.
    var authority: String { get }
    /// Opens a new client connection.
    func connect() throws -> Connection
}

extension TestClient {
    /// Sends `request` on a new connection and reads its response.
    public func execute(_ request: TestRequest) throws -> TestResponse {
        try connect().execute(request)
    }

    /// One GET request on a new connection.
    public func fetch(_ target: String, headers: [(String, String)] = []) throws -> TestResponse {
        try execute(TestRequest("GET", target, headers: headers))
    }

    /// One request on a new connection.
    public func fetch(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> TestResponse {
        try execute(TestRequest(method, target, headers: headers, body: body))
    }

    /// Sends exact bytes on a new connection and reads one response.
    public func send(_ request: String) throws -> TestResponse {
        try execute(TestRequest(raw: request))
    }

    /// Sends exact bytes on a new connection and reads one response.
    public func send(_ request: [UInt8]) throws -> TestResponse {
        try execute(TestRequest(raw: request))
    }
}
