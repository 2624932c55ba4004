#!/usr/bin/env python3
"""Writes the seeds of FuzzDecompressors into the folder given: one body per Content-Encoding the
target picks with its first byte (low 3 bits), each with three chunk sizes (high 5 bits). Made at
run time with Python's zlib/gzip and Debian's brotli and zstd tools, so no binary is committed."""
import gzip
import os
import subprocess
import sys
import zlib

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
text = b'{"id":1,"name":"boomerang","tags":["a","b"],"score":3.5}' * 20


def coded(tool_args, data):
    return subprocess.run(tool_args, input=data, capture_output=True, check=True).stdout


def raw_deflate(data):
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


samples = {
    0: gzip.compress(text) + gzip.compress(b"second member"),
    1: zlib.compress(text),
    2: coded(["brotli", "-c"], text),
    3: coded(["zstd", "-q", "-c"], text) + coded(["zstd", "-q", "-c"], b"frame two"),
    4: coded(["brotli", "-c"], gzip.compress(text)),
    5: gzip.compress(coded(["zstd", "-q", "-c"], text)),
    6: gzip.compress(bytes(300000)),
    7: raw_deflate(text),
}
for selector, body in samples.items():
    for chunk in (0, 3, 31):
        with open(os.path.join(out, f"seed-{selector}-{chunk}"), "wb") as f:
            f.write(bytes([chunk << 3 | selector]) + body)
