import BoomerangExchange
import BoomerangRuntime
import BoomerangSerialization

/// `/delay/{n}` and go-httpbin's `HEAD /head`, `/dump/request`, `/hostname`, `/version` and
/// `/upload`.
package enum InspectionRoutes {
    package static func register(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        let options = configuration.echo
        let maxDelay = configuration.maxResponseDelayMilliseconds
        group.add(
            "delay", .only([.get, .post, .put, .patch, .delete]), "/delay/{n}",
            summary: "The echo after n seconds (fractions allowed), capped by max_response_delay_milliseconds"
        ) { request throws(ServerError) in
            let seconds = try NumericParameter.double("n", request.parameters.string("n") ?? "", in: 0...Double.greatestFiniteMagnitude)
            let delay = Int(min((seconds * 1000).rounded(), Double(maxDelay)))
            return EchoVariantResponder(context: request.context, route: .post, options: options) { response in
                response.delayMilliseconds = max(response.delayMilliseconds, delay)
            }
        }
        group.add("head", .only([.head]), "/head", summary: "HEAD only: the /get echo's headers") { request in
            EchoResponder(context: request.context, route: .get, configuration: options)
        }
        let maxBody = configuration.maxBufferedBodyBytes
        group.add(
            "dump-request", .any, "/dump/request",
            summary: "The request in HTTP/1.1 wire form: the head as parsed, the body as received", adding: .rawRequestBody
        ) { request in
            RequestDumpResponder(context: request.context, maxBodyBytes: maxBody)
        }
        let hostname = configuration.reportedHostname
        group.add("hostname", .only([.get]), "/hostname", summary: "The reported_hostname setting") { _ in
            FixedResponder(.json(.object(StructuredObject([("hostname", .string(hostname))]))))
        }
        group.add("version", .only([.get]), "/version", summary: "The server's name and version") { _ in
            FixedResponder(.json(.object(StructuredObject([("service", "boomerang"), ("version", .string(BoomerangVersion.current))]))))
        }
        group.add(
            "upload", .only([.post, .put, .patch]), "/upload",
            summary: "A sink: counts and SHA-256 hashes the body without keeping it (bytes_received, sha256)"
        ) { request in
            UploadResponder(context: request.context)
        }
    }
}
