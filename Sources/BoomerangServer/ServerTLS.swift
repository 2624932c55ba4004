import BoomerangCertificates
import BoomerangHTTP1
import BoomerangLibevent
import BoomerangSettings
import BoomerangTLS
import Foundation

/// The HTTPS listener's TLS: the local certificate authority, loaded or made on first start, and
/// a certificate from it for each name a client asks for.
enum ServerTLS {
    /// The context for `settings`; the CA's folder is `tlsStateDirectory`, or the user's data folder.
    ///
    /// - Throws: `LibeventError` for the function `HTTPS`, with the reason in words, when the CA
    ///   cannot be read or made, or its certificates cannot be loaded.
    static func context(settings: ServerSettings) throws(LibeventError) -> TLSServerContext {
        let folder = settings.tlsStateDirectory ?? CertificateAuthority.defaultFolder(environment: ProcessInfo.processInfo.environment)
        do {
            let authority = try CertificateAuthority.loadOrCreate(in: folder, permitting: settings.tlsNames)
            let fallback = try credential(authority.issueLeaf(for: "localhost"))
            let timeout = ConnectionConfiguration.nanoseconds(settings.tlsHandshakeTimeout)
            return try TLSServerContext(
                fallback: fallback, handshakeTimeoutNanoseconds: timeout, maxHandshakesInFlight: settings.tlsHandshakeLimit
            ) { name in
                // A name outside the CA's constraints gets the localhost certificate, which the
                // client then refuses for the wrong name, as it should.
                guard let leaf = try? authority.issueLeaf(for: name) else { return nil }
                return try? credential(leaf)
            }
        } catch let error as CertificateAuthorityError {
            throw LibeventError(function: "HTTPS", errno: 0, reason: "the local certificate authority in \(folder): \(error)")
        } catch {
            throw LibeventError(function: "HTTPS", errno: 0, reason: "\(error)")
        }
    }

    private static func credential(_ leaf: IssuedCertificate) throws(TLSError) -> TLSCredential {
        try TLSCredential(chainPEM: leaf.chainPEM, privateKeyPEM: leaf.privateKeyPEM)
    }
}
