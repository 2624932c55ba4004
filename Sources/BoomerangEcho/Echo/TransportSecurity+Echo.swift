import BoomerangExchange
import BoomerangSerialization

extension TransportSecurity {
    /// The echo's `tls` object: keys in alphabetical order, absent facts as null.
    package var echoValue: StructuredValue {
        .object(StructuredObject([
            ("alpn", alpn.map(StructuredValue.string) ?? .null),
            ("cipher", .string(cipher)),
            ("clientCertificate", clientCertificate.map(\.echoValue) ?? .null),
            ("ja4", ja4.map(StructuredValue.string) ?? .null),
            ("resumed", .bool(resumed)),
            ("scenario", scenario.map(StructuredValue.string) ?? .null),
            ("serverName", serverName.map(StructuredValue.string) ?? .null),
            ("version", .string(version)),
        ]))
    }
}

extension TransportSecurity.PeerCertificate {
    /// The echo's `tls.clientCertificate` object.
    package var echoValue: StructuredValue {
        .object(StructuredObject([
            ("issuer", .string(issuer)),
            ("notAfter", .string(notAfter)),
            ("notBefore", .string(notBefore)),
            ("serial", .string(serial)),
            ("sha256", .string(sha256)),
            ("subject", .string(subject)),
            ("verified", .bool(verified)),
        ]))
    }
}
