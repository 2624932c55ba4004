/// Checks a Digest `Authorization` as httpbin does: the expected `response` is computed from the
/// client's own `realm`, `nonce`, `nc`, `cnonce`, `qop` and `algorithm`, the route's password,
/// the request's method and target, and for `auth-int` the hash of the body. Boomerang also
/// requires the client's `username` to be the route's user.
package struct DigestVerifier {
    package let parameters: [String: String]
    package let algorithm: DigestAlgorithm

    package init?(_ header: AuthorizationHeader?) {
        guard let header, header.hasScheme("Digest"), let parameters = header.parameters else { return nil }
        self.parameters = parameters
        algorithm = DigestAlgorithm(lenient: parameters["algorithm"])
    }

    /// Whether the client's `response` is right.
    /// - Parameter bodyHash: the hex hash of the body with ``algorithm``, for `auth-int`.
    package func verify(user: String, password: String, method: String, target: String, bodyHash: String) -> Bool {
        guard let username = parameters["username"], username == user,
            let given = parameters["response"], let expected = expectedResponse(password: password, method: method, target: target, bodyHash: bodyHash)
        else { return false }
        return constantTimeEqual(Array(given.lowercased().utf8), Array(expected.utf8))
    }

    package func expectedResponse(password: String, method: String, target: String, bodyHash: String) -> String? {
        let h = algorithm.hex
        let ha1 = h("\(parameters["username"] ?? ""):\(parameters["realm"] ?? ""):\(password)")
        let qop = parameters["qop"]
        let ha2: String
        switch qop {
        case nil, "auth": ha2 = h("\(method):\(target)")
        case "auth-int": ha2 = h("\(method):\(target):\(bodyHash)")
        default: return nil
        }
        guard let qop else { return h("\(ha1):\(parameters["nonce"] ?? ""):\(ha2)") }
        guard let nonce = parameters["nonce"], let nc = parameters["nc"], let cnonce = parameters["cnonce"] else { return nil }
        return h("\(ha1):\(nonce):\(nc):\(cnonce):\(qop):\(ha2)")
    }

    private func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
