import Foundation
import Testing

/// Rows of the robustness catalogue (spec §3) about the whole `boomerang` process rather than one
/// request: what it writes to its logs, the memory it keeps. Each runs the built binary and drives
/// it from Python over loopback.
@Suite struct ProcessRowTests {
    /// Robustness R05 (log flood), where Boomerang deliberately differs from the row: the access
    /// log is not sampled or rate-limited, because one line per exchange, refused ones included,
    /// is what a person testing a client reads it for; it goes to standard output (never to a
    /// file of the server's), and `--no-access-log` silences it. What the row guards against holds
    /// otherwise: 1,000 malformed requests give exactly one short line each and no warning of the
    /// server's own, and with the access log off they give no line at all. (The server's own
    /// warnings are rate-limited: `AcceptFailureLogTests`, and the history file's at most once a
    /// minute.)
    @Test func malformedRequestsGiveOneShortAccessLineEachAndNothingElse() throws {
        let script = """
            import re, socket, subprocess, sys, threading
            bad = [b"GET /a b HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n", b"GET /get HTTP/1.1\\r\\nHost: x\\r\\nX\\x01Y: 1\\r\\n\\r\\n",
                   b"POST /post HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: -1\\r\\n\\r\\n", b"\\x16\\x03\\x01\\x02\\x00\\x01\\x00\\x01\\xfc\\x03\\x03",
                   b"GET /get HTTP/1.1\\r\\nHost: x\\r\\nX: a\\r\\n b\\r\\n\\r\\n"]
            for access in ["--access-log", "--no-access-log"]:
            \(Subprocess.pythonServerStart(options: #""--threads", "1", "--no-history", access"#).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                collected = []
                reader = threading.Thread(target=lambda: collected.extend(server.stdout))
                reader.start()
                for index in range(1000):
                    client = socket.create_connection(("127.0.0.1", port), timeout=10)
                    client.sendall(bad[index % len(bad)])
                    while client.recv(65536):
                        pass
                    client.close()
                server.terminate()
                server.wait(timeout=10)
                reader.join(timeout=10)
                lines = [line.rstrip("\\n") for line in collected]
                # " 400 " with its spaces: the start-up line's port may hold 400 too.
                flood = [line for line in lines if " 400 " in line or "refused" in line]
                other = [line for line in lines if line not in flood]
                print(access, len(flood), max([len(line) for line in flood] or [0]), len(other), "|".join(other)[:500])
            """
        let run = try Subprocess.runPython(script)
        print(run.standardOutput)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 4).map(String.init) }
        try #require(lines.count == 2, "\(run.standardOutput)")
        #expect(lines[0][0] == "--access-log")
        #expect(lines[0][1] == "1000", "\(lines[0])")
        #expect((Int(lines[0][2]) ?? .max) <= 160, "longest access line: \(lines[0][2]) bytes")
        #expect(lines[1][0] == "--no-access-log")
        #expect(lines[1][1] == "0", "\(lines[1])")
        // Start-up and shutdown lines only, the same few with the access log on or off.
        #expect(lines[0][3] == lines[1][3], "\(lines)")
        #expect((Int(lines[1][3]) ?? .max) <= 10, "\(lines[1])")
    }

    /// Robustness K09: one keep-alive connection reused 10,000 times does not grow the server. Its
    /// resident memory after the last request is within 2 MiB of what it was after the 2,000th (so a
    /// leak of 256 bytes per request fails), with the history off so that its ring does not grow,
    /// and without AddressSanitizer's quarantine (`make sanitize-address`), which would hold
    /// every freed block.
    @Test func tenThousandRequestsOnOneConnectionDoNotGrowTheServer() throws {
        let script = """
            import os, re, socket, subprocess, sys
            \(Subprocess.pythonServerStart(options: #""--threads", "1", "--no-history", "--no-access-log""#, environment: BodyMemoryTests.serverEnvironment))
            def resident_kib():
                with open(f"/proc/{server.pid}/status") as status:
                    return int(re.search(r"VmRSS:\\s+(\\d+)", status.read()).group(1))
            client = socket.create_connection(("127.0.0.1", port), timeout=30)
            replies = client.makefile("rb")
            def exchange(index):
                client.sendall(b"GET /get?n=%d HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n" % index)
                status = replies.readline()
                if b" 200 " not in status:
                    sys.exit(f"request {index}: {status!r}")
                length = 0
                while True:
                    line = replies.readline()
                    if line in (b"\\r\\n", b""):
                        break
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                replies.read(length)
            for index in range(2000):
                exchange(index)
            warm = resident_kib()
            for index in range(2000, 10000):
                exchange(index)
            last = resident_kib()
            server.terminate()
            server.communicate(timeout=10)
            print(warm, last)
            """
        let figures = try Subprocess.runPythonForFigures(script, count: 2)
        print("resident KiB after 2,000 and 10,000 requests: \(figures)")
        // ThreadSanitizer's shadow memory grows with every new address the server touches.
        guard ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil else { return }
        #expect(figures[1] - figures[0] <= 2048, "resident memory \(figures[0]) KiB after 2,000 requests, \(figures[1]) KiB after 10,000")
    }

    /// Robustness R04 (the history's disk full): a history file that can take no more bytes (here
    /// the file-size limit `prlimit --fsize` sets on the running server, which fails a write as a
    /// full disk does, with EFBIG rather than ENOSPC) leaves the server serving echoes; the health says why the file
    /// misses entries, and the history in memory keeps them all. Before SIGXFSZ was ignored, the
    /// tenth exchange killed the server ("File size limit exceeded").
    @Test func aHistoryFileThatCannotGrowLeavesTheServerServing() throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "history.jsonl").path
        let script = """
            import json, re, signal, socket, subprocess, sys, threading, urllib.request
            # The test process ignores SIGXFSZ (it runs ProcessSetup) and its children start with
            # almost every signal blocked; the server must ignore it itself, so it starts with the
            # default action and no signal blocked.
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            \(Subprocess.pythonServerStart(options: #""--threads", "1", "--no-access-log", "--history-file", "\#(path)""#))
            # Limited once it listens: ThreadSanitizer's runtime dies of SIGBUS when it starts under
            # a file-size limit (`make sanitize-thread`).
            subprocess.run(["prlimit", "--pid", str(server.pid), "--fsize=20000"], check=True)
            threading.Thread(target=lambda: server.stdout.read(), daemon=True).start()
            statuses = []
            for index in range(60):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/get?i={index}", timeout=10) as reply:
                        statuses.append(reply.status)
                except OSError as error:
                    statuses.append(str(error))
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/__admin/health", timeout=10) as reply:
                history = json.load(reply)["history"]
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/__admin/requests?limit=100", timeout=10) as reply:
                listed = len(json.load(reply)["requests"])
            alive = server.poll() is None
            server.terminate()
            server.wait(timeout=10)
            print(json.dumps({"ok": statuses.count(200), "alive": alive, "problem": history.get("fileProblem"), "listed": listed}))
            """
        let run = try Subprocess.runPython(script)
        #expect(run.status == 0, "\(run.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any], "\(run.standardOutput)")
        #expect(report["ok"] as? Int == 60, "\(report)")
        #expect(report["alive"] as? Bool == true)
        #expect((report["problem"] as? String)?.contains("File too large") == true, "\(report)")
        #expect(report["listed"] as? Int == 60, "\(report)")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == 20000)
    }
}
