import BoomerangCertificates
import BoomerangHTTP1
import BoomerangLibevent
import BoomerangRuntime
import BoomerangSettings
import BoomerangTLS
import BoomerangTLSScenarios
import Foundation

/// The server's TLS: the local certificate authority, loaded or made on first start, a
/// certificate from it for each name a client asks for, and the TLS scenarios by name and on
/// their own ports. Made with the server; filled in when it starts with HTTPS on.
final class ServerTLS: Sendable {
    /// The TLS of a running server.
    struct Running: Sendable {
        let context: TLSServerContext
        let authority: CertificateAuthority
        let scenarios: TLSScenarioSet
        var httpsPort = 0
        var scenarioPorts: [String: Int] = [:]
    }

    private let state = Locked<Running?>(nil)

    /// What `GET /__admin/tls` lists, while HTTPS is on.
    var listing: TLSListing? {
        state.withLock { running in
            running.map { TLSListing(httpsPort: $0.httpsPort, ports: $0.scenarioPorts, authority: $0.authority, scenarios: $0.scenarios) }
        }
    }

    /// The HTTPS port, while HTTPS is on.
    var httpsPort: Int? {
        state.withLock { $0?.httpsPort }
    }

    /// Loads or makes the CA for `settings` (its folder is `tlsStateDirectory`, or the user's data
    /// folder) and the context every HTTPS listener shares, whose OpenSSL part is made at the
    /// first HTTPS connection.
    ///
    /// - Throws: `LibeventError` for the function `HTTPS`, with the reason in words, when the CA
    ///   cannot be read or made.
    func prepare(settings: ServerSettings) throws(LibeventError) -> Running {
        let folder = settings.tlsStateDirectory ?? CertificateAuthority.defaultFolder(environment: ProcessInfo.processInfo.environment)
        let authority: CertificateAuthority
        do {
            authority = try CertificateAuthority.loadOrCreate(in: folder, permitting: settings.tlsNames)
        } catch {
            throw LibeventError(function: "HTTPS", errno: 0, reason: "the local certificate authority in \(folder): \(error)")
        }
        let scenarios = TLSScenarioSet(authority: authority)
        let context = TLSServerContext(
            protocols: settings.http2 ? ["h2", "http/1.1"] : ["http/1.1"],
            handshakeTimeoutNanoseconds: ConnectionConfiguration.nanoseconds(settings.tlsHandshakeTimeout),
            maxHandshakesInFlight: settings.tlsHandshakeLimit, policies: { scenarios.policy(forServerName: $0) },
            material: { () throws(TLSError) -> TLSServerContext.Material in
                let leaf: IssuedCertificate
                do {
                    leaf = try authority.issueLeaf(for: "localhost")
                } catch {
                    throw TLSError(.invalidCredential, "localhost", detail: "\(error)")
                }
                return TLSServerContext.Material(fallback: try Self.credential(leaf), clientAuthorityPEM: authority.clientAuthority.pemText)
            }
        ) { name in
            // A name outside the CA's constraints gets the localhost certificate, which the
            // client then refuses for the wrong name, as it should.
            guard let leaf = try? authority.issueLeaf(for: name) else { return nil }
            return try? Self.credential(leaf)
        }
        return Running(context: context, authority: authority, scenarios: scenarios)
    }

    /// The server listens: `running` is what the admin API and `/hsts` report from now on.
    func started(_ running: Running) {
        state.withLock { $0 = running }
    }

    /// The server stopped.
    func stopped() {
        state.withLock { $0 = nil }
    }

    private static func credential(_ leaf: IssuedCertificate) throws(TLSError) -> TLSCredential {
        try TLSCredential(chainPEM: leaf.chainPEM, privateKeyPEM: leaf.privateKeyPEM)
    }
}
