import ArgumentParser
import BoomerangCertificates
import Foundation

/// `boomerang ca install-help`: the commands that make each platform trust the root.
struct CAInstallHelpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-help", abstract: "Print the commands that install the root into each platform's trust store.")

    @OptionGroup var options: CAOptions

    func run() throws {
        let authority = try options.authority()
        print(Self.text(rootPEM: authority.folder + "/root.pem", fingerprint: authority.root.sha256Fingerprint), terminator: "")
    }

    /// The instructions for the root at `rootPEM`.
    static func text(rootPEM: String, fingerprint: String) -> String {
        let root = shellQuoted(rootPEM)
        return """
            The root certificate: \(rootPEM)
            SHA-256 fingerprint: \(fingerprint)
            It is valid only for localhost, its subdomains, 127.0.0.0/8, ::1 and the names in tls_names.

            Debian and Ubuntu (curl, OpenSSL, Python, Go, Node with --use-openssl-ca):
              sudo cp \(root) /usr/local/share/ca-certificates/boomerang-root.crt
              sudo update-ca-certificates
              remove: sudo rm /usr/local/share/ca-certificates/boomerang-root.crt && sudo update-ca-certificates --fresh

            macOS (Safari, Chrome, URLSession):
              sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain \(root)
              remove: sudo security remove-trusted-cert -d \(root)

            iOS simulator (the booted one):
              xcrun simctl keychain booted add-root-cert \(root)
              remove: xcrun simctl keychain booted reset

            iOS device: install the profile (AirDrop or mail it), then Settings > General > VPN & Device
            Management > install, and Settings > General > About > Certificate Trust Settings > full trust:
              boomerang ca export --format mobileconfig --output boomerang.mobileconfig

            Android (user store; apps must allow user CAs in network_security_config.xml with
            <certificates src="user"/>):
              boomerang ca export --format der --output boomerang-root.cer
              adb push boomerang-root.cer /sdcard/Download/boomerang-root.cer
              then Settings > Security > Encryption & credentials > Install a certificate > CA certificate

            Java (the JDK's truststore; the default password is changeit):
              keytool -importcert -noprompt -cacerts -storepass changeit -alias boomerang-root -file \(root)
              remove: keytool -delete -cacerts -storepass changeit -alias boomerang-root

            NSS (Chrome and Firefox on Linux; Firefox profiles: -d sql:$HOME/.mozilla/firefox/<profile>):
              certutil -A -d sql:$HOME/.pki/nssdb -t C,, -n boomerang-root -i \(root)
              remove: certutil -D -d sql:$HOME/.pki/nssdb -n boomerang-root

            """
    }

    /// `text` as one shell word: as it is when it has only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.isASCII || "0123456789/._-+:@%".unicodeScalars.contains($0) }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
