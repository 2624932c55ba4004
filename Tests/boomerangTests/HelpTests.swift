import BoomerangRuntime
import BoomerangServer
import Foundation
import Testing

/// Golden help text, from the built binary at 100 columns.
@Suite struct HelpTests {
    private static let environment = ["COLUMNS": "100"]

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func rootHelp(_ arguments: [String]) throws {
        let result = try Subprocess.runBoomerang(arguments, environment: Self.environment)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput == Self.rootHelp)
    }

    @Test(arguments: [["serve", "--help"], ["help", "serve"], ["serve", "-h"]])
    func serveHelp(_ arguments: [String]) throws {
        let result = try Subprocess.runBoomerang(arguments, environment: Self.environment)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput == Self.serveHelp)
    }

    /// `serve` is parsed with the serve command as the root; what does not parse goes to the
    /// root's parse, whose usage errors name `boomerang serve` and which knows `--version`.
    @Test(arguments: [["serve", "--bogus"], ["serve", "--port"], ["serve", "extra"], ["--bogus"]])
    func serveUsageErrorsNameTheProgram(_ arguments: [String]) throws {
        let result = try Subprocess.runBoomerang(arguments, environment: Self.environment)
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("Usage: boomerang serve <options>\n"))
        #expect(result.standardError.hasSuffix("  See 'boomerang serve --help' for more information.\n"))
    }

    @Test(arguments: [["--version"], ["serve", "--version"]])
    func version(_ arguments: [String]) throws {
        let result = try Subprocess.runBoomerang(arguments, environment: Self.environment)
        #expect(result.status == 0)
        #expect(result.standardOutput == BoomerangVersion.current + "\n")
    }

    static let rootHelp = """
        OVERVIEW: A local HTTP echo and inspection server for testing HTTP clients.

        Every serve option is also read from an environment variable and from a key in config/server.yaml;
        a flag wins over the environment, which wins over the file, which wins over the default. Settings
        errors exit with status 1, usage errors with 64.

        USAGE: boomerang <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          serve (default)         Run the echo server.
          send                    Send a request built by the core's serializers and validate the reply.
          scenarios               Print the validation-scenario catalogue.
          validate                Check config/server.yaml and the mock mapping files.
          settings                Print every setting with its default, option and variable.
          ca                      Show, export, rotate or delete the local certificate authority.
          healthcheck             Check that a server answers: exit 0 on a 2xx answer in time, 1 otherwise.

          See 'boomerang help <subcommand>' for detailed help.

        """

    static let serveHelp = """
        OVERVIEW: Run the echo server.

        Each option can also be set by the environment variable named after it in upper snake case
        (--max-body-bytes is MAX_BODY_BYTES) and by the key in snake case in the config file
        (max_body_bytes). Precedence: option > environment > config file > default.

        USAGE: boomerang serve <options>

        OPTIONS:
          --host <address>        The address to listen on; 0.0.0.0 exposes the server to the network.
                                  (default: 127.0.0.1; env: HOST)
          --port <port>           The TCP port; 0 asks the system for a free port. (default: 8080; env:
                                  PORT)
          --https-port <port|off> The HTTPS port (certificates from the local CA, boomerang ca); 0 asks the
                                  system for a free port, off turns TLS off. (default: 8443; env:
                                  HTTPS_PORT)
          --tls-scenario-ports <port|auto|off>
                                  The TLS scenarios' own ports, one per scenario from this one; auto: from
                                  the HTTPS port's next; off: by name only. (default: auto; env:
                                  TLS_SCENARIO_PORTS)
          --http2/--no-http2      Whether the HTTPS port offers HTTP/2 (ALPN h2, then http/1.1). (default:
                                  true; env: HTTP2)
          --h2c/--no-h2c          Whether the plain port takes HTTP/2 without TLS (h2c): from a client that
                                  opens with its preface, or asks with Upgrade: h2c. (default: true; env:
                                  H2C)
          --threads <count|auto>  The number of event loops, one thread each; auto is one per core.
                                  (default: auto; env: THREADS)
          --max-request-line-bytes <bytes>
                                  The longest request line, in bytes; longer gets 414. (default: 8192; env:
                                  MAX_REQUEST_LINE_BYTES)
          --max-header-bytes <bytes>
                                  The most bytes of request line plus header fields; more gets 431.
                                  (default: 32768; env: MAX_HEADER_BYTES)
          --max-header-count <count>
                                  The most header fields in one request; more gets 431. (default: 256; env:
                                  MAX_HEADER_COUNT)
          --max-body-bytes <bytes>
                                  The largest request body, streamed or not; larger gets 413. (default:
                                  8589934592; env: MAX_BODY_BYTES)
          --max-buffered-body-bytes <bytes>
                                  The largest body buffered to be decoded (form, JSON, property list, XML).
                                  (default: 10485760; env: MAX_BUFFERED_BODY_BYTES)
          --max-inline-part-bytes <bytes>
                                  The largest multipart part echoed inline (form, files); larger parts are
                                  only counted and hashed. (default: 10485760; env: MAX_INLINE_PART_BYTES)
          --temporary-directory <path>
                                  The folder where a multipart part of unknown size spills past 1 MiB
                                  (unlinked at once). (default: /tmp; env: TEMPORARY_DIRECTORY)
          --multipart-mode <strict|lenient>
                                  A multipart body that does not parse: strict answers 400 with the error,
                                  lenient 200 with diagnostics. (default: strict; env: MULTIPART_MODE)
          --header-timeout <seconds>
                                  Seconds a client has to send a complete request head; then 408. (default:
                                  10; env: HEADER_TIMEOUT)
          --idle-timeout <seconds>
                                  Seconds an idle keep-alive connection is kept open. (default: 15; env:
                                  IDLE_TIMEOUT)
          --min-body-bytes-per-second <bytes>
                                  The slowest accepted body upload rate, in bytes per second. (default:
                                  1024; env: MIN_BODY_BYTES_PER_SECOND)
          --body-rate-grace-period <seconds>
                                  Seconds of body upload before the minimum rate is enforced. (default: 10;
                                  env: BODY_RATE_GRACE_PERIOD)
          --write-timeout <seconds>
                                  Seconds a response write may make no progress before the connection is
                                  closed. (default: 15; env: WRITE_TIMEOUT)
          --max-connections <count>
                                  The most connections open at once, over all loops. (default: 1024; env:
                                  MAX_CONNECTIONS)
          --max-response-delay-milliseconds <ms>
                                  The longest delay a request may ask for with x-set-response-delay-ms.
                                  (default: 10000; env: MAX_RESPONSE_DELAY_MILLISECONDS)
          --shutdown-timeout <seconds>
                                  Seconds in-flight exchanges get to finish after SIGINT or SIGTERM.
                                  (default: 4; env: SHUTDOWN_TIMEOUT)
          --allowed-redirect-domains <hosts>
                                  Hosts /redirect-to may send clients to, comma-separated; empty allows
                                  every host. (default: none; env: ALLOWED_REDIRECT_DOMAINS)
          --reported-hostname <name>
                                  The name /hostname reports (the machine's own name is never shown).
                                  (default: boomerang; env: REPORTED_HOSTNAME)
          --profile <httpbin|firewalk>
                                  Whose reply shapes the echo routes use: httpbin's, or Firewalk's
                                  (Alamofire's test server). (default: httpbin; env: PROFILE)
          --compress-responses/--no-compress-responses
                                  Whether every response is compressed for a client whose Accept-Encoding
                                  allows it. (default: false; env: COMPRESS_RESPONSES)
          --cors <*|off|origins>  Which web pages may read answers: * (any, without credentials), off, or
                                  origins (with credentials), comma-separated. (default: *; env: CORS)
          --log-format <text|json>
                                  The log format. (default: text; env: LOG_FORMAT)
          --log-level <level>     The lowest log level written: trace, debug, info, notice, warning, error,
                                  critical. (default: info; env: LOG_LEVEL)
          --access-log/--no-access-log
                                  Whether one access log line is written per exchange. (default: true; env:
                                  ACCESS_LOG)
          --public-directory <path>
                                  The folder of the web page served at / (relative to the working
                                  directory). (default: public; env: PUBLIC_DIRECTORY)
          --mappings-directory <path>
                                  The folder of mock mapping files, reloaded when they change; bodyFileName
                                  reads files/ beside it. (default: config/mappings; env:
                                  MAPPINGS_DIRECTORY)
          --history/--no-history  Whether exchanges are recorded in the history served under /__admin/.
                                  (default: true; env: HISTORY)
          --max-history-entry-count <count>
                                  The most exchanges the history keeps; the oldest are dropped first.
                                  (default: 1000; env: MAX_HISTORY_ENTRY_COUNT)
          --max-history-bytes <bytes>
                                  The approximate memory the history may use; the oldest entries are
                                  dropped first. (default: 67108864; env: MAX_HISTORY_BYTES)
          --max-history-body-bytes <bytes>
                                  The largest body the history keeps whole; a larger one keeps its size,
                                  SHA-256 and a preview. (default: 1048576; env: MAX_HISTORY_BODY_BYTES)
          --history-file <path>   An append-only JSON-lines file the history is written to and reloaded
                                  from at start. (default: none; env: HISTORY_FILE)
          --history-redact-headers/--no-history-redact-headers
                                  Whether Authorization, Cookie and other sensitive header values are
                                  stored redacted. (default: true; env: HISTORY_REDACT_HEADERS)
          --admin-token <token>   A bearer token every /__admin/ request must carry (Authorization: Bearer
                                  or ?token=). (default: none; env: ADMIN_TOKEN)
          --admin-hosts <hosts>   More Host names the admin API answers, comma-separated (.domain includes
                                  subdomains; * any, unsafe). (default: none; env: ADMIN_HOSTS)
          --tls-state-directory <path>
                                  The local certificate authority's folder (boomerang ca); empty:
                                  $XDG_DATA_HOME/boomerang/ca or ~/.local/share/boomerang/ca. (default:
                                  none; env: TLS_STATE_DIRECTORY)
          --tls-names <names>     More names the local CA may issue for, comma-separated: DNS names (with
                                  subdomains), IP addresses, ranges (10.0.0.0/8). (default: none; env:
                                  TLS_NAMES)
          --tls-handshake-timeout <seconds>
                                  Seconds a client has to finish its TLS handshake; then the connection is
                                  closed (and the history says so). (default: 10; env:
                                  TLS_HANDSHAKE_TIMEOUT)
          --tls-handshake-limit <count>
                                  The most TLS handshakes under way at once, over all loops; a connection
                                  past it is closed at once. (default: 256; env: TLS_HANDSHAKE_LIMIT)
          --config <path>         The config file; a path given here must exist. (default:
                                  config/server.yaml, used if it exists)
          --version               Show the version.
          -h, --help              Show help information.


        """
}
