import BoomerangExchange
import BoomerangSerialization

extension TransportSecurity {
    /// Writes the `tls` key and object into `sink`, without a tree: every echo over TLS has one.
    package func write<Sink: StructuredSink & ~Copyable>(into sink: inout Sink) throws(Sink.Failure) {
        sink.key(literal: "tls")
        sink.beginObject()
        sink.key(literal: "alpn")
        if let alpn { sink.string(alpn) } else { try sink.value(.null) }
        sink.member("cipher", string: cipher)
        sink.key(literal: "clientCertificate")
        if let clientCertificate { try sink.value(clientCertificate.echoValue) } else { try sink.value(.null) }
        sink.key(literal: "ja4")
        if let ja4 { sink.string(ja4) } else { try sink.value(.null) }
        try sink.member("resumed", .bool(resumed))
        sink.key(literal: "scenario")
        if let scenario { sink.string(scenario) } else { try sink.value(.null) }
        sink.key(literal: "serverName")
        if let serverName { sink.string(serverName) } else { try sink.value(.null) }
        sink.member("version", string: version)
        sink.endObject()
    }

    /// The echo's `tls` object as a tree: keys in alphabetical order, absent facts as null.
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
