/// Every setting of the server, finished: `SettingsLoader` (in BoomerangConfiguration) layers
/// flags, environment variables, `config/server.yaml` and these defaults into one value, which the
/// command-line tool hands to the server; the server never reads the environment or a file itself.
public struct ServerSettings: Sendable, Hashable {
    /// The address to listen on. Loopback by default; `0.0.0.0` exposes the server to the network.
    public var host: String = "127.0.0.1"
    /// The TCP port; 0 asks the system for a free port (the server prints the one it got).
    public var port: Int = 8080
    /// The HTTPS port, serving the same routes over TLS with certificates from the local
    /// certificate authority; 0 asks the system for a free port, nil turns TLS off.
    public var httpsPort: Int? = 8443
    /// Where the TLS scenarios' own ports are (each scenario is also served by name on the HTTPS port).
    public var tlsScenarioPorts: ScenarioPorts = .afterHTTPSPort

    /// Where the TLS scenarios' ports are.
    public enum ScenarioPorts: Sendable, Hashable {
        /// One after another from the HTTPS port's next one (8444, 8445 …); all chosen by the
        /// system when the HTTPS port is.
        case afterHTTPSPort
        /// One after another from this port; all chosen by the system when it is 0.
        case from(Int)
        /// None: the scenarios are served by name only.
        case off
    }
    /// Whether the HTTPS port offers HTTP/2 by ALPN (`h2`, then `http/1.1`).
    public var http2: Bool = true
    /// Whether the plain port takes HTTP/2 without TLS (h2c): a connection that opens with the
    /// HTTP/2 preface (prior knowledge), or a request that asks with `Upgrade: h2c`.
    public var h2c: Bool = true
    /// The number of event loops, one thread each; `nil` means one per core.
    public var threads: Int? = nil

    /// The longest request line (method, target, version), in bytes; longer gets 414.
    public var maxRequestLineBytes: Int = 8 * 1024
    /// The most bytes of request line plus header fields; more gets 431.
    public var maxHeaderBytes: Int = 32 * 1024
    /// The most header fields in one request; more gets 431.
    public var maxHeaderCount: Int = 256
    /// The largest request body, streamed or not; larger gets 413.
    public var maxBodyBytes: Int64 = 8 * 1024 * 1024 * 1024
    /// The largest body that is buffered to be decoded (urlencoded, JSON, property list, XML);
    /// a larger body of those types is still counted and hashed, but not decoded.
    public var maxBufferedBodyBytes: Int = 10 * 1024 * 1024
    /// The largest multipart part kept inline in the echo (`form` or `files`; the history shows its `text`);
    /// a larger part is streamed through, counted and SHA-256 hashed, and described in `multipart`.
    /// By default the buffered-body limit, so every part a client would expect httpbin to echo is echoed.
    public var maxInlinePartBytes: Int = 10 * 1024 * 1024
    /// The folder where a multipart part whose size is not known beforehand spills past 1 MiB
    /// while it may still be echoed inline; each file is unlinked as soon as it is made.
    public var temporaryDirectory: String = "/tmp"
    /// What the echo does with a multipart body that does not parse: `strict` answers 400 with the
    /// error and the parts seen so far, `lenient` answers 200 with the same as diagnostics.
    /// A request can ask for the other with `x-set-multipart-mode`.
    public var multipartMode: MultipartMode = .strict

    /// Seconds a client has to send a complete request head, from its first byte; then 408.
    public var headerTimeout: Double = 10
    /// Seconds an idle keep-alive connection is kept open.
    public var idleTimeout: Double = 15
    /// The slowest accepted body rate in bytes per second, enforced after ``bodyRateGracePeriod``.
    public var minBodyBytesPerSecond: Int = 1024
    /// Seconds of body upload before the minimum rate is enforced.
    public var bodyRateGracePeriod: Double = 10
    /// Seconds a response write may make no progress before the connection is closed.
    public var writeTimeout: Double = 15
    /// The most connections open at once, over all loops; more are closed at once.
    public var maxConnections: Int = 1024
    /// The longest delay a request may ask for with `x-set-response-delay-ms`, in milliseconds.
    public var maxResponseDelayMilliseconds: Int = 10_000
    /// Seconds in-flight exchanges get to finish after SIGINT or SIGTERM.
    public var shutdownTimeout: Double = 4

