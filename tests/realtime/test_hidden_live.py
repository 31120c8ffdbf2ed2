"""Hidden rolls on the live table (a real uvicorn process, real sockets, the campaign's own
seeded dice): a player's socket, live or replaying, gets the same stream whatever the
hidden saves rolled, and the reveal reaches it."""

from __future__ import annotations

import itertools
from typing import Any

import httpx

from tests.realtime.live import (
    LiveServer,
    events_until,
    formula,
    open_socket,
    sync,
)
from tests.service.table import SHEET_D20, campaign, character, expect, join, register

# con 10 (+0) against 11: about one save in two fails and holds "poisoned".
SAVE: dict[str, Any] = {"kind": "save", "trait": "con", "difficulty": 11, "condition": "poisoned"}


def _shape(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(e["seq"], e["type"], e["data"].get("kind"), e["data"].get("user_id")) for e in events]


async def test_a_players_socket_cannot_tell_failed_blind_saves_from_good_ones(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    st, player, other = [await register(http, r) for r in ("teller", "player", "other")]
    cid = (await campaign(http, st, "d20"))["id"]
    await join(http, st, cid, player)
    await join(http, st, cid, other)
    pc = (await character(http, player, cid, SHEET_D20))["id"]
    async with open_socket(server, cid, player) as mine, open_socket(server, cid, other) as theirs:
        for ws in (mine, theirs):
            await sync(ws)
        markers: list[dict[str, Any]] = []
        saves: list[dict[str, Any]] = []
        failed: list[dict[str, Any]] = []
        while len(saves) < 24:  # until both outcomes happened (and at least four saves)
            markers.append(await formula(http, st, cid))
            body = {**SAVE, "character_id": pc, "visibility": "blind"}
            saves.append(expect(await http.post(f"/campaigns/{cid}/rolls", json=body,
                                                headers=player.auth), 201))  # fmt: skip
            read = expect(await http.get(f"/rolls/{saves[-1]['id']}", headers=st.auth), 200)
            failed += [read] if read["effects"] else []
            if len(saves) >= 4 and 0 < len(failed) < len(saves):
                break
        markers.append(await formula(http, st, cid))
        assert 0 < len(failed) < len(saves), "24 saves of one outcome: the dice are broken"
        last = markers[-1]["seq"]
        live = {
            who: await events_until(ws, last) for who, ws in (("mine", mine), ("theirs", theirs))
        }
    # Every hidden save took exactly one seq, failed or not, and nothing else came out.
    expected = [(m["seq"], "roll.created", "formula", st.id) for m in markers]
    gaps = {b["seq"] - a["seq"] for a, b in itertools.pairwise(markers)}
    assert gaps == {2}
    first = markers[0]["seq"]
    for events in live.values():
        assert _shape([e for e in events if e["seq"] >= first]) == expected
    async with open_socket(server, cid, player, after=first - 1) as replay:
        replayed = await events_until(replay, last)
    assert _shape(replayed) == expected
    for who in (player, other):
        read = expect(await http.get(f"/characters/{pc}", headers=who.auth), 200)
        assert read["sheet"]["conditions"] == [] and read["version"] == 1

    async with open_socket(server, cid, other) as ws:
        await sync(ws)
        revealed = expect(await http.post(f"/rolls/{failed[0]['id']}/reveal", headers=st.auth), 200)
        assert revealed["visibility"] == "public"
        got = await events_until(ws, last + 2)  # the reveal's two events, right after ``last``
    assert [e["type"] for e in got] == ["roll.updated", "character.updated"]
    assert got[1]["data"]["sheet"]["conditions"] == ["poisoned"]
