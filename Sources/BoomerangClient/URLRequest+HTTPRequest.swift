import BoomerangSerialization
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// A Foundation request with the core request's URL, method, headers and set transport
    /// properties. The body is not copied: ``SessionManager`` hands it to an upload task.
    /// `shouldUsePipelining` is not applied: Foundation deprecates it and Linux ignores it.
    ///
    /// Header fields of the same name are joined with `, `, as `addValue(_:forHTTPHeaderField:)`
    /// does.
    ///
    /// - Returns: `nil` when the URL text is not a URL.
    init?(headOf request: HTTPRequest) {
        guard let url = URL(string: request.url) else { return nil }
        self.init(url: url)
        httpMethod = request.method.rawValue
        for field in request.headers {
            addValue(field.value, forHTTPHeaderField: field.name)
        }
        let properties = request.properties
        if let value = properties.timeoutInterval { timeoutInterval = value }
        if let raw = properties.cachePolicy, let value = URLRequest.CachePolicy(rawValue: raw) { cachePolicy = value }
        if let value = properties.shouldHandleCookies { httpShouldHandleCookies = value }
        if let value = properties.allowsCellularAccess { allowsCellularAccess = value }
        if let raw = properties.networkServiceType, let value = URLRequest.NetworkServiceType(rawValue: raw) {
            networkServiceType = value
        }
    }
}
