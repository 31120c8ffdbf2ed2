"""The live table when things go wrong: a client that stops reading, a server restart."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import unix_connect
from websockets.exceptions import ConnectionClosed

from tests.realtime.live import (
    LiveServer,
    close_code,
    events_until,
    http_client,
    open_socket,
    receive,
    sync,
)
from tests.service.table import campaign, expect, join, register

QUEUE = 20  # the server's per-socket queue here: a few dozen events overflow it
BIG = "60d6"  # a few hundred bytes per event, so the socket buffers fill quickly too


@pytest.fixture(scope="module")
def small_queue_server(
    database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """On a Unix socket: its kernel buffer is a fixed ~200 KiB, where TCP on loopback grows
    to 4 MiB per connection and would hide a stalled reader for thousands of events."""
    uds = str(tmp_path_factory.mktemp("uds") / "fairtable.sock")
    live = LiveServer(database_url, uds=uds, VTT_WS_QUEUE_SIZE=str(QUEUE))
    live.start()
    yield live
    live.stop()


async def test_a_client_that_stops_reading_is_closed_1013_and_resumes_without_loss(
    small_queue_server: LiveServer,
) -> None:
    server = small_queue_server
    async with http_client(server) as http:
        st = await register(http, "teller")
        player = await register(http, "player")
        cid = (await campaign(http, st, "3d6"))["id"]
        await join(http, st, cid, player)
        start = expect(await http.get(f"/campaigns/{cid}/events", headers=st.auth), 200)
        after = max([0, *(e["seq"] for e in start["items"])])

        assert server.uds is not None
        slow = await unix_connect(
            server.uds, server.ws(cid), additional_headers=st.auth, max_queue=1
        )
        async with open_socket(server, cid, player) as fast:
            await sync(fast)
            await sync(slow)
            latencies: list[float] = []
            last = after
            for _ in range(15):  # 15 bursts of 20 concurrent rolls
                sent = time.perf_counter()
                body = {"kind": "formula", "formula": BIG}
                answers = await asyncio.gather(
                    *(http.post(f"/campaigns/{cid}/rolls", json=body, headers=st.auth)
                      for _ in range(20))
                )  # fmt: skip
                last = max(expect(a, 201)["seq"] for a in answers)
                await events_until(fast, last)
                latencies.append(time.perf_counter() - sent)
            # The fast reader kept up the whole time (bounded latency per burst).
            assert max(latencies) < 5, latencies

        received: list[int] = []
        try:
            while True:
                message = json.loads(await asyncio.wait_for(slow.recv(), 10))
                if "seq" in message:
                    received.append(message["seq"])
        except ConnectionClosed:
            pass
        assert slow.close_code == 1013
        assert received == sorted(received) and len(received) < last - after

        resume_from = received[-1] if received else after
        async with open_socket(server, cid, st, after=resume_from) as again:
            rest = [m["seq"] for m in await events_until(again, last)]
        assert received + rest == list(range(after + 1, last + 1))


async def test_events_before_a_restart_are_replayed_after_it(database_url: str) -> None:
    server = LiveServer(database_url)
    server.start()
    try:
        async with http_client(server) as http:
            st = await register(http, "teller")
            cid = (await campaign(http, st, "3d6"))["id"]
            body: dict[str, Any] = {"kind": "formula", "formula": "2d6"}
            async with open_socket(server, cid, st) as ws:
                await sync(ws)
                rolls = [
                    expect(
                        await http.post(f"/campaigns/{cid}/rolls", json=body, headers=st.auth),
                        201,
                    )["seq"]
                    for _ in range(5)
                ]
                await events_until(ws, rolls[-1])
                await asyncio.to_thread(server.stop)  # SIGTERM: the socket is closed
                assert await close_code(ws) == 1001  # going away, not uvicorn's 1012
        server.start()
        async with open_socket(server, cid, st, after=rolls[0] - 1) as ws:
            assert [m["seq"] for m in await events_until(ws, rolls[-1])] == rolls
            message = await receive(ws)  # then live: the server's own presence message
            assert message["type"] == "presence"
    finally:
        server.stop()


async def test_every_worker_closes_its_sockets_with_going_away(database_url: str) -> None:
    """``fairtable serve --workers 2``: whichever worker holds a socket, a stop says 1001."""
    server = LiveServer(database_url, workers=2)
    server.start()
    try:
        async with http_client(server) as http, contextlib.AsyncExitStack() as stack:
            st = await register(http, "teller")
            cid = (await campaign(http, st, "d20"))["id"]
            sockets = [
                await stack.enter_async_context(open_socket(server, cid, st)) for _ in range(8)
            ]
            for ws in sockets:
                await sync(ws)
            await asyncio.to_thread(server.stop)
            codes = [await close_code(ws) for ws in sockets]
            reasons = {ws.close_reason for ws in sockets}
        assert codes == [1001] * 8
        assert reasons == {"server shutting down"}
    finally:
        server.stop()
