import Foundation

/// How ``SessionManager`` turns a path into a URL, exactly as AFHTTPSessionManager does.
///
/// - The base URL is normalised once, at init: when its path is not empty and its absolute text
///   does not end with `/`, an empty path component is appended, so `http://h/v1` becomes
///   `http://h/v1/` (`URLByAppendingPathComponent:@""`). A base without a path (`http://h`) is
///   kept as it is.
/// - A path is resolved with `URL(string: path, relativeTo: base)` and its `absoluteString`
///   (`[NSURL URLWithString:relativeToURL:] absoluteString`), RFC 3986 reference resolution:
///   `foo` → `http://h/v1/foo`, `/foo` → `http://h/foo`, `../x` → `http://h/x`, `?q=1` →
///   `http://h/v1/?q=1`, `//other/x` → `http://other/x`, an absolute URL replaces the base.
/// - An empty path is the base URL itself (RFC 3986 §5.2.2, and what `NSURL` gives on Darwin;
///   Foundation on Linux refuses `URL(string: "")`).
/// - Without a base URL the path must itself be an absolute URL.
public enum URLResolution {
    /// The base URL with AFNetworking's trailing slash rule applied.
    ///
    /// - Parameter url: the base URL as given.
    /// - Returns: `url` with `/` appended to a non-empty path that lacks one.
    public static func normalizedBaseURL(_ url: URL) -> URL {
        guard !url.path.isEmpty, !url.absoluteString.hasSuffix("/") else { return url }
        return url.appendingPathComponent("")
    }

    /// The absolute URL text for `path` against `baseURL` (already normalised).
    ///
    /// - Returns: the absolute URL, or `nil` when `path` is not a URL reference Foundation
    ///   accepts, or when there is no base and `path` has no scheme.
    public static func resolve(_ path: String, against baseURL: URL?) -> String? {
        if path.isEmpty, let baseURL {
            return baseURL.absoluteString.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                .first.map(String.init)
        }
        guard let url = URL(string: path, relativeTo: baseURL) else { return nil }
        let absolute = url.absoluteString
        guard url.scheme != nil, !absolute.isEmpty else { return nil }
        return absolute
    }
}
