#!/usr/bin/env python3
"""HTTP/2 conformance: h2spec (summerwind/h2spec) against Boomerang over h2c and over h2 (TLS), each
failure checked against the list below of those known and explained. Exits 1 when a test fails
that is not on the list, or when one on the list passes (so that the list stays true).

    H2SPEC=/path/to/h2spec python3 scripts/h2spec/check.py [--binary .build/debug/boomerang]

h2spec is found on the path when H2SPEC is not set. It is not packaged by Debian: take a release
from github.com/summerwind/h2spec, or build it with Go (`go build ./cmd/h2spec` in its source).
"""
import argparse
import os
import re
import shutil
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
from tls_compare import HOST, free_port, stop, wait_for  # noqa: E402

import subprocess  # noqa: E402

# (h2spec section, test title): (transports where it fails, why).
KNOWN = {
    ("http2/5.1.1", "Sends stream identifier that is numerically smaller than previous"): (
        {"h2c", "h2"},
        "RFC 9113 §5.1.1 asks for a connection error; nghttp2 1.52 ignores such a HEADERS unless it is "
        "sure the stream was never opened (a client may rightly send trailers on a stream the server "
        "has just reset), so h2spec times out waiting for the GOAWAY.",
    ),
    ("http2/3.5", "Sends invalid connection preface"): (
        {"h2c"},
        "On the plain port a connection that does not open with the preface is HTTP/1.1 by design "
        "(h2c with prior knowledge shares the port with HTTP/1.1); it is answered 400, not GOAWAY.",
    ),
}


def run_h2spec(h2spec, port, tls, report):
    """The number of cases and the failed ones, {(section, title): message}."""
    arguments = [h2spec, "-h", HOST, "-p", str(port), "-o", "3", "-j", report] + (["-t", "-k"] if tls else [])
    subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(report, "rb") as file:
        text = file.read().decode("utf-8", "replace")
    # h2spec writes frames' bytes into its messages as they came (a PING's NULs): not XML 1.0.
    text = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "?", text)
    cases, failed = 0, {}
    for case in ElementTree.fromstring(text).iter("testcase"):
        cases += 1
        problem = case.find("failure") if case.find("failure") is not None else case.find("error")
        if problem is not None:
            failed[(case.get("package"), case.get("classname"))] = (problem.text or "").strip()
    return cases, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(".build", "debug", "boomerang"))
    arguments = parser.parse_args()
    h2spec = os.environ.get("H2SPEC") or shutil.which("h2spec")
    if not h2spec:
        sys.exit("h2spec not found: set H2SPEC or put it on the path (see this script's help)")
    work = tempfile.mkdtemp(prefix="boomerang-h2spec-")
    plain, secure = free_port(), free_port()
    server = subprocess.Popen(
        [arguments.binary, "serve", "--host", HOST, "--port", str(plain), "--https-port", str(secure), "--tls-scenario-ports", "off",
         "--tls-state-directory", os.path.join(work, "ca"), "--no-access-log"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    problems = []
    try:
        wait_for(plain)
        wait_for(secure)
        for label, port, tls in (("h2c", plain, False), ("h2", secure, True)):
            cases, failed = run_h2spec(h2spec, port, tls, os.path.join(work, f"{label}.xml"))
            expected = {test for test, (where, _) in KNOWN.items() if label in where}
            print(f"h2spec {label}: {cases} tests, {cases - len(failed)} passed, {len(failed)} failed "
                  f"({len(set(failed) & expected)} known)")
            new = set(failed) - expected
            if new:
                # A case h2spec times on a busy machine may fail once: run again, and count as a
                # failure what fails both times.
                for test in sorted(new):
                    print(f"  {label}: {test[0]} {test[1]}: {failed[test]}")
                again = run_h2spec(h2spec, port, tls, os.path.join(work, f"{label}-again.xml"))[1]
                for test in sorted(new - set(again)):
                    print(f"  {label}: did not fail again: {test[0]} {test[1]}")
                new &= set(again)
            for test in sorted(new):
                problems.append(f"{label}: new failure: {test[0]} {test[1]}: {failed[test]}")
            for test in sorted(expected - set(failed)):
                problems.append(f"{label}: a known failure now passes (take it off the list): {test[0]} {test[1]}")
            if cases < 140:
                problems.append(f"{label}: only {cases} tests ran")
        if server.poll() is not None:
            problems.append(f"the server exited ({server.returncode}) during the run")
    finally:
        stop([server], work)
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
