import BoomerangClient
import BoomerangSerialization
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `send`'s arguments ask for, checked: the method, the URL, the serializers and the items.
struct SendPlan {
    var method: HTTPMethod
    var url: String
    var encoding: SendCommand.Encoding
    var items: [RequestItem]
    var responseSerializer: any ResponseSerializer
    var boundary: String?

    /// Reads the command's arguments.
    ///
    /// - Throws: ``SendUsageError`` for a missing URL, a bad item, a file item with a
    ///   non-multipart encoding, a bad `--accept-*` list, or `--dry-run` with `--report`.
    init(command: SendCommand) throws(SendUsageError) {
        var positional = command.arguments[...]
        var method: HTTPMethod?
        if positional.count >= 2, let first = positional.first, Self.looksLikeMethod(first) {
            method = HTTPMethod(first.uppercased())
            positional = positional.dropFirst()
        }
        guard let target = positional.popFirst() else {
            throw SendUsageError(description: "missing the URL: boomerang send [METHOD] URL [ITEM…]")
        }
        do {
            items = try positional.map { (text: String) throws(RequestItem.Invalid) in try RequestItem.parse(text) }
        } catch {
            throw SendUsageError(description: error.description)
        }
        url = RequestItem.url(target.contains("://") ? target : "http://" + target, addingQueryOf: items)
        let hasFiles = items.contains { if case .file = $0 { true } else { false } }
        let hasFields = hasFiles || items.contains { if case .field = $0 { true } else { false } }
        encoding = command.encoding ?? (hasFiles ? .multipart : .form)
        if hasFiles, encoding != .multipart {
            throw SendUsageError(description: "file items (name@path) need --multipart, not --\(encoding.rawValue)")
        }
        self.method = method ?? (hasFields || encoding == .multipart ? .post : .get)
        if encoding == .multipart, self.method.rawValue == "GET" || self.method.rawValue == "HEAD" {
            throw SendUsageError(description: "a multipart request cannot use \(self.method.rawValue)")
        }
        var statusCodes: AcceptableSet<Int>?
        if let text = command.acceptStatus {
            guard let parsed = AcceptableSet<Int>.statusCodes(text) else {
                throw SendUsageError(description: "--accept-status '\(text)' is not 'any' or a list like 200-299,304")
            }
            statusCodes = parsed
        }
        var contentTypes: AcceptableSet<String>?
        if let text = command.acceptType {
            guard let parsed = AcceptableSet<String>.contentTypes(text) else {
                throw SendUsageError(description: "--accept-type '\(text)' is not 'any' or a list like application/json,text/plain")
            }
            contentTypes = parsed
        }
        if command.dryRun, command.report != nil {
            throw SendUsageError(description: "--dry-run prints the request bytes; it cannot be combined with --report")
        }
        guard command.timeout > 0, command.timeout <= 3600 else {
            throw SendUsageError(description: "--timeout must be above 0 and at most 3600 seconds")
        }
        responseSerializer = command.response.serializer(statusCodes: statusCodes, contentTypes: contentTypes)
        boundary = command.boundary
    }

    /// The headers of the items, in order.
    var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        for case .header(let name, let value) in items {
            headers.add(name: name, value: value)
        }
        return headers
    }

    /// A client with the chosen serializers and an ephemeral session.
    func makeClient(timeout: Double) -> SessionManager {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let base = HTTPRequestSerializer(environment: .current)
        let requestSerializer: any RequestSerializer =
            switch encoding {
            case .json: JSONRequestSerializer(base: base)
            case .plist: PropertyListRequestSerializer(base: base)
            case .form, .multipart: base
            }
        return SessionManager(
            configuration: configuration,
            requestSerializer: requestSerializer,
            responseSerializer: responseSerializer
        )
    }

    /// The request the client sends.
    func request(with client: SessionManager) throws(ClientError) -> HTTPRequest {
        let parameters = RequestItem.parameters(items)
        guard encoding == .multipart else {
            return try client.request(method: method, path: url, parameters: parameters, headers: headers)
        }
        let files = items.compactMap { item -> (String, String)? in
            if case .file(let name, let path) = item { return (name, path) }
            return nil
        }
        return try client.multipartRequest(
            method: method,
            path: url,
            parameters: parameters,
            headers: headers,
            boundary: boundary ?? MultipartBoundary.random()
        ) { form in
            for (name, path) in files {
                try form.appendPart(filePath: path, name: name)
            }
        }
    }

    /// A first argument followed by more is the method (`send PUT url`) when it is all upper-case
    /// letters (`PROPFIND`) or a standard method in any case (`delete`); it is sent upper-cased.
    static func looksLikeMethod(_ text: String) -> Bool {
        let standard = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"]
        if standard.contains(text.uppercased()) { return true }
        return !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }
}
