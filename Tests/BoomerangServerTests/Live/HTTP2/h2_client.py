"""An HTTP/2 client at the frame level, with Python's h2 (PyPI), for what curl and nghttp do not
show: several streams at once, which stream was reset with which code, GOAWAY, the windows.

    h2_client.py SCENARIO PORT [ARGUMENT]

With H2_TLS_CA set to a root certificate's file, connects over TLS (ALPN h2, name localhost).
Prints one JSON document. Scenarios:
    multiplex PORT PATHS [after-settings]
                               GET each of PATHS (comma-separated) at once on one connection,
                               after acknowledging the server's SETTINGS when asked
    get PORT PATH              GET PATH and report the frames: status, data, trailers, reset, goaway
    upload PORT BYTES          POST BYTES bytes to /upload, honouring the server's windows
    headers PORT BYTES         GET /get with a header field of BYTES bytes
    idle PORT SECONDS          open a connection, send nothing more, report what the server does
    continuation-flood PORT N  a HEADERS frame without END_HEADERS, then N CONTINUATION frames
    rapid-reset PORT N         N streams each opened and reset at once (CVE-2023-44487)
    goaway-then-ping PORT -    the client's GOAWAY, then a PING in a write of its own: the server closes
                               without a reset
    bad-window PORT PATH       GET PATH, then a WINDOW_UPDATE of 0 on the connection (a connection error)
    slow-body PORT PATH        POST PATH with its head only: the body never comes
    reset-at-once PORT PATH    GET PATH and RST_STREAM for it in one write
    big-trailers PORT BYTES    POST /post with a body, then trailers with a field of BYTES bytes
    websocket PORT PATH [V [keep-open]]
                               WebSocket over HTTP/2 (RFC 8441): an extended CONNECT to PATH
                               (Sec-WebSocket-Version V, 13 by default), a text message, a ping,
                               then the close handshake and END_STREAM (none with keep-open)
    tunnel-beside PORT BYTES   a WebSocket over h2 (stream 1) whose echoes the client never reads
                               while it sends binary messages, and beside it on the same
                               connection a POST of BYTES to /upload (stream 3)
    close-held PORT PATH       GET PATH with the client's window at 0, then close the connection
    window-shut PORT PATHS     GET each of PATHS with the client's window at 0 (a slow read),
                               PINGing meanwhile; then open the window and GET /get
    window-stall PORT BYTES    on one connection, POST BYTES to /post asking for h2-window-stall
                               and BYTES to /upload beside it; report what each could send
"""
import json
import os
import socket
import ssl
import sys
import time

import hpack
import hyperframe.frame
import h2.config
import h2.connection
import h2.events
import h2.settings
import h2.exceptions


