import BoomerangSerialization
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP client on `URLSession` built from the core's serializers: the counterpart of
/// AFNetworking's `AFHTTPSessionManager`.
///
/// Each call resolves its path against ``baseURL`` (see ``URLResolution``), builds the request
/// with ``requestSerializer``, sets the per-call headers over the serializer's (as AFNetworking 4
/// does), sends it, and runs ``responseSerializer`` on the response. The serializer's verdict
/// decides the outcome, as AFNetworking's success and failure blocks:
/// - no serializer error: the call returns a ``ClientResponse`` with the object;
/// - a serializer error (an unacceptable status, -1011; a content type, -1016; undecodable
///   bytes): the call throws ``ClientError`` ``ClientError/Code/responseSerialization`` carrying
///   that error, the response, the data and any object decoded anyway.
///
/// A request serializer error throws before anything is sent.
///
/// Bodies are sent with upload tasks so that upload progress is reported. A multipart body (a
/// stream) of known length up to ``maxInMemoryMultipartBytes`` is read into memory; a larger one
/// is written to a temporary file by the file adapter
/// (``BoomerangSerialization/MultipartFormData/writeBodyStream(of:toFile:)``) and uploaded from the
/// file, which is removed when the call ends. `URLSession` on Linux sends a stream body chunked,
/// and a chunked body with the serializer's `Content-Length` beside it is a framing error, so
/// streams are never handed to the session as streams.
///
/// ```swift
/// let client = SessionManager(baseURL: URL(string: "http://127.0.0.1:8080/v1")!)
/// let reply = try await client.get("anything", parameters: ["q": "a b"])
/// // GET http://127.0.0.1:8080/v1/anything?q=a%20b; reply.object is the JSON echo
/// ```
public final class SessionManager: @unchecked Sendable {
    /// Alamofire's default threshold for encoding a multipart body in memory: 10 MB.
    public static let defaultMaxInMemoryMultipartBytes: Int64 = 10_000_000

    /// The base URL, normalised with AFNetworking's trailing slash rule; `nil` when every path
    /// is an absolute URL.
    public let baseURL: URL?
    /// The session that runs the tasks; its delegate belongs to the manager.
    public let session: URLSession
    /// The largest multipart body read into memory; larger ones go through a temporary file.
    public let maxInMemoryMultipartBytes: Int64
    /// Where multipart bodies above the threshold are written before upload.
    public let temporaryDirectory: URL

    private let delegate: SessionDelegate
    private let lock = NSLock()
    private var unsafeRequestSerializer: any RequestSerializer
    private var unsafeResponseSerializer: any ResponseSerializer

