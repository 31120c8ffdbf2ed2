"""A socket lives only as long as the credential that opened it: revoked (logout,
logout-all, a deleted key) or expired, it is closed with 4401 within 5 s. Tickets travel
as a subprotocol, out of the request line; a user holds at most 20 sockets (4429)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from tests.realtime.live import LiveServer, close_code, http_client, open_socket, sync, ticket
from tests.service.table import PASSWORD, Person, campaign, expect, join, register

WITHIN = 5.0  # seconds from a revocation or an expiry to the 4401


@pytest.fixture(scope="module")
def short_lived(database_url: str) -> Iterator[LiveServer]:
    """Login tokens valid 3 s."""
    live = LiveServer(database_url, VTT_TOKEN_TTL_SECONDS="3")
    live.start()
    yield live
    live.stop()


async def _table(http: httpx.AsyncClient) -> tuple[Person, Person, str]:
    st, player = await register(http, "teller"), await register(http, "player")
    cid = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, player)
    return st, player, cid


async def _closed_within(ws: ClientConnection, seconds: float) -> tuple[int | None, float]:
    started = time.monotonic()
    code = await close_code(ws, within=seconds + 5)
    return code, time.monotonic() - started


def _with_ticket(server: LiveServer, cid: str, value: str) -> Any:
    offered = [Subprotocol("fairtable"), Subprotocol(value)]
    return connect(server.ws(cid), subprotocols=offered, open_timeout=10)


async def _login(http: httpx.AsyncClient, who: Person) -> Person:
    body = {"username": who.username, "password": PASSWORD}
    token = expect(await http.post("/auth/token", json=body), 200)["access_token"]
    return Person(who.id, who.username, token)


async def test_logout_closes_the_sockets_of_that_token_with_4401(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    _, player, cid = await _table(http)
    other_tab = await _login(http, player)
    async with open_socket(server, cid, player) as ws, open_socket(server, cid, other_tab) as kept:
        await sync(ws)
        await sync(kept)
        expect(await http.post("/auth/logout", headers=player.auth), 204)
        code, took = await _closed_within(ws, WITHIN)
        assert code == 4401 and took < WITHIN
        # The socket of the user's other token is not touched.
        assert await sync(kept) is not None


async def test_logout_all_closes_a_socket_opened_with_a_ticket(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    _, player, cid = await _table(http)
    async with _with_ticket(server, cid, await ticket(http, player, cid)) as ws:
        await sync(ws)
        expect(await http.post("/auth/logout-all", headers=player.auth), 204)
        code, took = await _closed_within(ws, WITHIN)
    assert code == 4401 and took < WITHIN


async def test_deleting_an_api_key_closes_its_sockets(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    _, player, cid = await _table(http)
    body = {"name": "bot", "scopes": ["read"]}
    key = expect(await http.post("/api-keys", json=body, headers=player.auth), 201)
    bot = Person(player.id, player.username, key["key"])
    bots_ticket = await ticket(http, bot, cid)
    async with (
        open_socket(server, cid, bot) as direct,
        _with_ticket(server, cid, bots_ticket) as tw,
    ):
        await sync(direct)
        await sync(tw)
        expect(await http.delete(f"/api-keys/{key['id']}", headers=player.auth), 204)
        for ws in (direct, tw):
            code, took = await _closed_within(ws, WITHIN)
            assert code == 4401 and took < WITHIN


async def test_a_socket_closes_with_4401_when_its_token_expires(short_lived: LiveServer) -> None:
    async with http_client(short_lived) as http:
        st = await register(http, "brief")
        cid = (await campaign(http, st, "3d6"))["id"]
        opened = time.monotonic()
        async with open_socket(short_lived, cid, st) as ws:
            await sync(ws)
            code, _ = await _closed_within(ws, 3 + WITHIN)
        assert code == 4401
        assert time.monotonic() - opened < 3 + WITHIN
        expect(await http.get("/users/me", headers=st.auth), 401)


async def test_a_ticket_passed_as_a_subprotocol_opens_the_socket_once(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    _, player, cid = await _table(http)
    value = await ticket(http, player, cid)
    async with _with_ticket(server, cid, value) as ws:
        assert ws.subprotocol == "fairtable"
        assert await sync(ws) is not None
    async with _with_ticket(server, cid, value) as again:
        assert await close_code(again) == 4401


async def test_a_ticket_from_a_token_logged_out_since_is_refused(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    _, player, cid = await _table(http)
    value = await ticket(http, player, cid)
    expect(await http.post("/auth/logout", headers=player.auth), 204)
    async with open_socket(server, cid, ticket=value) as ws:
        assert await close_code(ws) == 4401


async def test_a_user_may_hold_twenty_sockets_and_the_next_closes_with_4429(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    st, player, cid = await _table(http)
    async with contextlib.AsyncExitStack() as stack:
        sockets = [
            await stack.enter_async_context(open_socket(server, cid, player)) for _ in range(20)
        ]
        await asyncio.gather(*(sync(ws) for ws in sockets))
        async with open_socket(server, cid, player) as extra:
            assert await close_code(extra) == 4429
            assert extra.close_reason is not None and "20" in extra.close_reason
        # Another user is not counted against this one.
        async with open_socket(server, cid, st) as theirs:
            assert await sync(theirs) is not None
        # A socket closed makes room for a new one (once the server has seen it go).
        await sockets.pop().close()
        assert await _opens_within(server, cid, player, WITHIN)


async def _opens_within(server: LiveServer, cid: str, who: Person, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        async with open_socket(server, cid, who) as ws:
            with contextlib.suppress(ConnectionClosed):
                await sync(ws)
                return True
        await asyncio.sleep(0.1)
    return False
