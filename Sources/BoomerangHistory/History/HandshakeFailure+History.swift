import BoomerangExchange
import BoomerangSerialization

extension HandshakeFailure {
    /// The `handshake` object of a history entry whose handshake failed.
    package var historyValue: StructuredValue {
        func text(_ value: String?) -> StructuredValue { value.map(StructuredValue.string) ?? .null }
        return .object(StructuredObject([
            ("cause", .string(cause.name)),
            ("explanation", .string(summary)),
            ("detail", text(detail)),
            ("alertReceived", text(alertReceived)),
            ("alertSent", text(alertSent)),
            ("serverName", text(serverName)),
            ("offeredVersions", .array(offeredVersions.map(StructuredValue.string))),
            ("offeredCiphers", .array(offeredCiphers.map(StructuredValue.string))),
            ("offeredProtocols", .array(offeredProtocols.map(StructuredValue.string))),
            ("ja4", text(ja4)),
            ("scenario", text(scenario)),
        ]))
    }
}
