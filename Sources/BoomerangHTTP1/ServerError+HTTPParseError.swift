import BoomerangExchange
import BoomerangWire

extension ServerError {
    /// A request the HTTP/1.1 parser refused; the connection always closes after it.
    public init(_ error: HTTPParseError) {
        self.init(
            Code(error.code.name, status: error.status, closesConnection: true), error.description, value: error.value,
            offset: error.offset)
    }
}
