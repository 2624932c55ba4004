"""httpx (PyPI, with its http2 extra) against Boomerang over h2 (TLS): what a high-level HTTP/2
client sees of each fault, as an application would.

    httpx_client.py SCENARIO BASE_URL ROOT_PEM

Prints one JSON document. Scenarios:
    get        GET /get: the protocol httpx negotiated and the echo's view of it
    reset      GET /get with h2-reset:REFUSED_STREAM: the exception httpx raises
    goaway     GET /get (stream 1), GET /delay/1 (stream 3), then on the same connection a GET
               whose fault is GOAWAY with last stream 3 (stream 5): what httpx makes of each
"""
import asyncio
import json
import sys

import httpx


def describe(response):
    echo = response.json()
    return {
        "status": response.status_code, "httpVersion": response.http_version, "echoVersion": echo.get("httpVersion"),
        "connection": (echo.get("http2") or {}).get("connection"), "stream": (echo.get("http2") or {}).get("stream"),
    }


async def outcome(request):
    try:
        return describe(await request)
    except httpx.HTTPError as error:
        return {"error": type(error).__name__, "message": str(error)}


async def goaway(base, root):
    async with httpx.AsyncClient(http2=True, verify=root, timeout=10) as client:
        # One connection first, so that the next requests share it.
        warm = await outcome(client.get(base + "/get"))
        slow = asyncio.create_task(outcome(client.get(base + "/delay/1")))
        await asyncio.sleep(0.2)
        refused = await outcome(client.get(base + "/get?x-set-response-fault=h2-goaway:NO_ERROR:3"))
        again = await outcome(client.get(base + "/get"))
        return {"warm": warm, "slow": await slow, "refused": refused, "again": again}


def main():
    scenario, base, root = sys.argv[1], sys.argv[2], sys.argv[3]
    if scenario == "get":
        with httpx.Client(http2=True, verify=root, timeout=10) as client:
            result = describe(client.get(base + "/get"))
    elif scenario == "reset":
        with httpx.Client(http2=True, verify=root, timeout=10) as client:
            try:
                response = client.get(base + "/get?x-set-response-fault=h2-reset:REFUSED_STREAM")
                result = {"status": response.status_code}
            except httpx.HTTPError as error:
                result = {"error": type(error).__name__, "message": str(error)}
            # The connection still serves.
            result["after"] = describe(client.get(base + "/get"))
    elif scenario == "goaway":
        result = asyncio.run(goaway(base, root))
    print(json.dumps(result))


main()
