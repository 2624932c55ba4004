import BoomerangSerialization
import Testing

@Suite struct HTTPStatusTextTests {
    @Test(arguments: [
        (404, "not found", "Not Found"),
        (415, "unsupported media type", "Unsupported Media Type"),
        (500, "internal server error", "Internal Server Error"),
        (200, "no error", "OK"),
        (418, "client error", "Client Error"),
        (429, "client error", "Too Many Requests"),
        (209, "success", "Success"),
        (103, "informational", "Informational"),
        (306, "redirected", "Redirection"),
        (599, "server error", "Server Error"),
        (600, "server error", "Server Error"),
        (0, "server error", "Server Error"),
    ])
    func textPerPlatform(code: Int, darwin: String, linux: String) {
        #expect(HTTPStatusText.text(for: code) == darwin)
        #expect(HTTPStatusText.text(for: code, style: .darwin) == darwin)
        #expect(HTTPStatusText.text(for: code, style: .linux) == linux)
    }
}
