import BoomerangCertificates
import BoomerangRuntime
import BoomerangTLS
import Foundation

/// The catalogue made real for one certificate authority: each scenario's policy, with a
/// certificate made (and kept in the CA's folder) the first time a client needs it, or when
/// ``prepare()`` gets to it first.
public final class TLSScenarioSet: Sendable {
    /// The scenarios, in catalogue order.
    public let scenarios: [TLSScenario]
    private let authority: CertificateAuthority
    private let policies: [String: TLSPolicy]
    private let namesByHost: [String: String]
    private let issued = IssuedCertificates()
    /// Whether a thread of ``prepareInBackground(all:report:)``'s is making the certificates.
    private let isPreparing = Locked(false)

    /// The certificates made so far, by scenario; shared with the credentials that make them.
    private final class IssuedCertificates: Sendable {
        let table = Locked<[String: IssuedCertificate]>([:])
    }

    /// The scenarios of `catalogue`, with certificates from `authority`.
    public init(authority: CertificateAuthority, catalogue: [TLSScenario] = TLSScenarioCatalogue.all) {
        self.authority = authority
        scenarios = catalogue
        var policies: [String: TLSPolicy] = [:]
        var namesByHost: [String: String] = [:]
        let issued = self.issued
        for scenario in catalogue {
            var policy = TLSPolicy(scenario: scenario.name)
            if let kind = scenario.certificate {
                let name = scenario.name
                let host = scenario.host
                policy.credential = DeferredCredential { () throws(TLSError) -> TLSCredential in
                    let certificate: IssuedCertificate
                    do {
                        certificate = try authority.scenarioCertificate(named: name, kind: kind, host: host, loopback: true)
                    } catch {
                        throw TLSError(.invalidCredential, name, detail: "\(error)")
                    }
                    issued.table.withLock { $0[name] = certificate }
                    return try TLSCredential(chainPEM: certificate.chainPEM, privateKeyPEM: certificate.privateKeyPEM)
                } runInBackground: { work in
                    Thread.detachNewThread(work)
                }
            }
            scenario.configure(&policy)
            policies[scenario.name] = policy
            namesByHost[scenario.host] = scenario.name
        }
        self.policies = policies
        self.namesByHost = namesByHost
    }

    /// The policy of the scenario a client asked for by name (`expired.localhost`), or nil.
    public func policy(forServerName serverName: String) -> TLSPolicy? {
        namesByHost[serverName].flatMap { policies[$0] }
    }

    /// The policy of the scenario named `name`.
    public func policy(named name: String) -> TLSPolicy? {
        policies[name]
    }

    /// Makes every scenario's certificate that is not in the CA's folder yet, on the calling
    /// thread (the server does it on a thread of its own at start, so that no client waits for an
    /// RSA key); with `all`, loads the stored ones too.
    ///
    /// - Returns: how many certificates it made or read, and the scenarios whose certificate
    ///   could not be made, with why.
    @discardableResult
    public func prepare(all: Bool = false) -> (made: Int, failures: [(name: String, error: TLSError)]) {
        var failures: [(String, TLSError)] = []
        var made = 0
        for scenario in scenarios where all || !authority.hasStoredScenarioCertificate(named: scenario.name) {
            guard let credential = policies[scenario.name]?.credential else { continue }
            do throws(TLSError) {
                _ = try credential.value()
                made += 1
            } catch {
                failures.append((scenario.name, error))
            }
        }
        return (made, failures)
    }

    /// The certificate scenario `name` presents, made now on the calling thread if it is not yet.
    public func certificate(named name: String) -> IssuedCertificate? {
        if let known = issued.table.withLock({ $0[name] }) { return known }
        _ = try? policies[name]?.credential?.value()
        return issued.table.withLock { $0[name] }
    }

    /// What an event loop, which must not wait for a key, knows of scenario `name`'s certificate.
    public enum Made {
        /// Made (or read from the CA's folder).
        case made(IssuedCertificate)
        /// Still to be made or read; it is being made on a thread of its own.
        case pending
        /// The scenario has none, or it could not be made (the server logged why).
        case none
    }

    /// Scenario `name`'s certificate if it is made; while it is not, has every scenario's made on
    /// one thread of its own.
    public func certificateIfMade(named name: String) -> Made {
        if let known = issued.table.withLock({ $0[name] }) { return .made(known) }
        guard let credential = policies[name]?.credential, credential.finished == nil else { return .none }
        prepareInBackground(all: true)
        return .pending
    }

    /// ``prepare(all:)`` on a thread of its own, unless one is at it already; `report` then gets
    /// what it made or read, the failures, and how long it took in nanoseconds.
    public func prepareInBackground(
        all: Bool = false,
        report: @escaping @Sendable (_ made: Int, _ failures: [(name: String, error: TLSError)], _ nanoseconds: UInt64) -> Void = { _, _, _ in }
    ) {
        guard isPreparing.withLock({ preparing in
            defer { preparing = true }
            return !preparing
        }) else { return }
        Thread.detachNewThread { [self] in
            let started = MonotonicClock.nanoseconds()
            let (made, failures) = prepare(all: all)
            isPreparing.withLock { $0 = false }
            report(made, failures, MonotonicClock.nanoseconds() - started)
        }
    }
}
