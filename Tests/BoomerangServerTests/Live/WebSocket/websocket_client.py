"""Real-client checks of Boomerang's WebSocket routes with the `websockets` package (PyPI).

Usage: websocket_client.py BASE_URL SCENARIO. Prints one JSON object with what the client
observed; the Swift test that runs it checks the values.
"""
import json
import sys

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect


def closed_code(ws):
    received = ws.protocol.close_rcvd
    return None if received is None else received.code


def until_closed(ws, out):
    """Waits for the server to close, and the close code."""
    try:
        ws.recv(timeout=10)
    except ConnectionClosed:
        pass
    out["closeCode"] = closed_code(ws)


def after_next(ws, out):
    """Whether the server answers the message just sent or closes, and the close code."""
    try:
        ws.recv(timeout=10)
        out["after"] = "message"
    except ConnectionClosed:
        out["after"] = "closed"
    out["closeCode"] = closed_code(ws)


def echo(base):
    out = {}
    with connect(base + "/websocket/echo", open_timeout=10) as ws:
        ws.send("héllo ✓")
        out["text"] = ws.recv(timeout=10)
        ws.send(bytes(range(256)))
        reply = ws.recv(timeout=10)
        out["binaryIsBytes"] = isinstance(reply, bytes)
        out["binaryEqual"] = reply == bytes(range(256))
        ws.send(["frag", "ment", "ed"])
        out["fragmented"] = ws.recv(timeout=10)
        out["pong"] = ws.ping(b"are you there").wait(timeout=10)
        ws.close(code=4001, reason="bye")
        out["closeCode"] = closed_code(ws)
    return out


def fragments(base):
    out = {}
    with connect(base + "/websocket/echo?max_fragment_size=4&max_message_size=64", open_timeout=10) as ws:
        ws.send(["abcd", "efgh", "ij"])
        out["fragments"] = list(ws.recv_streaming())
        ws.send("abcdefghij")
        after_next(ws, out)
    return out


def message_limit(base):
    out = {}
    with connect(base + "/websocket/echo?max_message_size=16", open_timeout=10) as ws:
        ws.send(b"x" * 16)
        out["atLimit"] = len(ws.recv(timeout=10))
        ws.send(b"y" * 17)
        after_next(ws, out)
    return out


def payloads(base):
    out = {"messages": []}
    with connect(base + "/websocket/payloads/3?closeDelay=0&closeCode=4000&x=1",
                 additional_headers={"X-Probe": "yes"}, open_timeout=10) as ws:
        try:
            while True:
                message = ws.recv(timeout=10)
                out["messages"].append(json.loads(message) if isinstance(message, bytes) else "text")
        except ConnectionClosed:
            pass
        out["closeCode"] = closed_code(ws)
    return out


def single(base):
    out = {}
    with connect(base + "/websocket", subprotocols=["chat", "superchat"], open_timeout=10) as ws:
        out["subprotocol"] = ws.subprotocol
        message = ws.recv(timeout=10)
        out["isBinary"] = isinstance(message, bytes)
        out["url"] = json.loads(message)["url"]
        until_closed(ws, out)
    return out


def pings(base):
    out = {"pongs": 0}
    with connect(base + "/websocket/ping/3", open_timeout=10) as ws:
        for index in range(3):
            try:
                ws.ping(str(index).encode()).wait(timeout=10)
                out["pongs"] += 1
            except ConnectionClosed:
                break
        until_closed(ws, out)
    return out


def refused(base):
    out = {}
    try:
        with connect(base + "/websocket/payloads/abc-no?closeCode=1005", open_timeout=10):
            out["status"] = 101
    except InvalidStatus as error:
        out["status"] = error.response.status_code
    return out


SCENARIOS = {f.__name__: f for f in [echo, fragments, message_limit, payloads, single, pings, refused]}

if __name__ == "__main__":
    print(json.dumps(SCENARIOS[sys.argv[2]](sys.argv[1].replace("http://", "ws://"))))
