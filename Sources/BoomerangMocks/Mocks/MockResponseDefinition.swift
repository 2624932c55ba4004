import BoomerangEcho
import BoomerangExchange
import BoomerangScenarios
import BoomerangSerialization
import Foundation
import Mustache

/// The `response` of a mapping, read once when the mapping loads: status, headers, a body (text,
/// JSON, base64, a file from `files/`, the echo in a format, or a scenario of the catalogue),
/// optionally a Mustache template; delays, chunked dribble and transport faults.
package struct MockResponseDefinition: Sendable {
    /// Where the body comes from.
    package enum Body: Sendable {
        case bytes([UInt8])
        /// A body rendered per request (`transformers: [response-template]`).
        case template(MustacheTemplate)
        /// Boomerang's echo of the request; the format negotiated from `Accept` when nil.
        case echo(ResponseFormat?)
        /// A scenario of the validation catalogue, answered exactly.
        case catalogue(Scenario)
    }

    /// A header value, rendered per request when the response is a template.
    package enum HeaderValue: Sendable {
        case text(String)
        case template(MustacheTemplate)
    }

    /// WireMock's fault names.
    package enum Fault: String, Sendable, CaseIterable {
        case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
        case emptyResponse = "EMPTY_RESPONSE"
        case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
        case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"

        /// The echo's transport fault that produces it.
        package var transportFault: TransportFault {
            switch self {
            case .connectionResetByPeer: .reset
            case .emptyResponse: .garbage([])
            case .malformedResponseChunk: .malformedChunk
            case .randomDataThenClose: .garbage((0..<64).map { _ in UInt8.random(in: 0...255) })
            }
        }
    }

    /// The status; nil keeps the echo's or the scenario's own.
    package var status: Int?
    package var headers: [(name: String, value: HeaderValue)] = []
    package var body: Body = .bytes([])
    package var delay: MockDelay = .none
    /// `chunkedDribbleDelay`: the body in this many pieces spread over this many milliseconds.
    package var dribble: (chunks: Int, milliseconds: Int)?
    package var fault: Fault?
    /// A fault in the echo's `x-set-response-fault` syntax (`h2-reset:CANCEL`, `close-mid-body:10`…).
    package var responseFault: ResponseFault?

    /// Whether rendering needs the request body (a template may read it).
    package var isTemplate: Bool {
        if case .template = body { return true }
        return headers.contains { if case .template = $0.value { true } else { false } }
    }

    /// Whether the echo makes the body.
    package var echoFormat: ResponseFormat?? {
        if case .echo(let format) = body { return .some(format) }
        return nil
    }

    private static let knownKeys: Set<String> = [
        "status", "statusMessage", "headers", "body", "jsonBody", "base64Body", "bodyFileName", "fixedDelayMilliseconds",
        "delayDistribution", "chunkedDribbleDelay", "fault", "transformers", "echo", "catalogueScenario",
    ]

    /// The largest delay or dribble duration a mapping may ask for, in milliseconds.
    package static let maxMilliseconds = 600_000

    /// Reads `response`.
    ///
    /// - Parameter filesDirectory: the folder `bodyFileName` is read from.
    package init(json: StructuredValue, location: MappingLocation, filesDirectory: String?) throws(MappingError) {
        guard let object = json.objectValue else { throw location.error("response", "expected an object") }
        func path(_ key: String) -> String { "response.\(key)" }
        for key in object.keys where !Self.knownKeys.contains(key) {
            throw location.error(path(key), "unknown key; expected one of \(Self.knownKeys.sorted().joined(separator: ", "))")
        }
        if let status = object["status"] {
            guard case .int(let code) = status, (100...599).contains(code) else {
                throw location.error(path("status"), "expected a status code from 100 to 599")
            }
            self.status = Int(code)
        }
        let templated: Bool
        switch object["transformers"] {
        case nil: templated = false
        case .array(let names)?:
            for name in names where name.stringValue != "response-template" {
                throw location.error(path("transformers"), "the only transformer is \"response-template\"")
            }
            templated = !names.isEmpty
        default: throw location.error(path("transformers"), "expected a list such as [response-template]")
        }
        func compile(_ text: String, _ key: String) throws(MappingError) -> MustacheTemplate {
            do {
                // Bodies are JSON, XML or text, not HTML: values are inserted as they are.
                return try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + text)
            } catch let error as MustacheTemplate.ParserError {
                throw location.error(
                    path(key), "not a valid template (template line \(error.context.lineNumber), column \(error.context.columnNumber)): \(error.error)")
            } catch {
                throw location.error(path(key), "not a valid template: \(error)")
            }
        }
        if let headers = object["headers"] {
            guard let fields = headers.objectValue else { throw location.error(path("headers"), "expected an object of header fields") }
            for field in fields {
                let values: [StructuredValue] = field.value.arrayValue ?? [field.value]
                for value in values {
                    guard let text = Self.scalarText(value), !text.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                        throw location.error(path("headers.\(field.key)"), "expected a one-line text value (or a list of them)")
                    }
                    self.headers.append((field.key, templated ? .template(try compile(text, "headers.\(field.key)")) : .text(text)))
                }
            }
        }
        let bodyKeys = ["body", "jsonBody", "base64Body", "bodyFileName", "echo", "catalogueScenario"].filter { object.contains($0) }
        guard bodyKeys.count <= 1 else {
            throw location.error(path(bodyKeys[1]), "only one of body, jsonBody, base64Body, bodyFileName, echo, catalogueScenario")
        }
        var text: String?
        switch bodyKeys.first {
        case "body":
            guard let value = object["body"], let string = Self.scalarText(value) else {
                throw location.error(path("body"), "expected text (use jsonBody for JSON)")
            }
            text = string
        case "jsonBody":
            let value = object["jsonBody"] ?? .null
            text = String(decoding: (try? JSONWriter().write(value)) ?? [], as: UTF8.self)
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                self.headers.append(("Content-Type", .text("application/json")))
            }
        case "base64Body":
            guard let encoded = object["base64Body"]?.stringValue, let bytes = Base64.decode(encoded, .paddedStandard) else {
                throw location.error(path("base64Body"), "expected padded standard base64")
            }
            body = .bytes(bytes)
        case "bodyFileName":
            guard let name = object["bodyFileName"]?.stringValue else { throw location.error(path("bodyFileName"), "expected a file name") }
            let bytes = try Self.readBodyFile(name, filesDirectory: filesDirectory, location: location)
            if templated { text = String(decoding: bytes, as: UTF8.self) } else { body = .bytes(bytes) }
        case "echo":
            switch object["echo"] {
            case .bool(true)?: body = .echo(nil)
            case .string(let name)?:
                guard let format = ResponseFormat(name: name) else {
                    throw location.error(path("echo"), "expected json, plist, binary-plist, xml or true (negotiated from Accept)")
                }
                body = .echo(format)
            default: throw location.error(path("echo"), "expected json, plist, binary-plist, xml or true (negotiated from Accept)")
            }
        case "catalogueScenario":
            guard let id = object["catalogueScenario"]?.stringValue else { throw location.error(path("catalogueScenario"), "expected a scenario id") }
            guard let scenario = ScenarioRoutes.catalogue.scenario(id: id) else {
                throw location.error(path("catalogueScenario"), "no scenario \"\(id)\" in the catalogue (boomerang scenarios lists them)")
            }
            body = .catalogue(scenario)
        default:
            break
        }
        if let text {
            body = templated ? .template(try compile(text, bodyKeys.first ?? "body")) : .bytes(Array(text.utf8))
        }
        if let fixed = object["fixedDelayMilliseconds"] {
            guard case .int(let value) = fixed, (0...Int64(Self.maxMilliseconds)).contains(value) else {
                throw location.error(path("fixedDelayMilliseconds"), "expected milliseconds from 0 to \(Self.maxMilliseconds)")
            }
            delay = .fixed(milliseconds: Int(value))
        }
        if let distribution = object["delayDistribution"] {
            guard delay == .none else { throw location.error(path("delayDistribution"), "only one of fixedDelayMilliseconds, delayDistribution") }
            delay = try MockDelay.distribution(distribution, key: path("delayDistribution"), max: Self.maxMilliseconds, location: location)
        }
        if let dribble = object["chunkedDribbleDelay"] {
            guard let fields = dribble.objectValue, case .int(let chunks)? = fields["numberOfChunks"],
                case .int(let duration)? = fields["totalDuration"], (1...10_000).contains(chunks),
                (0...Int64(Self.maxMilliseconds)).contains(duration)
            else {
                throw location.error(
                    path("chunkedDribbleDelay"), "expected {numberOfChunks: 1–10000, totalDuration: milliseconds}")
            }
            self.dribble = (Int(chunks), Int(duration))
        }
        if let fault = object["fault"] {
            guard let name = fault.stringValue else {
                throw location.error(path("fault"), "expected a string")
            }
            if let known = Fault(rawValue: name) {
                self.fault = known
            } else if let own = ResponseFault(name, maxDelayMilliseconds: Self.maxMilliseconds) {
                self.responseFault = own
            } else {
                throw location.error(
                    path("fault"),
                    "expected one of \(Fault.allCases.map(\.rawValue).joined(separator: ", ")), or one of the echo's faults: \(ResponseFault.expected)")
            }
        }
    }

    /// A string, number or boolean as text (YAML users write `Retry-After: 5`).
    private static func scalarText(_ value: StructuredValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// A file under `files/`, refusing absolute paths and `..`.
    private static func readBodyFile(_ name: String, filesDirectory: String?, location: MappingLocation) throws(MappingError)
        -> [UInt8]
    {
        let key = "response.bodyFileName"
        guard let filesDirectory else { throw location.error(key, "there is no files folder to read \(name) from") }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !components.contains(where: { $0 == ".." || $0.isEmpty }), !name.contains("\0") else {
            throw location.error(key, "\"\(name)\" must be a relative path inside \(filesDirectory) (no /, .. or empty segments)")
        }
        let url = URL(fileURLWithPath: filesDirectory).appendingPathComponent(name)
        let base = URL(fileURLWithPath: filesDirectory).resolvingSymlinksInPath().path
        guard url.resolvingSymlinksInPath().path.hasPrefix(base + "/") else {
            throw location.error(key, "\"\(name)\" leads outside \(filesDirectory)")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw location.error(key, "cannot read \(url.path)")
        }
        return Array(data)
    }
}
