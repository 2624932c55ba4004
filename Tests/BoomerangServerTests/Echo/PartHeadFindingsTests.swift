import BoomerangTesting
import Foundation
import Testing

/// Part heads that parse but that servers read differently (RFC 7578 §4.2): each part is echoed
/// as read here, and a diagnostic says what another server would do with it.
@Suite struct PartHeadFindingsTests {
    static func request(contentType: String = "multipart/form-data; boundary=B", heads: [String]) -> [UInt8] {
        var body = ""
        for (index, head) in heads.enumerated() {
            body += "--B\r\n\(head)\r\n\r\nvalue\(index + 1)\r\n"
        }
        body += "--B--\r\n"
        return Array("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    static func diagnostics(_ document: [String: Any]?) -> [String: String] {
        var found: [String: String] = [:]
        for diagnostic in document?["diagnostics"] as? [[String: Any]] ?? [] {
            found[diagnostic["code"] as? String ?? ""] = diagnostic["message"] as? String
        }
        return found
    }

    static func partNames(_ document: [String: Any]?) -> [String?] {
        let parts = (document?["multipart"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        return parts.map { $0["name"] as? String }
    }

    @Test func aPartWithoutDispositionIsEchoedUnderAnEmptyNameAndSaidSo() throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(heads: [
            "Content-Disposition: form-data; name=\"a\"", "Content-Type: text/plain", "Content-Type: text/plain",
        ]))
        #expect(response.status == 200)
        #expect(Self.partNames(response.json) == ["a", nil, nil])
        let form = response.json?["form"] as? [String: Any]
        #expect(form?["a"] as? String == "value1")
        #expect(form?[""] as? [String] == ["value2", "value3"])
        let found = Self.diagnostics(response.json)
        #expect(Set(found.keys) == ["partWithoutDisposition"])
        #expect(found["partWithoutDisposition"]?.hasPrefix("part #2 has no Content-Disposition") == true)
        #expect(found["partWithoutDisposition"]?.hasSuffix("(and 1 more part)") == true)
    }

    @Test func aDispositionWithoutNameIsSaid() throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(heads: ["Content-Disposition: form-data; filename=\"f.txt\""]))
        #expect(response.status == 200)
        #expect(response.json?["files"] as? [String: String] == ["": "value1"])
        #expect(Set(Self.diagnostics(response.json).keys) == ["partWithoutName"])
    }

    @Test func repeatedDispositionsAndParametersAreSaidAndTheFirstIsUsed() throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(heads: [
            "Content-Disposition: form-data; name=\"first\"\r\nContent-Disposition: form-data; name=\"second\"",
            "Content-Disposition: form-data; name=\"x\"; name=\"y\"",
        ]))
        #expect(response.status == 200)
        #expect(Self.partNames(response.json) == ["first", "x"])
        let found = Self.diagnostics(response.json)
        #expect(Set(found.keys) == ["duplicatePartDisposition", "duplicatePartParameter"])
        #expect(found["duplicatePartParameter"]?.hasPrefix("part #2's") == true)
    }

    @Test func anotherDispositionTypeIsNotedAsInformation() throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(heads: ["Content-Disposition: attachment; name=\"a\""]))
        #expect(response.status == 200)
        #expect(response.json?["form"] as? [String: String] == ["a": "value1"])
        let levels = (response.json?["diagnostics"] as? [[String: Any]] ?? []).map { $0["level"] as? String }
        #expect(Set(Self.diagnostics(response.json).keys) == ["partNotFormData"])
        #expect(levels == ["info"])
    }

    @Test func anExtendedBoundaryBesideThePlainOneIsIgnoredAndSaidSo() throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(
            contentType: "multipart/form-data; boundary*=UTF-8''C; boundary=B",
            heads: ["Content-Disposition: form-data; name=\"a\""]))
        #expect(response.status == 200)
        #expect(response.json?["form"] as? [String: String] == ["a": "value1"])
        #expect(Set(Self.diagnostics(response.json).keys) == ["boundaryExtendedIgnored"])
    }

    /// The boundary parser reads parameters leniently (spaces around `=`, any case): the
    /// `boundary*` it skips is said for every value it accepts, not only for strict ones.
    @Test(arguments: ["multipart/form-data; boundary = B; BOUNDARY* = UTF-8''C", "multipart/form-data;boundary*=x;boundary=\"B\""])
    func anExtendedBoundaryIsSaidHoweverTheParametersAreWritten(contentType: String) throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(contentType: contentType, heads: ["Content-Disposition: form-data; name=\"a\""]))
        #expect(response.status == 200)
        #expect(response.json?["form"] as? [String: String] == ["a": "value1"])
        #expect(Set(Self.diagnostics(response.json).keys) == ["boundaryExtendedIgnored"])
    }

    @Test func wellFormedPartsHaveNoFindings() throws {
        let server = InProcessServer()
        let response = try server.send(Self.request(heads: [
            "Content-Disposition: form-data; name=\"a\"",
            "Content-Disposition: form-data; name=\"f\"; filename=\"f.txt\"; filename*=UTF-8''f.txt\r\nContent-Type: text/plain",
        ]))
        #expect(response.status == 200)
        #expect(Self.diagnostics(response.json).isEmpty)
    }
}
