"""Roll requests on the live table (a real uvicorn process): a request, its answer and its
expiry reach the storytellers' and the addressed player's sockets as they happen — the
expiry by the server's own sweep — and no one else's; a resuming socket replays the same."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.realtime.live import LiveServer, events_until, formula, open_socket, sync
from tests.service.table import SHEET_D20, campaign, character, expect, join, register


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[LiveServer]:
    """The shared server, with a sweep fast enough for a test to wait on."""
    live = LiveServer(database_url, VTT_ROLL_REQUEST_SWEEP_SECONDS="0.2")
    live.start()
    yield live
    live.stop()


def _seen(messages: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    """(type, request id or roll kind) of each event."""
    found = []
    for m in messages:
        data = m["data"]
        found.append((m["type"], data["request"]["id"] if "request" in data else data["kind"]))
    return found


async def test_requests_answers_and_expiries_reach_the_sockets_that_may_see_them(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    st, player, other = [await register(http, r) for r in ("teller", "player", "other")]
    cid = (await campaign(http, st, "d20"))["id"]
    await join(http, st, cid, player)
    await join(http, st, cid, other)
    mara = (await character(http, player, cid, SHEET_D20, name="Mara"))["id"]
    asks = f"/campaigns/{cid}/roll-requests"
    save = {"kind": "save", "trait": "wis", "difficulty": 14, "condition": "frightened"}
    async with (
        open_socket(server, cid, st) as teller,
        open_socket(server, cid, player) as mine,
        open_socket(server, cid, other) as theirs,
    ):
        for ws in (teller, mine, theirs):
            await sync(ws)
        start = (await formula(http, st, cid))["seq"]
        body = {**save, "character_ids": [mara], "visibility": "blind", "expires_in": 1}
        late = expect(await http.post(asks, json=body, headers=st.auth), 201)
        body = {**save, "character_ids": [mara], "visibility": "blind"}
        asked = expect(await http.post(asks, json=body, headers=st.auth), 201)
        answer = {"request_id": asked["id"], "character_id": mara}
        roll = expect(
            await http.post(f"/campaigns/{cid}/rolls", json=answer, headers=player.auth), 201
        )
        # The sweep (every 0.2 s here) writes the expiry without anyone asking.
        for _ in range(50):
            events = await http.get(f"/campaigns/{cid}/events?after={start}", headers=st.auth)
            if any(e["type"] == "roll_request.expired" for e in expect(events, 200)["items"]):
                break
            await asyncio.sleep(0.2)
        rows = expect(await http.get(f"{asks}?status=expired", headers=st.auth), 200)
        assert [r["id"] for r in rows["items"]] == [late["id"]]
        marker = await formula(http, st, cid)
        live = {
            name: _seen([m for m in await events_until(ws, marker["seq"]) if m["seq"] > start])
            for name, ws in (("teller", teller), ("mine", mine), ("theirs", theirs))
        }
    expired = ("roll_request.expired", late["id"])
    assert live["teller"] == [
        ("roll_request.created", late["id"]),
        ("roll_request.created", asked["id"]),
        ("roll.created", "save"),
        ("roll_request.answered", asked["id"]),
        expired,
        ("roll.created", "formula"),
    ]
    assert roll["redacted"] is True  # a blind answer: the player's socket never gets it
    assert live["mine"] == [x for x in live["teller"] if x != ("roll.created", "save")]
    assert live["theirs"] == [("roll.created", "formula")]

    # A socket resuming from before replays the very same stream from the record.
    async with open_socket(server, cid, player, after=start) as again:
        replayed = _seen(await events_until(again, marker["seq"]))
    assert replayed == live["mine"]
