import BoomerangSerialization
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ResponseValue {
    /// The response serializers' view of a Foundation response.
    ///
    /// Header fields come from `allHeaderFields` (a dictionary, so their order is lost); they are
    /// sorted by name so the value is deterministic. The MIME type and charset are computed from
    /// `Content-Type` by the core (Darwin's rules) rather than taken from Foundation.
    ///
    /// - Parameters:
    ///   - response: the Foundation response.
    ///   - requestMethod: the method of the request that produced it.
    public init(_ response: HTTPURLResponse, requestMethod: HTTPMethod?) {
        var headers = HTTPHeaders()
        let fields = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, value as? String ?? String(describing: value))
        }
        for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
            headers.add(name: name, value: value)
        }
        self.init(
            statusCode: response.statusCode,
            headers: headers,
            url: response.url?.absoluteString,
            requestMethod: requestMethod
        )
    }
}
