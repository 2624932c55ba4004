import BoomerangTesting
import Foundation
import Testing

/// `boomerang send` end to end against a live server: exit codes, reports, serializer choices.
@Suite struct SendCommandTests {
    @Test func aGetPrintsTheBodyAndExitsZero() throws {
        let live = try LiveServer()
        let run = try SendSupport.send([live.baseURL + "/get", "X-Probe:1"])
        #expect(run.status == 0, "\(run.error)")
        let echo = try #require(run.json)
        #expect((echo["headers"] as? [String: Any])?["X-Probe"] as? String == "1")
        #expect(run.error == "")
    }

    /// URLSession on Linux trusts only the system store, which a test does not change: a send to
    /// HTTPS fails on Boomerang's certificate and says how to trust the CA there.
    @Test func anHTTPSServerNotInTheSystemStoreFailsWithTheWayToTrustIt() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "boomerang-send-https-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let live = try LiveServer { settings in
            settings.httpsPort = 0
            settings.tlsStateDirectory = folder
            settings.tlsScenarioPorts = .off
        }
        let port = try #require(live.httpsPort)
        let run = try SendSupport.send(["https://localhost:\(port)/get"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("https://localhost:\(port)/get"), "\(run.error)")
        #expect(run.error.contains("SSL certificate problem"), "\(run.error)")
        #expect(run.error.contains("boomerang ca install-help") && run.error.contains("/__admin/tls/root.pem"), "\(run.error)")
        // The server's side of it: a failed handshake in the history, the certificate rejected.
        var causes: [String] = []
        for _ in 0..<50 where causes.isEmpty {
            let list = try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(live.port)/__admin/requests?limit=10"]).json
            for summary in (list?["requests"] as? [[String: Any]] ?? []) where summary["outcome"] as? String == "handshakeFailed" {
                let id = try #require(summary["id"] as? Int)
                let entry = try ExternalTool.run("curl", ["-sS", "http://127.0.0.1:\(live.port)/__admin/requests/\(id)"]).json
                causes.append((entry?["handshake"] as? [String: Any])?["cause"] as? String ?? "")
            }
            if causes.isEmpty { usleep(100_000) }
        }
        #expect(causes == ["certificate_rejected"])
    }

    @Test func fieldsMakeAPostAndQueryStaysInTheURLForGet() throws {
        let live = try LiveServer()
        let post = try SendSupport.send([live.baseURL + "/anything", "a=1"])
        #expect(post.json?["method"] as? String == "POST")
        #expect((post.json?["form"] as? [String: Any])?["a"] as? String == "1")
        let get = try SendSupport.send(["GET", live.baseURL + "/anything", "a=1", "b:=[1,2]", "x==q r"])
        #expect((get.json?["args"] as? [String: Any])?["x"] as? String == "q r")
        #expect(get.json?["method"] as? String == "GET")
        #expect((get.json?["args"] as? [String: Any])?["b[]"] as? [String] == ["1", "2"])
    }

    @Test func theReportCarriesRequestResponseAndObject() throws {
        let live = try LiveServer()
        let run = try SendSupport.send(["--json", "--report", "json", live.baseURL + "/anything", "k=v"])
        #expect(run.status == 0, "\(run.error)")
        let report = try #require(run.json)
        #expect(report["outcome"] as? String == "success")
        #expect((report["exitCode"] as? NSNumber)?.intValue == 0)
        let request = report["request"] as? [String: Any]
        #expect(request?["method"] as? String == "POST")
        #expect(request?["url"] as? String == live.baseURL + "/anything")
        #expect((request?["headers"] as? [[String]])?.contains(["Content-Type", "application/json"]) == true)
        #expect((request?["bodySize"] as? NSNumber)?.intValue == #"{"k":"v"}"#.utf8.count)
        let response = report["response"] as? [String: Any]
        #expect((response?["status"] as? NSNumber)?.intValue == 200)
        #expect(response?["mimeType"] as? String == "application/json")
        #expect(((report["object"] as? [String: Any])?["json"] as? [String: Any])?["k"] as? String == "v")
        #expect(report["error"] is NSNull)
    }

    @Test func anUnacceptableStatusExitsTwoWithAFNetworkingsCode() throws {
        let live = try LiveServer()
        let run = try SendSupport.send(["--report", "json", live.baseURL + "/get?x-set-response-status-code=500"])
        #expect(run.status == 2)
        let report = try #require(run.json)
        #expect(report["outcome"] as? String == "responseRejected")
        let error = report["error"] as? [String: Any]
        #expect(error?["stage"] as? String == "responseSerialization")
        #expect(error?["domain"] as? String == "com.alamofire.error.serialization.response")
        #expect((error?["code"] as? NSNumber)?.intValue == -1011)
        #expect(((error?["errors"] as? [[String: Any]])?.first?["name"] as? String) == "unacceptableStatusCode")
        #expect((report["object"] as? [String: Any])?["args"] != nil)
    }

    @Test func acceptStatusWidensWhatPasses() throws {
        let live = try LiveServer()
        let run = try SendSupport.send(["--accept-status", "200-299,500", live.baseURL + "/get?x-set-response-status-code=500"])
        #expect(run.status == 0, "\(run.error)")
    }

    @Test func acceptTypeNarrowsWhatPasses() throws {
        let live = try LiveServer()
        let refused = try SendSupport.send(["--report", "json", "--accept-type", "text/plain", live.baseURL + "/get"])
        #expect(refused.status == 2)
        #expect(((refused.json?["error"] as? [String: Any])?["code"] as? NSNumber)?.intValue == -1016)
        let any = try SendSupport.send(["--accept-type", "any", live.baseURL + "/get?x-set-response-content-type=text/plain"])
        #expect(any.status == 0, "any type passes, and the body is still JSON: \(any.error)")
        let typed = try SendSupport.send(["--accept-type", "application/json", live.baseURL + "/get?x-set-response-content-type=text/plain"])
        #expect(typed.status == 2)
        let http = try SendSupport.send(["--response", "http", live.baseURL + "/get?x-set-response-content-type=text/plain"])
        #expect(http.status == 0)
    }

    @Test(arguments: [("plist", "plist"), ("xml-document", "xml"), ("compound", "plist"), ("xml", "xml")])
    func responseSerializersCanBeChosen(kind: String, format: String) throws {
        let live = try LiveServer()
        let run = try SendSupport.send(["--response", kind, "--report", "json", live.baseURL + "/get?x-set-response-format=\(format)"])
        #expect(run.status == 0, "\(run.error) \(run.text)")
        let object = run.json?["object"]
        if format == "xml" {
            #expect((object as? [String: Any])?["kind"] as? String == "xml")
        } else {
            #expect((object as? [String: Any])?["url"] as? String != nil)
        }
    }

    @Test func aRefusedConnectionExitsOne() throws {
        let run = try SendSupport.send(["--report", "json", "http://127.0.0.1:1/get"])
        #expect(run.status == 1)
        #expect(run.json?["outcome"] as? String == "failed")
        #expect(((run.json?["error"] as? [String: Any])?["stage"] as? String) == "transport")
    }

    @Test(arguments: [
        ["http://127.0.0.1:1/x", "novalue"],
        ["http://127.0.0.1:1/x", "n:={bad"],
        ["--json", "http://127.0.0.1:1/x", "f@/etc/hostname"],
        ["--dry-run", "--report", "json", "http://127.0.0.1:1/x"],
        ["--accept-status", "2xx", "http://127.0.0.1:1/x"],
        ["--bogus", "http://127.0.0.1:1/x"],
        ["--response", "nope", "http://127.0.0.1:1/x"],
        [],
    ])
    func usageErrorsExitOne(arguments: [String]) throws {
        let run = try SendSupport.send(arguments)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("Error: "), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test func invalidJSONParametersFailBeforeSending() throws {
        let run = try SendSupport.send(["--plist", "--report", "json", "http://127.0.0.1:1/x", "n:=null"])
        #expect(run.status == 1)
        let error = run.json?["error"] as? [String: Any]
        #expect(error?["stage"] as? String == "requestSerialization")
        #expect(run.json?["response"] is NSNull)
    }

    @Test func helpText() throws {
        let run = try Subprocess.runBoomerang(["send", "--help"], environment: ["COLUMNS": "100"])
        #expect(run.status == 0)
        #expect(run.standardOutput == Self.help)
    }

    static let help = """
        OVERVIEW: Send a request built by the core's serializers and validate the reply.

        Items, in httpie's style: name=value (a field), name:=<json> (a typed field), name@path (a file
        part, multipart), Header:value (a header), name==value (a query parameter). The method is GET
        without fields and POST with them, unless given before the URL. Exit status: 0 when the reply
        passes the response serializer, 2 when it fails validation or decoding, 1 on a transport error or a
        usage error (an unknown option, a bad item, a bad --accept-* value).

        USAGE: boomerang send [<options>] [METHOD] URL [ITEM ...]

        ARGUMENTS:
          <arguments>             [METHOD] URL [ITEM…]

        OPTIONS:
          --form                  Form serializer (AFHTTPRequestSerializer): query string or urlencoded
                                  body (default).
          --json                  JSON serializer (AFJSONRequestSerializer).
          --plist                 Property-list serializer (AFPropertyListRequestSerializer), XML format.
          --multipart             Multipart form (multipartFormRequestWithMethod:…); implied by file items.
          --response <kind>       The response serializer. (values: http, json, xml, xml-document, plist,
                                  image, compound; default: json)
          --accept-status <codes> Acceptable status codes: any, or codes and ranges like 200-299,304.
          --accept-type <types>   Acceptable MIME types: any, or a list like application/json,text/plain.
          --dry-run               Print the exact bytes that would be sent (request line, headers, body)
                                  and send nothing.
          --report <format>       Print one machine-readable report instead of the body.
          --boundary <boundary>   The multipart boundary; a random Boundary+… by default.
          --timeout <seconds>     Seconds to wait for the reply. (default: 60.0)
          -h, --help              Show help information.


        """
}
