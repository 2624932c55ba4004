import Foundation
import Testing

/// A server out of file descriptors pauses its accepts ten times a second; it says so once, then
/// at most once every ten seconds with a count, instead of a warning per pause. Robustness K05 (no
/// EMFILE busy loop, log lines rate-limited) and R07 (RLIMIT_NOFILE 40 with 80 clients; served again
/// once they leave).
@Suite struct AcceptFailureLogTests {
    @Test func runningOutOfDescriptorsIsLoggedOnceNotPerPause() throws {
        let script = """
            import os, re, socket, subprocess, sys, time
            \(Subprocess.pythonServerStart(
                options: #""--threads", "1", "--no-access-log", "--no-history""#, command: #""prlimit", "--nofile=40:40", sys.argv[1]"#))
            def cpu_ticks():
                with open(f"/proc/{server.pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                return int(fields[11]) + int(fields[12])
            clients = []
            for _ in range(80):
                try:
                    clients.append(socket.create_connection(("127.0.0.1", port), timeout=2))
                except OSError:
                    break
            before = cpu_ticks()
            time.sleep(3)
            spent = (cpu_ticks() - before) / os.sysconf("SC_CLK_TCK")
            for client in clients:
                client.close()
            time.sleep(0.3)
            served = socket.create_connection(("127.0.0.1", port), timeout=5)
            served.sendall(b"GET /get HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n")
            answer = served.recv(12)
            server.terminate()
            output = server.communicate(timeout=10)[0]
            print(len(clients), sum("accept failed" in line for line in output.splitlines()), spent, answer.decode())
            """
        let run = try Subprocess.runPython(script)
        #expect(run.status == 0, "\(run.standardError)")
        let fields = run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: " ", maxSplits: 3).map(String.init)
        try #require(fields.count == 4, "\(fields)")
        #expect(Int(fields[0]) == 80)
        #expect(fields[1] == "1")
        // Three seconds out of descriptors with clients waiting: a loop retrying accept without a
        // pause would spend most of them on the processor; the paused one spends next to nothing.
        #expect((Double(fields[2]) ?? .infinity) < 0.5, "server CPU over 3 s out of descriptors: \(fields[2]) s")
        #expect(fields[3] == "HTTP/1.1 200")
    }
}
