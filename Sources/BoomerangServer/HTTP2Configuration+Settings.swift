import BoomerangHTTP1
import BoomerangHTTP2Wire
import BoomerangSettings

extension HTTP2Configuration {
    /// The HTTP/2 configuration the server's settings describe: the body limit and the idle and
    /// write timeouts are HTTP/1.1's.
    init(settings: ServerSettings) {
        self.init()
        maxBodyBytes = settings.maxBodyBytes
        idleTimeoutNanoseconds = ConnectionConfiguration.nanoseconds(settings.idleTimeout)
        writeTimeoutNanoseconds = ConnectionConfiguration.nanoseconds(settings.writeTimeout)
        maxHeaderListSize = max(settings.maxHeaderBytes, 1024)
    }
}
