import BoomerangExchange
import BoomerangTesting
import Foundation
import Testing

@testable import BoomerangServer

#if canImport(Glibc)
import Glibc
#endif

/// The web page's files: confined to their folder, typed, validated with ETags, under a strict
/// Content-Security-Policy.
@Suite struct StaticFileRoutesTests {
    /// A page folder with a nested file, a dotfile, and links that point outside it.
    final class PageFolder {
        let root: URL
        let page: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("boomerang-page-\(UUID().uuidString)")
            page = root.appendingPathComponent("public")
            let manager = FileManager.default
            try manager.createDirectory(at: page.appendingPathComponent("img"), withIntermediateDirectories: true)
            try Data("<!doctype html><title>page</title>".utf8).write(to: page.appendingPathComponent("index.html"))
            try Data("export const a = 1;\n".utf8).write(to: page.appendingPathComponent("app.js"))
            try Data("body{}".utf8).write(to: page.appendingPathComponent("style.css"))
            try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: page.appendingPathComponent("img/logo.svg"))
            try Data("secret".utf8).write(to: page.appendingPathComponent(".env"))
            for backup in ["app.js~", "#app.js#", ".app.js.swp", "app.js.swo", "app.js.bak", "app.js.orig"] {
                try Data("secret".utf8).write(to: page.appendingPathComponent(backup))
            }
            try Data("outside".utf8).write(to: root.appendingPathComponent("secret.txt"))
            try manager.createSymbolicLink(at: page.appendingPathComponent("link.txt"), withDestinationURL: root.appendingPathComponent("secret.txt"))
            try manager.createSymbolicLink(at: page.appendingPathComponent("up"), withDestinationURL: root)
        }

        deinit {
            try? FileManager.default.removeItem(at: root)
        }
    }

    func get(_ server: InProcessServer, _ target: String, headers: String = "") throws -> TestResponse {
        let connection = server.connect()
        try connection.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n")
        return try #require(try connection.readResponse(forHead: false))
    }

    @Test func onlyRegularFilesInsideTheFolderAreTaken() throws {
        let folder = try PageFolder()
        let files = StaticFiles(directory: folder.page.path)
        #expect(Set(files.files.keys) == ["index.html", "app.js", "style.css", "img/logo.svg"])
        #expect(files.files["app.js"]?.contentType == "text/javascript; charset=utf-8")
        #expect(files.files["img/logo.svg"]?.contentType == "image/svg+xml")
        #expect(StaticFiles(directory: folder.root.appendingPathComponent("missing").path).files.isEmpty)
    }

    /// Robustness S09: `/` and `/ui/` are `index.html`; a folder inside is never listed.
    @Test func aBrowserGetsThePageWithAStrictPolicyAndCurlGetsTheRouteListing() throws {
        let folder = try PageFolder()
        let server = InProcessServer { $0.publicDirectory = folder.page.path }
        let page = try get(server, "/", headers: "Accept: text/html,application/xhtml+xml,*/*;q=0.8\r\n")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains("<title>page</title>"))
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("script-src 'self'") && policy.contains("default-src 'none'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        let listing = try get(server, "/", headers: "Accept: */*\r\n")
        #expect(listing.header("Content-Type") == "application/json")
        let routes = try #require(listing.json?["routes"] as? [[String: Any]])
        #expect(routes.contains { $0["path"] as? String == "/get" && $0["name"] as? String == "echo.get" })
        #expect(routes.contains { $0["path"] as? String == "/ui/{file...}" })
        // `/ui/` is the page too, whatever the client accepts; a folder inside is never listed.
        let underUI = try get(server, "/ui/")
        #expect(underUI.status == 200 && underUI.text.contains("<title>page</title>"))
        #expect(try get(server, "/ui/img/").status == 404)
    }

    @Test func filesHaveTheirTypeAndAnETagThatAnswers304() throws {
        let folder = try PageFolder()
        let server = InProcessServer { $0.publicDirectory = folder.page.path }
        let script = try get(server, "/ui/app.js")
        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        let etag = try #require(script.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.count == 34)
        let again = try get(server, "/ui/app.js", headers: "If-None-Match: \"other\", W/\(etag)\r\n")
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == etag)
        let changed = try get(server, "/ui/app.js", headers: "If-None-Match: \"other\"\r\n")
        #expect(changed.status == 200)
        #expect(try get(server, "/ui/img/logo.svg").header("Content-Type") == "image/svg+xml")
    }

    /// Robustness S06 (`link.txt` and `up/` are links that point outside the folder) and S09
    /// (`/ui/img/` is a folder: never listed).
    @Test(arguments: [
        "/ui/../Package.swift", "/ui/%2e%2e/secret.txt", "/ui/%2E%2E%2Fsecret.txt", "/ui/%252e%252e/secret.txt",
        "/ui/..%2fsecret.txt", "/ui/.env", "/ui/%2eenv", "/ui/link.txt", "/ui/up/secret.txt", "/ui/img/", "/ui/img",
        "/ui//etc/passwd", "/ui/img/../app.js", "/ui/app.js%00.png",
        "/ui/app.js~", "/ui/%23app.js%23", "/ui/.app.js.swp", "/ui/app.js.swo", "/ui/app.js.bak", "/ui/app.js.orig",
    ])
    func nothingOutsideTheFolderNoDotfileNoBackupNoListing(target: String) throws {
        let folder = try PageFolder()
        let server = InProcessServer { $0.publicDirectory = folder.page.path }
        let response = try get(server, target)
        #expect(response.status == 404 || response.status == 400)
        #expect(!response.text.contains("outside") && !response.text.contains("secret\n") && !response.text.contains("swift-tools-version"))
        #expect(try get(server, "/ui/app.js").status == 200)
    }

    /// Robustness S13: a FIFO and a link to a device placed in the folder are never opened (opening
    /// the FIFO would block the start), and a file replaced after start-up is served as it was
    /// read then, whole, with a Content-Length that matches the bytes sent.
    @Test(.timeLimit(.minutes(2)))
    func aFIFOIsSkippedAndAFileReplacedAfterStartIsServedAsRead() throws {
        let folder = try PageFolder()
        #expect(mkfifo(folder.page.appendingPathComponent("pipe.js").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.page.appendingPathComponent("zero.js").path, withDestinationPath: "/dev/zero")
        let script = folder.page.appendingPathComponent("app.js")
        let original = try Data(contentsOf: script)
        let server = InProcessServer { $0.publicDirectory = folder.page.path }
        #expect(try get(server, "/ui/pipe.js").status == 404)
        #expect(try get(server, "/ui/zero.js").status == 404)
        try Data("x".utf8).write(to: script)
        let served = try get(server, "/ui/app.js")
        #expect(served.status == 200)
        #expect(served.body == Array(original))
        #expect(served.header("Content-Length") == "\(original.count)")
        #expect(try get(server, "/get").status == 200)
    }

    /// Robustness S14: types come from an allowlist by extension; an unknown extension, or none,
    /// is `application/octet-stream`, and every file carries `X-Content-Type-Options: nosniff`.
    @Test func unknownExtensionsAreOctetStreamAndEveryFileIsNosniff() throws {
        let folder = try PageFolder()
        try Data("<html>".utf8).write(to: folder.page.appendingPathComponent("data.xyz"))
        try Data("<html>".utf8).write(to: folder.page.appendingPathComponent("README"))
        let server = InProcessServer { $0.publicDirectory = folder.page.path }
        let expected = [
            ("/ui/data.xyz", "application/octet-stream"), ("/ui/README", "application/octet-stream"),
            ("/ui/app.js", "text/javascript; charset=utf-8"), ("/ui/style.css", "text/css; charset=utf-8"),
            ("/ui/img/logo.svg", "image/svg+xml"), ("/ui/index.html", "text/html; charset=utf-8"),
        ]
        for (target, type) in expected {
            let response = try get(server, target)
            #expect(response.status == 200, "\(target)")
            #expect(response.header("Content-Type") == type, "\(target)")
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(target)")
        }
    }

    @Test func withoutAPageFolderTheAnswerSaysHowToInstallIt() throws {
        let server = InProcessServer { $0.publicDirectory = "/nonexistent/boomerang-public" }
        let response = try get(server, "/", headers: "Accept: text/html\r\n")
        #expect(response.status == 404)
        #expect((response.json?["error"] as? [String: Any])?["code"] as? String == "pageNotInstalled")
    }
}
