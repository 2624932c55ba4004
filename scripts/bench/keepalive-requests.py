#!/usr/bin/env python3
"""Sends N requests on one keep-alive connection and reads every response (for callgrind)."""
import socket
import sys

port, count = int(sys.argv[1]), int(sys.argv[2])
path = sys.argv[3] if len(sys.argv) > 3 else "/get"
request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\n\r\n").encode()
sock = socket.create_connection(("127.0.0.1", port))
buffer = b""
for _ in range(count):
    sock.sendall(request)
    while True:
        head_end = buffer.find(b"\r\n\r\n")
        if head_end >= 0:
            head = buffer[:head_end].decode("latin-1")
            length = 0
            for line in head.split("\r\n")[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            if len(buffer) >= head_end + 4 + length:
                buffer = buffer[head_end + 4 + length:]
                break
        chunk = sock.recv(65536)
        if not chunk:
            sys.exit("connection closed early")
        buffer += chunk
sock.close()
