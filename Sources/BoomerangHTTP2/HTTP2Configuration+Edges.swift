import BoomerangExchange
import BoomerangHTTP2Wire

extension HTTP2Configuration {
    /// This configuration with `edges` in place of its own values.
    public func applying(_ edges: HTTP2Edges) -> HTTP2Configuration {
        var configuration = self
        if let value = edges.maxConcurrentStreams { configuration.maxConcurrentStreams = value }
        if let value = edges.initialWindowSize { configuration.initialWindowSize = value }
        if let value = edges.headerTableSize { configuration.headerTableSize = value }
        if let value = edges.maxDataFrameBytes { configuration.maxDataFrameBytes = value }
        return configuration
    }
}