def open_socket(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    if os.environ.get("H2_TLS_CA"):
        context = ssl.create_default_context(cafile=os.environ["H2_TLS_CA"])
        context.set_alpn_protocols(["h2"])
        sock = context.wrap_socket(sock, server_hostname="localhost")
    return sock


def read_frames(sock, buffer):
    """The complete frames at the start of `buffer` plus what one read adds; the rest."""
    chunk = sock.recv(65536)
    if not chunk:
        return None, buffer
    buffer += chunk
    frames = []
    while len(buffer) >= 9:
        frame, length = hyperframe.frame.Frame.parse_frame_header(memoryview(buffer[:9]))
        if len(buffer) < 9 + length:
            break
        frame.parse_body(memoryview(buffer[9:9 + length]))
        buffer = buffer[9 + length:]
        frames.append(frame)
    return frames, buffer


def connect(port):
    sock = open_socket(port)
    conn = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
    conn.initiate_connection()
    sock.sendall(conn.data_to_send())
    return sock, conn


def request_headers(port, path, method="GET", extra=()):
    return [(":method", method), (":path", path), (":scheme", "http"), (":authority", f"127.0.0.1:{port}")] + list(extra)


class Stream:
    def __init__(self):
        self.status = None
        self.headers = []
        self.data = bytearray()
        self.trailers = []
        self.reset = None
        self.ended = False
        self.data_frames = 0

    def report(self):
        body = bytes(self.data)
        try:
            decoded = json.loads(body) if body else None
        except ValueError:
            decoded = None
        return {
            "status": self.status, "headers": self.headers, "bytes": len(body), "json": decoded, "trailers": self.trailers,
            "reset": self.reset, "ended": self.ended, "dataFrames": self.data_frames,
        }


def receive(conn, chunk, streams):
    """Feeds `chunk` to the connection and records its events on `streams`; returns the GOAWAY seen."""
    goaway = None
    for event in conn.receive_data(chunk):
        stream = streams.get(getattr(event, "stream_id", None))
        if isinstance(event, h2.events.ResponseReceived):
            stream.headers = [(k, v) for k, v in event.headers]
            stream.status = int(dict(event.headers)[":status"])
        elif isinstance(event, h2.events.DataReceived):
            stream.data += event.data
            stream.data_frames += 1
            conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
        elif isinstance(event, h2.events.TrailersReceived):
            stream.trailers = [(k, v) for k, v in event.headers]
        elif isinstance(event, h2.events.StreamEnded):
            stream.ended = True
        elif isinstance(event, h2.events.StreamReset):
            if stream is not None:
                stream.reset = event.error_code
        elif isinstance(event, h2.events.ConnectionTerminated):
            goaway = {"code": int(event.error_code), "lastStream": event.last_stream_id}
    return goaway


def run(sock, conn, streams, until, deadline=10.0):
    """Reads events until `until()` or the connection ends; returns the GOAWAY seen, if any."""
    goaway = None
    closed = False
    stop = time.time() + deadline
    while not until() and time.time() < stop:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            break
        except ConnectionResetError:
            closed = True
            break
        if not chunk:
            closed = True
            break
        goaway = receive(conn, chunk, streams) or goaway
        data = conn.data_to_send()
        if data:
            try:
                sock.sendall(data)
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
    return goaway, closed


def raw_frames(port, frames):
    """Sends the preface, an empty SETTINGS and `frames` raw, then reports what the server does:
    the GOAWAY's code, whether it closed, with a reset or not, and how long it took."""
    sock = open_socket(port)
    sock.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + hyperframe.frame.SettingsFrame(0).serialize())
    started = time.time()
    try:
        for frame in frames:
            sock.sendall(frame.serialize())
    except (BrokenPipeError, ConnectionResetError):
        pass
    result = read_until_closed(sock, started + 10)
    result["seconds"] = round(time.time() - started, 2)
    return result


def read_until_closed(sock, deadline):
    """Reads frames until the server closes (a FIN, or a reset) or `deadline`: the GOAWAY seen."""
    goaway, closed, reset, buffer = None, False, False, b""
    while time.time() < deadline:
        try:
            received, buffer = read_frames(sock, buffer)
        except socket.timeout:
            break
        except ConnectionResetError:
            closed, reset = True, True
            break
        if received is None:
            closed = True
            break
        for frame in received:
            if isinstance(frame, hyperframe.frame.GoAwayFrame):
                goaway = {"code": frame.error_code, "lastStream": frame.last_stream_id}
    return {"goaway": goaway, "closed": closed, "reset": reset}