    /// Creates a manager.
    ///
    /// - Parameters:
    ///   - baseURL: the URL relative paths resolve against; normalised to end with `/` when it
    ///     has a path.
    ///   - configuration: the session configuration; `.default` by default.
    ///   - requestSerializer: the request serializer; by default a form (`HTTPRequestSerializer`)
    ///     one with the process's `Accept-Language` and `User-Agent`, as AFNetworking's.
    ///   - responseSerializer: the response serializer; a JSON one by default.
    ///   - maxInMemoryMultipartBytes: the largest multipart body read into memory.
    ///   - temporaryDirectory: where larger multipart bodies are written; the system's
    ///     temporary directory by default.
    public init(
        baseURL: URL? = nil,
        configuration: URLSessionConfiguration = .default,
        requestSerializer: any RequestSerializer = HTTPRequestSerializer(environment: .current),
        responseSerializer: any ResponseSerializer = JSONResponseSerializer(),
        maxInMemoryMultipartBytes: Int64 = SessionManager.defaultMaxInMemoryMultipartBytes,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.baseURL = baseURL.map(URLResolution.normalizedBaseURL)
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        self.maxInMemoryMultipartBytes = maxInMemoryMultipartBytes
        self.temporaryDirectory = temporaryDirectory
        self.unsafeRequestSerializer = requestSerializer
        self.unsafeResponseSerializer = responseSerializer
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The request serializer used by every later call.
    public var requestSerializer: any RequestSerializer {
        get { locked { unsafeRequestSerializer } }
        set { locked { unsafeRequestSerializer = newValue } }
    }

    /// The response serializer used by every later call.
    public var responseSerializer: any ResponseSerializer {
        get { locked { unsafeResponseSerializer } }
        set { locked { unsafeResponseSerializer = newValue } }
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    // MARK: - Building requests

    /// The absolute URL for `path`: ``URLResolution/resolve(_:against:)`` with ``baseURL``.
    ///
    /// - Throws: ``ClientError`` ``ClientError/Code/invalidURL``.
    public func url(for path: String) throws(ClientError) -> String {
        guard let url = URLResolution.resolve(path, against: baseURL) else {
            throw ClientError(code: .invalidURL, value: path, message: "the path does not resolve to a URL")
        }
        return url
    }

    /// Builds the request a call would send: the resolved URL, the request serializer, then
    /// `headers` set over the serializer's (replacing fields of the same name).
    ///
    /// - Throws: ``ClientError`` ``ClientError/Code/invalidURL`` or
    ///   ``ClientError/Code/requestSerialization``.
    public func request(
        method: HTTPMethod,
        path: String,
        parameters: QueryValue?,
        headers: HTTPHeaders = HTTPHeaders()
    ) throws(ClientError) -> HTTPRequest {
        let url = try url(for: path)
        let serializer = requestSerializer
        var request: HTTPRequest
        do {
            request = try serializer.request(method: method, url: url, parameters: parameters)
        } catch {
            throw Self.requestSerializationFailure(error, url: url)
        }
        Self.apply(headers, to: &request)
        return request
    }

    /// Builds the multipart request a multipart call would send: the resolved URL,
    /// ``BoomerangSerialization/RequestSerializer/multipartFormRequest(method:url:parameters:boundary:constructingBody:)``,
    /// then `headers` set over the result.
    ///
    /// - Throws: ``ClientError`` ``ClientError/Code/invalidURL``,
    ///   ``ClientError/Code/requestSerialization`` or ``ClientError/Code/multipartBody`` (a part
    ///   the closure could not add).
    public func multipartRequest(
        method: HTTPMethod = .post,
        path: String,
        parameters: QueryValue?,
        headers: HTTPHeaders = HTTPHeaders(),
        boundary: String = MultipartBoundary.random(),
        constructingBody: (inout MultipartFormData) throws -> Void
    ) throws(ClientError) -> HTTPRequest {
        let url = try url(for: path)
        let serializer = requestSerializer
        var request: HTTPRequest
        do {
            request = try serializer.multipartFormRequest(
                method: method, url: url, parameters: parameters, boundary: boundary, constructingBody: constructingBody
            )
        } catch let error as MultipartFormDataError {
            throw ClientError(code: .multipartBody, value: url, message: error.description, multipartError: error)
        } catch {
            throw Self.requestSerializationFailure(error, url: url)
        }
        Self.apply(headers, to: &request)
        return request
    }

    // MARK: - Sending

    /// Sends a built request and runs the response serializer on the reply.
    ///
    /// - Parameters:
    ///   - request: the request, with an absolute URL.
    ///   - progress: receives upload and download progress.
    /// - Returns: the response, when the serializer reports no error.
    /// - Throws: ``ClientError`` ``ClientError/Code/invalidURL``, ``ClientError/Code/multipartBody``
    ///   (the body could not be read or written out), ``ClientError/Code/transport`` or
    ///   ``ClientError/Code/responseSerialization``.
    public func send(_ request: HTTPRequest, progress: ProgressHandler? = nil) async throws(ClientError) -> ClientResponse {
        guard let head = URLRequest(headOf: request) else {
            throw ClientError(code: .invalidURL, value: request.url, message: "the URL cannot be parsed")
        }
        let upload = try prepareBody(of: request)
        defer {
            if case .file(let path) = upload { try? FileManager.default.removeItem(atPath: path) }
        }
        let task: URLSessionTask
        switch upload {
        case .none: task = session.dataTask(with: head)
        case .memory(let bytes): task = session.uploadTask(with: head, from: Data(bytes))
        case .file(let path): task = session.uploadTask(with: head, fromFile: URL(fileURLWithPath: path))
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<SessionDelegate.Outcome, Never>) in
                delegate.register(task, progress: progress) { continuation.resume(returning: $0) }
                task.resume()
                // A cancel that came before the task was registered found nothing to finish.
                if Task.isCancelled { delegate.cancel(task) }
            }
        } onCancel: {
            delegate.cancel(task)
        }
        return try finish(request, outcome)
    }

