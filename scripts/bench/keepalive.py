#!/usr/bin/env python3
"""Sends COUNT requests on one keep-alive connection and reads every response.

   keepalive.py PORT COUNT                       GET /get
   keepalive.py PORT COUNT BODY_FILE BOUNDARY    POST /post of a multipart body
"""
import socket
import sys

port, count = int(sys.argv[1]), int(sys.argv[2])
if len(sys.argv) > 4:
    body = open(sys.argv[3], "rb").read()
    request = (f"POST /post HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {len(body)}\r\n"
               f"Content-Type: multipart/form-data; boundary={sys.argv[4]}\r\n\r\n").encode() + body
else:
    request = f"GET /get HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\n\r\n".encode()
sock = socket.create_connection(("127.0.0.1", port))
buffer = b""
for _ in range(count):
    sock.sendall(request)
    while True:
        end = buffer.find(b"\r\n\r\n")
        if end >= 0:
            length = 0
            for line in buffer[:end].decode("latin-1").split("\r\n")[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            if len(buffer) >= end + 4 + length:
                buffer = buffer[end + 4 + length:]
                break
        chunk = sock.recv(1 << 20)
        if not chunk:
            sys.exit("the server closed the connection early")
        buffer += chunk