    /// The hosts `/redirect-to` may send a client to (exact host names, compared without case);
    /// empty allows every host, as httpbin does. Others get 403, as go-httpbin answers.
    public var allowedRedirectDomains: [String] = []
    /// The name `/hostname` reports; the machine's real name is never shown.
    public var reportedHostname: String = "boomerang"
    /// Whose reply shapes the echo routes use: httpbin's (the default) or Firewalk's, the test
    /// server of Alamofire's own suite.
    public var profile: Profile = .httpbin
    /// Whether every response is compressed (zstd, br, gzip or deflate) for a client whose
    /// `Accept-Encoding` allows it. Off by default so that the echo stays byte-predictable; a
    /// request can still ask with `x-set-response-encoding`, and `/gzip`, `/deflate`, `/brotli`,
    /// `/zstd` are always coded.
    public var compressResponses: Bool = false
    /// Which web pages may read answers from a browser: every origin without credentials (the
    /// default), none, or listed origins with credentials. The admin API and the page never get
    /// CORS fields.
    public var cors: CORS = .anyOrigin

    /// The access and server log format.
    public var logFormat: LogFormat = .text
    /// The lowest log level written (`trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`).
    public var logLevel: String = "info"
    /// Whether one access log line is written per exchange.
    public var accessLog: Bool = true

    /// The folder of the web page served at `/` and `/ui/…`, read once at start-up.
    public var publicDirectory: String = "public"
    /// The folder of mock mapping files (`*.yaml`, `*.yml`, `*.json`), watched for changes;
    /// `bodyFileName` reads from `files` beside it. Nil serves only mappings added at run time.
    public var mappingsDirectory: String? = "config/mappings"

    /// Whether exchanges are recorded in the history that `/__admin/` serves.
    public var history: Bool = true
    /// The most exchanges the history keeps; the oldest are dropped first.
    public var maxHistoryEntryCount: Int = 1000
    /// The approximate memory the history may use, in bytes; the oldest entries are dropped first.
    public var maxHistoryBytes: Int = 64 * 1024 * 1024
    /// The largest request or response body the history keeps whole; a larger one keeps its
    /// size, SHA-256 and a preview.
    public var maxHistoryBodyBytes: Int = 1024 * 1024
    /// An append-only JSON-lines file the history is written to and reloaded from; `nil` keeps
    /// the history in memory only.
    public var historyFile: String? = nil
    /// Whether the values of sensitive headers (`Authorization`, `Cookie`, …) are stored as
    /// `[redacted]` in the history.
    public var historyRedactHeaders: Bool = true
    /// A bearer token every `/__admin/` request must carry; `nil` requires none.
    public var adminToken: String? = nil
    /// Host names the admin API answers besides the ones it always does (loopback names and addresses):
    /// a name, `.domain` for a domain and its subdomains, or `*` for any `Host` (no DNS-rebinding
    /// defence). Lower case.
    public var adminHosts: [String] = []

    /// The folder of the local certificate authority (`boomerang ca`), mode 0700; `nil` is the
    /// user's data folder, `$XDG_DATA_HOME/boomerang/ca` or else `~/.local/share/boomerang/ca`.
    public var tlsStateDirectory: String? = nil
    /// Names the local certificate authority may issue certificates for besides `localhost`, its
    /// subdomains, 127.0.0.0/8 and ::1: DNS names (each with its subdomains), IP addresses and
    /// ranges (`10.0.0.0/8`). Written into the CA's name constraints when it is made.
    public var tlsNames: [String] = []
    /// Seconds a client has to finish its TLS handshake, from the connection's start.
    public var tlsHandshakeTimeout: Double = 10
    /// The most TLS handshakes under way at once, over all loops; a connection past it is closed
    /// as soon as it is accepted.
    public var tlsHandshakeLimit: Int = 256

    /// Creates the default settings.
    public init() {}

    /// What the echo does with a multipart body that does not parse.
    public enum MultipartMode: String, Sendable, Hashable, CaseIterable {
        /// 400 with the parser's error (code, byte offset) and the parts seen before it.
        case strict
        /// 200 with the parts seen before the error and the error among the diagnostics.
        case lenient
    }

    /// Which web pages may read the server's answers from a browser (CORS).
    public enum CORS: Sendable, Hashable {
        /// `Access-Control-Allow-Origin: *` without `Access-Control-Allow-Credentials`: any page
        /// may read the answers to requests it sends without cookies.
        case anyOrigin
        /// No CORS fields: browsers let no other origin read the answers.
        case off
        /// The request's `Origin`, when it is one of these (`scheme://host[:port]`, lower case),
        /// reflected with `Access-Control-Allow-Credentials: true`; other origins get no CORS fields.
        case origins([String])
    }

    /// The reply shapes of the echo routes, chosen at start-up.
    public enum Profile: String, Sendable, Hashable, CaseIterable {
        /// httpbin's shapes: `headers` an object, `args` and `form` with lists for repeated names.
        case httpbin
        /// Alamofire's Firewalk: `headers` an array of `{"name", "value"}`, flat string maps for
        /// `args` and `form`, `data` null when empty, and Firewalk's answers on its other routes.
        case firewalk
    }

    /// How log lines are written.
    public enum LogFormat: String, Sendable, Hashable, CaseIterable {
        /// One human-readable line per event.
        case text
        /// One JSON object per line.
        case json
    }
}
