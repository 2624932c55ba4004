import BoomerangCertificates
import BoomerangExchange
import BoomerangSerialization

/// The TLS routes: `GET /__admin/tls` with its downloads (admin-guarded), and `/hsts` (a product
/// route). `listing` gives the running server's TLS, or nil while HTTPS is off.
public enum TLSRoutes {
    /// Registers the admin routes in `admin`, a group under `/__admin` with its guard.
    public static func register(admin: inout RouteGroup, listing: @escaping @Sendable () -> TLSListing?) {
        admin.add("tls", .only([.get]), "/__admin/tls", summary: "The CA, its pins and downloads, and the TLS scenarios with their ports") { _ throws(ServerError) in
            let current = try running(listing)
            let body = (try? JSONWriter(configuration: .pretty).write(current.value)) ?? []
            return FixedResponder(Response(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"], body: body))
        }
        admin.add("tls-file", .only([.get]), "/__admin/tls/{file}", summary: "The root (.pem, .cer, .mobileconfig), the intermediate, the client CA, a new client certificate (.pem, .p12)") {
            request throws(ServerError) in
            let current = try running(listing)
            let authority = current.authority
            let file = request.parameters.string("file") ?? ""
            switch file {
            case "root.pem": return download(Array(authority.root.pemText.utf8), type: "application/x-pem-file", name: file)
            case "root.cer": return download(authority.root.derBytes, type: "application/pkix-cert", name: file)
            case "root.mobileconfig":
                let profile = try certificateOperation { () throws(CertificateAuthorityError) in try authority.exportRoot(as: .mobileconfig) }
                return download(profile, type: "application/x-apple-aspen-config", name: "boomerang-root.mobileconfig")
            case "intermediate.pem": return download(Array(authority.intermediate.pemText.utf8), type: "application/x-pem-file", name: file)
            case "client-ca.pem": return download(Array(authority.clientAuthority.pemText.utf8), type: "application/x-pem-file", name: file)
            case "client-certificate.pem":
                let issued = try certificateOperation { () throws(CertificateAuthorityError) in
                    try authority.issueClientCertificate(commonName: "Boomerang client")
                }
                return download(Array((issued.certificatePEM + issued.privateKeyPEM).utf8), type: "application/x-pem-file", name: file)
            case "client-certificate.p12":
                let bytes = try certificateOperation { () throws(CertificateAuthorityError) in
                    try authority.issueClientCertificate(commonName: "Boomerang client").pkcs12(
                        password: TLSListing.clientPassword, friendlyName: "Boomerang client")
                }
                return download(bytes, type: "application/x-pkcs12", name: file)
            default:
                throw ServerError(.notFound, "no such TLS file: root.pem, root.cer, root.mobileconfig, intermediate.pem, client-ca.pem, client-certificate.pem or client-certificate.p12", value: file)
            }
        }
        admin.add("tls-scenario-file", .only([.get]), "/__admin/tls/scenarios/{file}", summary: "A TLS scenario's certificate chain as it is sent") {
            request throws(ServerError) in
            let current = try running(listing)
            let file = request.parameters.string("file") ?? ""
            guard file.hasSuffix(".pem") else {
                throw ServerError(.notFound, "no such scenario certificate; GET /__admin/tls lists them", value: file)
            }
            switch current.scenarios.certificateIfMade(named: String(file.dropLast(4))) {
            case .made(let certificate):
                return download(Array(certificate.chainPEM.utf8), type: "application/x-pem-file", name: file)
            case .pending:
                throw ServerError(
                    .certificateBeingMade, "the scenario's certificate is being made; ask again in a second", value: file, headers: ["Retry-After": "1"])
            case .none:
                throw ServerError(.notFound, "no such scenario certificate; GET /__admin/tls lists them", value: file)
            }
        }
    }

    /// Registers `/hsts` in `group`: over HTTPS a response with `Strict-Transport-Security`; over
    /// plain HTTP a redirect to the same path on the HTTPS port, as a site with HSTS does.
    public static func register(product group: inout RouteGroup, httpsPort: @escaping @Sendable () -> Int?) {
        group.add("hsts", .only([.get, .head]), "/hsts", summary: "Strict-Transport-Security over HTTPS; a redirect to HTTPS over HTTP") {
            request throws(ServerError) in
            let context = request.context
            if context.security != nil {
                let body = Array("HSTS: this host is to be reached over HTTPS only for the next 5 minutes.\n".utf8)
                return FixedResponder(Response(
                    status: 200, headers: ["Strict-Transport-Security": "max-age=300", "Content-Type": "text/plain; charset=utf-8"], body: body))
            }
            guard let port = httpsPort() else {
                throw ServerError(.notFound, "HTTPS is off (https_port: off): there is no HTTPS port to send clients to")
            }
            let host = context.authority.map(hostWithoutPort) ?? "localhost"
            return FixedResponder(Response(status: 301, headers: ["Location": "https://\(host):\(port)/hsts"]))
        }
    }

    private static func running(_ listing: @Sendable () -> TLSListing?) throws(ServerError) -> TLSListing {
        guard let current = listing() else {
            throw ServerError(.notFound, "HTTPS is off (https_port: off): there is no CA or scenario to list")
        }
        return current
    }

    private static func certificateOperation<T>(_ body: () throws(CertificateAuthorityError) -> T) throws(ServerError) -> T {
        do {
            return try body()
        } catch {
            throw ServerError(.renderFailed, "the certificate could not be made: \(error)")
        }
    }

    private static func download(_ bytes: [UInt8], type: String, name: String) -> FixedResponder {
        FixedResponder(Response(
            status: 200, headers: ["Content-Type": type, "Content-Disposition": "attachment; filename=\"\(name)\"", "Cache-Control": "no-store"],
            body: bytes))
    }

    /// `host` of `host:port` or `[v6]:port`.
    private static func hostWithoutPort(_ value: String) -> String {
        if value.hasPrefix("[") { return String(value.prefix { $0 != "]" }) + "]" }
        return String(value.prefix { $0 != ":" })
    }
}
