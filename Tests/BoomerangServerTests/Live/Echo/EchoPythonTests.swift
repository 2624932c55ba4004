import BoomerangTesting
import Foundation
import Testing

/// The echo reports exactly what Python's standard library sent.
@Suite struct EchoPythonTests {
    /// Runs a Python script that prints the server's JSON answer; `URL` is the base URL.
    private func run(_ script: String, _ live: LiveServer, file: String = "") throws -> [String: Any]? {
        let prelude = """
            import json, sys, urllib.request, hashlib
            URL = "\(live.baseURL)"
            FILE = "\(file)"
            def show(request):
                with urllib.request.urlopen(request) as response:
                    sys.stdout.write(response.read().decode())

            """
        let output = try ExternalTool.run("python3", ["-c", prelude + script])
        #expect(output.status == 0, "\(output.stderr)")
        return output.json
    }

    @Test func nestedQuery() throws {
        let live = try LiveServer()
        let echo = try run("show(URL + '/get?\(EchoFixtures.query)')", live)
        #expect(EchoFixtures.checkQueryEcho(echo) == [])
    }

    @Test func urlencodedPost() throws {
        let live = try LiveServer()
        let echo = try run(
            """
            import urllib.parse
            body = urllib.parse.urlencode([("greeting", "hello world & more"), ("list[]", "1"), ("list[]", "2")]).encode()
            show(urllib.request.Request(URL + "/post", data=body))
            """, live)
        let form = echo?["form"] as? [String: Any]
        #expect(form?["greeting"] as? String == "hello world & more")
        #expect(form?["list[]"] as? [String] == ["1", "2"])
    }

    @Test func jsonPost() throws {
        let live = try LiveServer()
        let echo = try run(
            """
            body = json.dumps({"name": "boomerang", "list": [1, 2.5, True, None]}).encode()
            show(urllib.request.Request(URL + "/post", data=body, headers={"Content-Type": "application/json"}))
            """, live)
        #expect((echo?["json"] as? [String: Any])?["name"] as? String == "boomerang")
    }

    @Test func propertyListPost() throws {
        let live = try LiveServer()
        let echo = try run(
            """
            import plistlib
            body = plistlib.dumps({"name": "boomerang", "items": ["a", "b"]}, fmt=plistlib.FMT_XML)
            show(urllib.request.Request(URL + "/post", data=body, headers={"Content-Type": "application/x-plist"}))
            """, live)
        #expect((echo?["plist"] as? [String: Any])?["items"] as? [String] == ["a", "b"])
    }

    @Test func multipartWithABinaryFile() throws {
        let live = try LiveServer { $0.maxInlinePartBytes = 1 << 20 }
        let file = try TemporaryFile(name: "blob.bin", bytes: EchoFixtures.binaryFile)
        let echo = try run(
            """
            boundary = "py-boundary-7MA4YWxkTrZu0gW"
            data = open(FILE, "rb").read()
            body = (b"--" + boundary.encode() + b"\\r\\nContent-Disposition: form-data; name=\\"field\\"\\r\\n\\r\\nvalue\\r\\n"
                + b"--" + boundary.encode() + b"\\r\\nContent-Disposition: form-data; name=\\"file\\"; filename=\\"blob.bin\\"\\r\\n"
                + b"Content-Type: application/octet-stream\\r\\n\\r\\n" + data + b"\\r\\n--" + boundary.encode() + b"--\\r\\n")
            show(urllib.request.Request(URL + "/post", data=body, headers={"Content-Type": "multipart/form-data; boundary=" + boundary}))
            """, live, file: file.path)
        #expect(EchoFixtures.checkMultipartEcho(echo) == [])
    }
}
