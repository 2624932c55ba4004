import BoomerangScenarios
import BoomerangSerialization
import BoomerangServer
import BoomerangTesting
import BoomerangXML
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The closed loop: every scenario fetched from a live server with URLSession (a session delegate
/// collecting the data, redirects refused, no cache), every serializer run on what arrived (the
/// `ResponseValue` built from the status and header fields), and the outcome compared with the
/// catalogue.
@Suite struct ScenarioClosedLoopTests {
    /// The eight configurations, built the way a client would (defaults everywhere).
    static func serialize(
        _ serializer: ScenarioSerializer,
        _ response: ResponseValue,
        _ data: [UInt8]
    )
        -> ResponseSerialization<ResponseObject>
    {
        switch serializer {
        case .http: HTTPResponseSerializer().serializeResponseObject(response: response, data: data)
        case .json: JSONResponseSerializer().serializeResponseObject(response: response, data: data)
        case .jsonRemovingNulls:
            JSONResponseSerializer(removesKeysWithNullValues: true).serializeResponseObject(response: response, data: data)
        case .xmlParser: XMLParserResponseSerializer().serializeResponseObject(response: response, data: data)
        case .xmlDocument: XMLDocumentResponseSerializer().serializeResponseObject(response: response, data: data)
        case .propertyList: PropertyListResponseSerializer().serializeResponseObject(response: response, data: data)
        case .image: ImageResponseSerializer().serializeResponseObject(response: response, data: data)
        case .compound:
            CompoundResponseSerializer([
                JSONResponseSerializer(), XMLParserResponseSerializer(), PropertyListResponseSerializer(),
                ImageResponseSerializer(),
            ])
            .serialize(response: response, data: data)
        }
    }

    @Test func everySerializerAgreesWithTheCatalogueOverHTTP() async throws {
        let live = try LiveServer()
        let fetcher = ScenarioFetcher()
        defer { fetcher.invalidate() }
        var mismatches: [String] = []
        var compared = 0
        for scenario in ScenarioCatalogue.standard.scenarios {
            let url = live.url(scenario.path)
            var request = URLRequest(url: url)
            request.httpMethod = scenario.method.rawValue
            let (data, response) = try await fetcher.fetch(request)
            var headers = HTTPHeaders()
            for (name, value) in response.allHeaderFields {
                headers.add(name: "\(name)", value: "\(value)")
            }
            let body = [UInt8](data)
            if response.statusCode != scenario.status {
                mismatches.append("\(scenario.id): status \(response.statusCode), expected \(scenario.status)")
                continue
            }
            if body != scenario.receivedBody.bytes {
                mismatches.append("\(scenario.id): received \(body.count) body bytes, expected \(scenario.receivedBody.bytes.count)")
                continue
            }
            if headers["Content-Type"] != scenario.contentType {
                mismatches.append("\(scenario.id): Content-Type \(headers["Content-Type"] ?? "none")")
                continue
            }
            let value = ResponseValue(
                statusCode: response.statusCode,
                headers: headers,
                url: url.absoluteString,
                requestMethod: scenario.method
            )
            for serializer in ScenarioSerializer.allCases {
                let result = Self.serialize(serializer, value, body)
                let actual = ExpectedOutcome(result)
                compared += 1
                guard let expected = scenario.expectations[serializer] else {
                    mismatches.append("\(scenario.id) [\(serializer)]: no expectation; got \(actual)")
                    continue
                }
                if actual != expected {
                    mismatches.append("\(scenario.id) [\(serializer)]: expected \(expected), got \(actual)")
                }
                if case .data(let bytes) = result.object, bytes != body {
                    mismatches.append("\(scenario.id) [\(serializer)]: data object is not the body")
                }
            }
        }
        #expect(compared == ScenarioCatalogue.standard.scenarios.count * ScenarioSerializer.allCases.count)
        #expect(mismatches == [], "\(mismatches.count) mismatches:\n\(mismatches.joined(separator: "\n"))")
    }

}

/// Fetches like AFURLSessionManager: a session delegate collects each task's data (the
/// completion-handler path of Linux FoundationNetworking drops the body of a refused redirect;
/// the delegate path keeps it, as Darwin does) and refuses every redirect, so a 3xx arrives as it is.
final class ScenarioFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var data = Data()
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]
    private var session: URLSession!

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    func fetch(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request)
            lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation) }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { pending[dataTask.taskIdentifier]?.data.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            entry.continuation.resume(throwing: error)
        } else if let response = task.response as? HTTPURLResponse {
            entry.continuation.resume(returning: (entry.data, response))
        } else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