    // MARK: - Helpers

    private enum Upload {
        case none
        case memory([UInt8])
        case file(String)
    }

    private func prepareBody(of request: HTTPRequest) throws(ClientError) -> Upload {
        switch request.body {
        case .none:
            return .none
        case .bytes(let bytes):
            return .memory(bytes)
        case .stream(let stream):
            if let length = stream.length, length <= maxInMemoryMultipartBytes {
                do {
                    return .memory(try Self.readAll(stream, length: length))
                } catch let error as MultipartFormDataError {
                    throw ClientError(code: .multipartBody, value: request.url, message: error.description, multipartError: error)
                } catch {
                    throw ClientError(code: .multipartBody, value: request.url, message: String(describing: error))
                }
            }
            let path = temporaryDirectory.appendingPathComponent("boomerang-upload-\(UUID().uuidString)").path
            do {
                _ = try MultipartFormData.writeBodyStream(of: request, toFile: path)
            } catch {
                try? FileManager.default.removeItem(atPath: path)
                throw ClientError(code: .multipartBody, value: request.url, message: error.description, multipartError: error)
            }
            return .file(path)
        }
    }

    private static func readAll(_ stream: BodyStream, length: Int64) throws -> [UInt8] {
        var reader = try stream.makeReader()
        var bytes = [UInt8](repeating: 0, count: Int(length))
        var filled = 0
        while filled < bytes.count {
            let count = try bytes.withUnsafeMutableBytes { buffer in
                try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            guard count > 0 else {
                throw MultipartFormDataError(code: .bodyShorterThanDeclared, value: "body", offset: Int64(filled))
            }
            filled += count
        }
        return bytes
    }

    private func finish(_ request: HTTPRequest, _ outcome: SessionDelegate.Outcome) throws(ClientError) -> ClientResponse {
        if let error = outcome.error {
            let code = (error as? URLError)?.errorCode ?? (error as NSError).code
            throw ClientError(
                code: .transport, value: request.url, message: error.localizedDescription, transportErrorCode: code
            )
        }
        guard let http = outcome.response as? HTTPURLResponse else {
            throw ClientError(code: .transport, value: request.url, message: "the response is not an HTTP response")
        }
        let response = ResponseValue(http, requestMethod: request.method)
        let serialization = responseSerializer.serializeResponseObject(response: response, data: outcome.data)
        if let error = serialization.error {
            throw ClientError(
                code: .responseSerialization,
                value: request.url,
                message: error.description,
                serializationError: error,
                response: response,
                data: outcome.data,
                object: serialization.object
            )
        }
        return ClientResponse(request: request, response: response, data: outcome.data, serialization: serialization)
    }

    private static func apply(_ headers: HTTPHeaders, to request: inout HTTPRequest) {
        for field in headers {
            request.headers.set(name: field.name, value: field.value)
        }
    }

    private static func requestSerializationFailure(_ error: any Error, url: String) -> ClientError {
        let serializationError = error as? RequestSerializationError
        return ClientError(
            code: .requestSerialization,
            value: url,
            message: serializationError?.description ?? String(describing: error),
            requestSerializationError: serializationError
        )
    }
}
