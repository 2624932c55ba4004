import ArgumentParser
import BoomerangClient
import BoomerangSerialization
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `boomerang send`: builds a request with the core's serializers, sends it with
/// `BoomerangClient`'s ``SessionManager`` and validates the reply with a response serializer.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a request built by the core's serializers and validate the reply.",
        usage: "boomerang send [<options>] [METHOD] URL [ITEM ...]",
        discussion: """
            Items, in httpie's style: name=value (a field), name:=<json> (a typed field), \
            name@path (a file part, multipart), Header:value (a header), name==value (a query \
            parameter). The method is GET \
            without fields and POST with them, unless given before the URL. Exit status: 0 when \
            the reply passes the response serializer, 2 when it fails validation or decoding, 1 \
            on a transport error or a usage error (an unknown option, a bad item, a bad \
            --accept-* value).
            """
    )

    /// How the parameters are encoded.
    enum Encoding: String, EnumerableFlag {
        case form, json, plist, multipart

        static func help(for value: Encoding) -> ArgumentHelp? {
            switch value {
            case .form: "Form serializer (AFHTTPRequestSerializer): query string or urlencoded body (default)."
            case .json: "JSON serializer (AFJSONRequestSerializer)."
            case .plist: "Property-list serializer (AFPropertyListRequestSerializer), XML format."
            case .multipart: "Multipart form (multipartFormRequestWithMethod:…); implied by file items."
            }
        }
    }

    /// The report formats.
    enum ReportFormat: String, ExpressibleByArgument {
        case json
    }

    @Argument(help: ArgumentHelp("[METHOD] URL [ITEM…]", valueName: "arguments"))
    var arguments: [String] = []

    @Flag var encoding: Encoding?

    @Option(help: ArgumentHelp("The response serializer.", valueName: "kind"))
    var response: ResponseSerializerKind = .json

    @Option(help: ArgumentHelp("Acceptable status codes: any, or codes and ranges like 200-299,304.", valueName: "codes"))
    var acceptStatus: String?

    @Option(help: ArgumentHelp("Acceptable MIME types: any, or a list like application/json,text/plain.", valueName: "types"))
    var acceptType: String?

    @Flag(help: "Print the exact bytes that would be sent (request line, headers, body) and send nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Print one machine-readable report instead of the body.", valueName: "format"))
    var report: ReportFormat?

    @Option(help: ArgumentHelp("The multipart boundary; a random Boundary+… by default.", valueName: "boundary"))
    var boundary: String?

    @Option(help: ArgumentHelp("Seconds to wait for the reply.", valueName: "seconds"))
    var timeout: Double = 60

    func run() throws {
        try runBlocking { try await execute() }
    }

    private func execute() async throws {
        let plan = try SendPlan(command: self)
        let client = plan.makeClient(timeout: timeout)
        let request: HTTPRequest
        do {
            request = try plan.request(with: client)
        } catch {
            try finish(failure: error, request: nil)
            return
        }
        if dryRun {
            try HTTPRequestWriter().write(request) { bytes in
                FileHandle.standardOutput.write(Data(bytes))
            }
            return
        }
        let reply: ClientResponse
        do {
            reply = try await client.send(request)
        } catch {
            try finish(failure: error, request: request)
            return
        }
        if report == .json {
            try printReport(SendReport.success(reply))
        } else {
            FileHandle.standardOutput.write(Data(reply.data))
        }
    }

    private func finish(failure error: ClientError, request: HTTPRequest?) throws {
        let rejected = error.code == .responseSerialization
        if report == .json {
            try printReport(SendReport.failure(error, request: request))
        } else {
            if rejected, let data = error.data { FileHandle.standardOutput.write(Data(data)) }
            FileHandle.standardError.write(Data("boomerang send: \(error)\n".utf8))
            if let hint = Self.trustHint(for: error) { FileHandle.standardError.write(Data("boomerang send: \(hint)\n".utf8)) }
        }
        throw ExitCode(rejected ? 2 : 1)
    }

    /// What to do when an HTTPS server's certificate chain led to no root the client trusts (not
    /// for other certificate problems, such as an expired one, which no root fixes): on Linux,
    /// URLSession (FoundationNetworking, libcurl) trusts the system's store alone and has no
    /// per-request setting, so Boomerang's root must go there.
    static func trustHint(for error: ClientError) -> String? {
        #if os(Linux)
        let untrustedRoot = ["unable to get local issuer certificate", "self-signed certificate in certificate chain", "self signed certificate in certificate chain"]
        guard error.code == .transport, error.value.lowercased().hasPrefix("https:"), untrustedRoot.contains(where: error.message.contains) else {
            return nil
        }
        return """
            URLSession on Linux trusts only the system's certificate store. For a Boomerang server, put its root \
            there: `boomerang ca install-help` on the machine that runs it prints the commands (Debian, Ubuntu: \
            /usr/local/share/ca-certificates/boomerang-root.crt, then update-ca-certificates); elsewhere, the root is \
            at /__admin/tls/root.pem on the server's HTTP port.
            """
        #else
        return nil
        #endif
    }

    private func printReport(_ value: StructuredValue) throws {
        let bytes = try JSONWriter(configuration: JSONWriterConfiguration(trailingNewline: true)).write(value)
        FileHandle.standardOutput.write(Data(bytes))
    }
}

/// A `send` usage error: printed by ArgumentParser as `Error: …`, exit status 1.
struct SendUsageError: Error, CustomStringConvertible {
    /// The sentence printed.
    var description: String
}