def ws_frame(opcode, payload):
    """A client's WebSocket frame: FIN, masked (RFC 6455 §5.3)."""
    mask = os.urandom(4)
    length = len(payload)
    if length < 126:
        head = bytes([0x80 | opcode, 0x80 | length])
    elif length < 65536:
        head = bytes([0x80 | opcode, 0x80 | 126]) + length.to_bytes(2, "big")
    else:
        head = bytes([0x80 | opcode, 0x80 | 127]) + length.to_bytes(8, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def ws_frames(data):
    """The server's frames in `data` (unmasked), as (opcode, payload); the rest, incomplete."""
    frames = []
    while len(data) >= 2:
        length, offset = data[1] & 0x7F, 2
        if length == 126:
            length, offset = int.from_bytes(data[2:4], "big"), 4
        elif length == 127:
            length, offset = int.from_bytes(data[2:10], "big"), 10
        if len(data) < offset + length:
            break
        frames.append((data[0] & 0x0F, bytes(data[offset:offset + length])))
        data = data[offset + length:]
    return frames, data


def main():
    scenario, port = sys.argv[1], int(sys.argv[2])
    argument = sys.argv[3] if len(sys.argv) > 3 else None
    sock, conn = connect(port)
    streams = {}
    result = {}
    if scenario == "multiplex":
        if len(sys.argv) > 4 and sys.argv[4] == "after-settings":
            # Acknowledge the server's SETTINGS first: its limits are then in force.
            receive(conn, sock.recv(65536), streams)
            sock.sendall(conn.data_to_send())
            time.sleep(0.2)
        for path in argument.split(","):
            stream_id = conn.get_next_available_stream_id()
            conn.send_headers(stream_id, request_headers(port, path), end_stream=True)
            streams[stream_id] = Stream()
        sock.sendall(conn.data_to_send())
        goaway, closed = run(sock, conn, streams, lambda: all(s.ended or s.reset is not None for s in streams.values()))
        result = {"streams": {str(k): v.report() for k, v in streams.items()}, "goaway": goaway}
    elif scenario == "get":
        streams[1] = Stream()
        conn.send_headers(1, request_headers(port, argument), end_stream=True)
        sock.sendall(conn.data_to_send())
        goaway, closed = run(sock, conn, streams, lambda: streams[1].ended or streams[1].reset is not None, deadline=5)
        if not closed and goaway is None:
            # What follows the stream's end: a GOAWAY, a close, or nothing.
            goaway, closed = run(sock, conn, streams, lambda: False, deadline=0.5)
        settings = {h2.settings.SettingCodes(int(setting)).name: value for setting, value in conn.remote_settings.items()}
        result = {"stream": streams[1].report(), "goaway": goaway, "closed": closed, "settings": settings}
    elif scenario == "upload":
        size = int(argument)
        streams[1] = Stream()
        conn.send_headers(1, request_headers(port, "/upload", "POST", [("content-type", "application/octet-stream")]))
        sent = 0
        piece = bytes(range(256)) * 64
        while sent < size:
            window = min(conn.local_flow_control_window(1), conn.max_outbound_frame_size, size - sent)
            if window > 0:
                conn.send_data(1, piece[:window] if window <= len(piece) else (piece * (window // len(piece) + 1))[:window])
                sent += window
                sock.sendall(conn.data_to_send())
                continue
            # The window is closed: wait for the server's WINDOW_UPDATE, which comes as it consumes.
            receive(conn, sock.recv(65536), streams)
            sock.sendall(conn.data_to_send())
            if streams[1].reset is not None or streams[1].ended:
                break
        if streams[1].reset is None and not streams[1].ended:
            conn.end_stream(1)
            sock.sendall(conn.data_to_send())
        goaway, closed = run(sock, conn, streams, lambda: streams[1].ended or streams[1].reset is not None)
        if streams[1].reset is None and not closed:
            # An answer before the body's end is followed by RST_STREAM (NO_ERROR).
            run(sock, conn, streams, lambda: streams[1].reset is not None, deadline=1.0)
        result = {"stream": streams[1].report(), "sent": sent, "goaway": goaway}
    elif scenario == "headers":
        streams[1] = Stream()
        conn.send_headers(1, request_headers(port, "/get", extra=[("x-big", "a" * int(argument))]), end_stream=True)
        sock.sendall(conn.data_to_send())
        goaway, closed = run(sock, conn, streams, lambda: streams[1].ended or streams[1].reset is not None)
        # The server still serves the connection afterwards.
        streams[3] = Stream()
        conn.send_headers(3, request_headers(port, "/get"), end_stream=True)
        sock.sendall(conn.data_to_send())
        run(sock, conn, streams, lambda: streams[3].ended or streams[3].reset is not None)
        result = {"stream": streams[1].report(), "after": streams[3].report(), "goaway": goaway}
    elif scenario == "continuation-flood":
        encoder = hpack.Encoder()
        block = encoder.encode(request_headers(port, "/get"))
        headers = hyperframe.frame.HeadersFrame(1, block)
        frames = [headers]
        for index in range(int(argument)):
            frames.append(hyperframe.frame.ContinuationFrame(1, encoder.encode([(f"x-flood-{index}", "a" * 16)])))
        sock.close()
        result = raw_frames(port, frames)
    elif scenario == "rapid-reset":
        encoder = hpack.Encoder()
        frames = []
        for index in range(int(argument)):
            stream_id = 2 * index + 1
            frames.append(hyperframe.frame.HeadersFrame(stream_id, encoder.encode(request_headers(port, "/delay/1")), flags=["END_HEADERS", "END_STREAM"]))
            frames.append(hyperframe.frame.RstStreamFrame(stream_id, error_code=8))
        sock.close()
        result = raw_frames(port, frames)
    elif scenario == "goaway-then-ping":
        # h2spec 7/1: once the SETTINGS are exchanged, the client's GOAWAY (an unknown code), then a
        # PING in a write of its own, which may reach the server as it closes.
        receive(conn, sock.recv(65536), streams)
        sock.sendall(conn.data_to_send())
        time.sleep(0.1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(hyperframe.frame.GoAwayFrame(0, last_stream_id=0, error_code=0xFF).serialize())
        sock.sendall(hyperframe.frame.PingFrame(0, b"h2spec\x00\x00").serialize())
        result = read_until_closed(sock, time.time() + 10)
    elif scenario == "bad-window":
        encoder = hpack.Encoder()
        frames = [
            hyperframe.frame.HeadersFrame(1, encoder.encode(request_headers(port, argument)), flags=["END_HEADERS", "END_STREAM"]),
            hyperframe.frame.WindowUpdateFrame(0, window_increment=0),
        ]
        sock.close()
        result = raw_frames(port, frames)
    elif scenario == "reset-at-once":
        encoder = hpack.Encoder()
        frames = [
            hyperframe.frame.HeadersFrame(1, encoder.encode(request_headers(port, argument)), flags=["END_HEADERS", "END_STREAM"]),
            hyperframe.frame.RstStreamFrame(1, error_code=8),
        ]
        sock.close()
        raw = socket.create_connection(("127.0.0.1", port), timeout=10)
        raw.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + hyperframe.frame.SettingsFrame(0).serialize()
                    + b"".join(frame.serialize() for frame in frames))
        time.sleep(0.5)
        raw.close()
        result = {"sent": True}
    elif scenario == "big-trailers":
        streams[1] = Stream()
        conn.send_headers(1, request_headers(port, "/post", "POST", [("content-type", "text/plain")]))
        conn.send_data(1, b"hello")
        conn.send_headers(1, [("x-big-trailer", "t" * int(argument))], end_stream=True)
        sock.sendall(conn.data_to_send())
        goaway, closed = run(sock, conn, streams, lambda: streams[1].ended or streams[1].reset is not None)
        result = {"stream": streams[1].report(), "goaway": goaway, "closed": closed}
    elif scenario == "slow-body":
        streams[1] = Stream()
        conn.send_headers(1, request_headers(port, argument, "POST", [("content-type", "text/plain")]))
        sock.sendall(conn.data_to_send())
        goaway, closed = run(sock, conn, streams, lambda: streams[1].ended or streams[1].reset is not None)
        result = {"stream": streams[1].report(), "goaway": goaway, "closed": closed}
    elif scenario == "websocket":
        # The server's SETTINGS first: a client may send :protocol only once ENABLE_CONNECT_PROTOCOL is 1.
        receive(conn, sock.recv(65536), streams)
        sock.sendall(conn.data_to_send())
        enabled = conn.remote_settings.get(h2.settings.SettingCodes.ENABLE_CONNECT_PROTOCOL, 0)
        streams[1] = Stream()
        headers = [(":method", "CONNECT"), (":protocol", "websocket"), (":scheme", "https" if os.environ.get("H2_TLS_CA") else "http"),
                   (":path", argument), (":authority", f"localhost:{port}"), ("sec-websocket-version", sys.argv[4] if len(sys.argv) > 4 else "13")]
        conn.send_headers(1, headers)
        sock.sendall(conn.data_to_send())
        run(sock, conn, streams, lambda: streams[1].status is not None or streams[1].reset is not None)
        received, buffer = [], b""

        def exchange(frame, until):
            nonlocal buffer
            conn.send_data(1, frame)
            sock.sendall(conn.data_to_send())
            def done():
                nonlocal buffer
                frames, buffer = ws_frames(bytes(streams[1].data))
                streams[1].data = bytearray(buffer)
                received.extend(frames)
                return until() or streams[1].reset is not None or streams[1].ended
            run(sock, conn, streams, done, deadline=5)

        if streams[1].status == 200:
            exchange(ws_frame(0x1, "hello over h2".encode()), lambda: any(op == 0x1 for op, _ in received))
            exchange(ws_frame(0x9, b"ping!"), lambda: any(op == 0xA for op, _ in received))
            exchange(ws_frame(0x8, (1000).to_bytes(2, "big")), lambda: any(op == 0x8 for op, _ in received))
            if len(sys.argv) > 5 and sys.argv[5] == "keep-open":
                # The server ends its side; this client never ends its own.
                run(sock, conn, streams, lambda: streams[1].reset is not None, deadline=8)
            else:
                conn.end_stream(1)
                sock.sendall(conn.data_to_send())
                run(sock, conn, streams, lambda: streams[1].ended or streams[1].reset is not None, deadline=5)
        result = {
            "enableConnectProtocol": enabled, "status": streams[1].status, "headers": streams[1].headers,
            "messages": [{"opcode": op, "text": payload.decode("utf-8", "replace") if op == 0x1 else payload.hex()} for op, payload in received],
            "ended": streams[1].ended, "reset": streams[1].reset, "body": bytes(streams[1].data).decode("utf-8", "replace"),
        }
    elif scenario == "edges-midway":
        # GETs that ask for edges by name midway, and an upload under the window of one byte.
        asked = []

        def ask(stream_id, name):
            streams[stream_id] = Stream()
            conn.send_headers(stream_id, request_headers(port, argument, extra=[("x-set-http2-edge", name)]), end_stream=True)
            sock.sendall(conn.data_to_send())
            run(sock, conn, streams, lambda: streams[stream_id].ended or streams[stream_id].reset is not None)
            echo = streams[stream_id].report()["json"] or {}
            asked.append({
                "name": name, "status": streams[stream_id].status, "edges": (echo.get("http2") or {}).get("edges"),
                "maxConcurrentStreams": conn.remote_settings.max_concurrent_streams,
                "initialWindowSize": conn.remote_settings.initial_window_size,
            })

        ask(1, "h2-tiny-window")
        streams[3] = Stream()
        conn.send_headers(3, request_headers(port, "/post", "POST", [("content-type", "text/plain")]))
        body, sent, frames = b"0123456789", 0, 0
        while sent < len(body) and streams[3].reset is None:
            window = min(conn.local_flow_control_window(3), len(body) - sent)
            if window > 0:
                conn.send_data(3, body[sent:sent + window])
                sent, frames = sent + window, frames + 1
                sock.sendall(conn.data_to_send())
            else:
                run(sock, conn, streams, lambda: conn.local_flow_control_window(3) > 0 or streams[3].reset is not None, deadline=5)
        conn.end_stream(3)
        sock.sendall(conn.data_to_send())
        run(sock, conn, streams, lambda: streams[3].ended or streams[3].reset is not None)
        upload = streams[3].report()
        ask(5, "h2-one-stream")
        result = {"asked": asked, "uploadFrames": frames, "uploadStatus": upload["status"], "uploadData": (upload["json"] or {}).get("data")}
    elif scenario == "edges-unacknowledged":
        # Raw frames, so that the server's SETTINGS can go unacknowledged: a change, a second one
        # before the first's ACK, then the ACK and the second again.
        raw = open_socket(port)
        raw.settimeout(5)
        raw.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + hyperframe.frame.SettingsFrame(0).serialize())
        encoder, decoder, buffer = hpack.Encoder(), hpack.Decoder(), b""
        changes, initial_seen = 0, False

        def ask(stream_id, name):
            nonlocal buffer, changes, initial_seen
            block = encoder.encode(request_headers(port, argument, extra=[("x-set-http2-edge", name)]))
            frame = hyperframe.frame.HeadersFrame(stream_id, block)
            frame.flags.add("END_HEADERS")
            frame.flags.add("END_STREAM")
            raw.sendall(frame.serialize())
            status, ended = None, False
            while not ended:
                frames, buffer = read_frames(raw, buffer)
                if frames is None:
                    return {"status": status, "closed": True}
                for received in frames:
                    if isinstance(received, hyperframe.frame.SettingsFrame) and "ACK" not in received.flags:
                        if not initial_seen:
                            # The server's first SETTINGS: acknowledged, as every client does.
                            initial_seen = True
                            ack = hyperframe.frame.SettingsFrame(0)
                            ack.flags.add("ACK")
                            raw.sendall(ack.serialize())
                        else:
                            changes += 1
                    elif isinstance(received, hyperframe.frame.HeadersFrame) and received.stream_id == stream_id:
                        status = int(dict(decoder.decode(received.data))[":status"])
                    if received.stream_id == stream_id and "END_STREAM" in received.flags:
                        ended = True
            return {"status": status, "changes": changes}

        first = ask(1, "h2-tiny-window")
        second = ask(3, "h2-tiny-frames")
        ack = hyperframe.frame.SettingsFrame(0)
        ack.flags.add("ACK")
        raw.sendall(ack.serialize())
        third = ask(5, "h2-tiny-frames")
        result = {"first": first, "second": second, "third": third}
    elif scenario == "after-tunnel-end":
        # The server ends the tunnel's side (/websocket/payloads/0 closes; bytes that are no
        # WebSocket frames close it at once); what the client still sends is dropped and its
        # window reopened. With a count, that many bytes go early, before a delayed 200.
        early = int(sys.argv[4]) if len(sys.argv) > 4 else 0
        receive(conn, sock.recv(65536), streams)
        sock.sendall(conn.data_to_send())
        streams[1] = Stream()
        conn.send_headers(1, [(":method", "CONNECT"), (":protocol", "websocket"), (":scheme", "http"), (":path", argument),
                              (":authority", f"localhost:{port}"), ("sec-websocket-version", "13")]
                          + ([("x-set-response-delay-ms", "300")] if early else []))
        while early > 0:
            piece = min(early, conn.max_outbound_frame_size)
            conn.send_data(1, bytes(piece))
            early -= piece
        sock.sendall(conn.data_to_send())
        run(sock, conn, streams, lambda: streams[1].ended or streams[1].reset is not None, deadline=5)
        ended = streams[1].ended
        sent, stop = 0, time.time() + 5
        while sent < 100_000 and streams[1].reset is None and time.time() < stop:
            window = min(conn.local_flow_control_window(1), conn.max_outbound_frame_size, 100_000 - sent)
            if window > 0:
                conn.send_data(1, bytes(window))
                sent += window
                sock.sendall(conn.data_to_send())
            else:
                run(sock, conn, streams, lambda: conn.local_flow_control_window(1) > 0 or streams[1].reset is not None, deadline=1)
        result = {"serverEnded": ended, "sent": sent, "reset": streams[1].reset}
    elif scenario == "websocket-early":
        # A message, the close and END_STREAM all sent before the route's delayed 200.
        receive(conn, sock.recv(65536), streams)
        sock.sendall(conn.data_to_send())
        streams[1] = Stream()
        conn.send_headers(1, [(":method", "CONNECT"), (":protocol", "websocket"), (":scheme", "http"), (":path", argument),
                              (":authority", f"localhost:{port}"), ("sec-websocket-version", "13"),
                              ("x-set-response-delay-ms", sys.argv[4])])
        conn.send_data(1, ws_frame(0x1, b"sent early") + ws_frame(0x8, (1000).to_bytes(2, "big")), end_stream=True)
        started = time.time()
        sock.sendall(conn.data_to_send())
        run(sock, conn, streams, lambda: streams[1].status is not None or streams[1].reset is not None)
        waited = time.time() - started
        run(sock, conn, streams, lambda: streams[1].ended or streams[1].reset is not None, deadline=5)
        frames, _ = ws_frames(bytes(streams[1].data))
        result = {
            "status": streams[1].status, "waited": waited, "ended": streams[1].ended, "reset": streams[1].reset,
            "messages": [{"opcode": op, "text": payload.decode("utf-8", "replace") if op == 0x1 else payload.hex()} for op, payload in frames],
        }
    elif scenario == "tunnel-beside":
        receive(conn, sock.recv(65536), streams)
        sock.sendall(conn.data_to_send())
        streams[1], streams[3] = Stream(), Stream()
        conn.send_headers(1, [(":method", "CONNECT"), (":protocol", "websocket"), (":scheme", "http"), (":path", "/websocket/echo"),
                              (":authority", f"localhost:{port}"), ("sec-websocket-version", "13")])
        sock.sendall(conn.data_to_send())
        run(sock, conn, streams, lambda: streams[1].status is not None)
        size, tunnel_sent, upload_sent, upload_ended = int(argument), 0, 0, False
        message = ws_frame(0x2, os.urandom(500))
        sock.settimeout(0.3)

        def pump():
            """Sends what is queued, then handles one read: stream 3's data is read, the tunnel's
            is not (its window stays shut; the connection's is reopened)."""
            data = conn.data_to_send()
            if data:
                sock.sendall(data)
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                return
            for event in conn.receive_data(chunk):
                if isinstance(event, h2.events.ResponseReceived) and event.stream_id == 3:
                    streams[3].status = int(dict(event.headers)[":status"])
                elif isinstance(event, h2.events.DataReceived):
                    if event.stream_id == 3:
                        conn.acknowledge_received_data(event.flow_controlled_length, 3)
                    else:
                        conn.increment_flow_control_window(event.flow_controlled_length)
                elif isinstance(event, h2.events.StreamEnded) and event.stream_id == 3:
                    streams[3].ended = True
                elif isinstance(event, h2.events.StreamReset):
                    streams[event.stream_id].reset = event.error_code
            data = conn.data_to_send()
            if data:
                sock.sendall(data)

        # 1. Messages on the tunnel until its window stays shut (its echoes pile up unread).
        idle_rounds = 0
        while idle_rounds < 4 and tunnel_sent < 2_000_000:
            if conn.local_flow_control_window(1) >= len(message):
                conn.send_data(1, message)
                tunnel_sent += len(message)
                idle_rounds = 0
                if tunnel_sent % 20_000 < len(message):
                    pump()
            else:
                idle_rounds += 1
                pump()
        # 2. An upload beside it on the same connection.
        conn.send_headers(3, request_headers(port, "/upload", "POST", [("content-type", "application/octet-stream")]))
        stop = time.time() + 8
        while time.time() < stop and not (streams[3].ended or streams[3].reset is not None):
            window = min(conn.local_flow_control_window(3), conn.max_outbound_frame_size, size - upload_sent)
            if window > 0:
                conn.send_data(3, b"u" * window)
                upload_sent += window
            elif upload_sent == size and not upload_ended:
                conn.end_stream(3)
                upload_ended = True
            pump()
        result = {"tunnelSent": tunnel_sent, "uploadSent": upload_sent, "upload": streams[3].report()}
    elif scenario == "over-limit-acked":
        # Raw frames: h2 itself would refuse to open streams past the server's limit.
        sock.close()
        raw, buffer = open_socket(port), b""
        raw.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + hyperframe.frame.SettingsFrame(0).serialize())
        settings = None
        while settings is None:
            frames, buffer = read_frames(raw, buffer)
            settings = next((f for f in frames or [] if isinstance(f, hyperframe.frame.SettingsFrame) and "ACK" not in f.flags), None)
        encoder = hpack.Encoder()
        frames = [hyperframe.frame.SettingsFrame(0, flags=["ACK"])]
        for index, path in enumerate(argument.split(",")):
            frames.append(hyperframe.frame.HeadersFrame(
                2 * index + 1, encoder.encode(request_headers(port, path)), flags=["END_HEADERS", "END_STREAM"]))
        raw.sendall(b"".join(frame.serialize() for frame in frames))
        goaway, resets, answered = None, {}, []
        while goaway is None:
            try:
                frames, buffer = read_frames(raw, buffer)
            except (socket.timeout, ConnectionResetError):
                break
            if frames is None:
                break
            for frame in frames:
                if isinstance(frame, hyperframe.frame.GoAwayFrame):
                    goaway = {"code": frame.error_code, "lastStream": frame.last_stream_id}
                elif isinstance(frame, hyperframe.frame.RstStreamFrame):
                    resets[str(frame.stream_id)] = frame.error_code
                elif isinstance(frame, hyperframe.frame.HeadersFrame):
                    answered.append(frame.stream_id)
        result = {"maxConcurrentStreams": settings.settings.get(3), "goaway": goaway, "resets": resets, "answered": answered}
    elif scenario == "close-held":
        conn.update_settings({h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 0})
        streams[1] = Stream()
        conn.send_headers(1, request_headers(port, argument), end_stream=True)
        sock.sendall(conn.data_to_send())
        run(sock, conn, streams, lambda: streams[1].status is not None, deadline=2)
        sock.close()
        time.sleep(0.3)
        result = {"status": streams[1].status, "bytes": len(streams[1].data)}
    elif scenario == "window-shut":
        conn.update_settings({h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 0})
        for path in argument.split(","):
            stream_id = conn.get_next_available_stream_id()
            conn.send_headers(stream_id, request_headers(port, path), end_stream=True)
            streams[stream_id] = Stream()
        sock.sendall(conn.data_to_send())
        started = time.time()
        sock.settimeout(0.3)
        goaway, closed = None, False
        while time.time() < started + 10 and not closed and not all(s.reset is not None or s.ended for s in streams.values()):
            conn.ping(b"keepopen")
            sock.sendall(conn.data_to_send())
            goaway, closed = run(sock, conn, streams, lambda: False, deadline=0.3)
        seconds = round(time.time() - started, 2)
        sock.settimeout(10)
        conn.update_settings({h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 65535})
        after = conn.get_next_available_stream_id()
        streams[after] = Stream()
        conn.send_headers(after, request_headers(port, "/get"), end_stream=True)
        sock.sendall(conn.data_to_send())
        run(sock, conn, streams, lambda: streams[after].ended or streams[after].reset is not None)
        result = {
            "streams": {str(k): v.report() for k, v in streams.items() if k != after}, "after": streams[after].report(),
            "seconds": seconds, "goaway": goaway, "closed": closed,
        }
    elif scenario == "window-stall":
        size = int(argument)
        streams[1], streams[3] = Stream(), Stream()
        binary = [("content-type", "application/octet-stream")]
        conn.send_headers(1, request_headers(port, "/post?x-set-response-fault=h2-window-stall", "POST", binary))
        conn.send_headers(3, request_headers(port, "/upload", "POST", binary))
        sent, ended = {1: 0, 3: 0}, set()
        stop = time.time() + 10
        while time.time() < stop and not (streams[1].ended or streams[1].reset is not None):
            progressed = False
            for stream_id in (1, 3):
                if stream_id in ended:
                    continue
                window = min(conn.local_flow_control_window(stream_id), conn.max_outbound_frame_size, size - sent[stream_id])
                if window > 0:
                    conn.send_data(stream_id, b"x" * window)
                    sent[stream_id] += window
                    progressed = True
                elif sent[stream_id] == size:
                    conn.end_stream(stream_id)
                    ended.add(stream_id)
                    progressed = True
            data = conn.data_to_send()
            if data:
                sock.sendall(data)
            if not progressed:
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    break
                if not chunk:
                    break
                receive(conn, chunk, streams)
                data = conn.data_to_send()
                if data:
                    sock.sendall(data)
        result = {"sent": {str(k): v for k, v in sent.items()}, "stalled": streams[1].report(), "beside": streams[3].report()}
    elif scenario == "idle":
        started = time.time()
        goaway, closed = run(sock, conn, streams, lambda: False, deadline=float(argument))
        result = {"goaway": goaway, "closed": closed, "seconds": round(time.time() - started, 2)}
    print(json.dumps(result))


main()
