"""Blind 3d6 tests with their choices stated beforehand, on the live table (a real uvicorn
process, real sockets, the campaign's own seeded dice): docs/rules.md, "stated choices" (a
blind test takes its choices beforehand: its player cannot see it). Whether the stated
rerolls were all needed, and whether the roll ended a success, a partial taking its stated
complication or a botch, the player's socket (live and replaying) and another player's get
the same stream, and the public rolls around each blind one show the same nonce gap."""

from __future__ import annotations

import itertools
from typing import Any

import httpx

from tests.realtime.live import LiveServer, events_until, formula, open_socket, sync
from tests.service.table import GIFT, ITEM, SHEET_3D6, campaign, character, expect, join, register

# strong 3 against difficulty 2: successes, partials and botches all come up often.
BLIND: dict[str, Any] = {
    "kind": "test", "trait": "strong", "difficulty": 2, "visibility": "blind",
    "rerolls": [ITEM, GIFT], "spend_rerolls": True, "on_partial": "complication",
}  # fmt: skip


def _shape(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(e["seq"], e["type"], e["data"].get("kind"), e["data"].get("user_id")) for e in events]


async def test_a_players_socket_cannot_tell_a_blind_success_from_a_stated_complication(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    st, player, other = [await register(http, r) for r in ("teller", "player", "other")]
    cid = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, player)
    await join(http, st, cid, other)
    pc = (await character(http, player, cid, SHEET_3D6))["id"]
    async with open_socket(server, cid, player) as mine, open_socket(server, cid, other) as theirs:
        for ws in (mine, theirs):
            await sync(ws)
        markers: list[dict[str, Any]] = [await formula(http, st, cid)]
        seen: dict[tuple[str, int], int] = {}  # (outcome, rerolls spent): how often
        # A partial comes about one roll in seven: none in 40 rolls happened (p = 0.1 %),
        # none in 120 would be p = 3e-9; the loop ends as soon as every case is in.
        for _ in range(120):
            body = {**BLIND, "character_id": pc}
            blind = await http.post(f"/campaigns/{cid}/rolls", json=body, headers=player.auth)
            answer = expect(blind, 201)
            assert (answer["status"], answer["dice"], answer["result"]) == ("hidden", [], {})
            read = expect(await http.get(f"/rolls/{answer['id']}", headers=st.auth), 200)
            assert read["status"] == "final"
            key = (read["result"]["outcome"], len(read["result"]["rerolls"]))
            seen[key] = seen.get(key, 0) + 1
            markers.append(await formula(http, st, cid))
            outcomes = {outcome for outcome, _ in seen}
            if {"success", "partial"} <= outcomes and {n for _, n in seen} >= {1, 2}:
                break
        assert {"success", "partial"} <= {o for o, _ in seen}, seen
        last = markers[-1]["seq"]
        live = {
            who: await events_until(ws, last) for who, ws in (("mine", mine), ("theirs", theirs))
        }
    # Every blind roll took one seq and three nonces (its throw, two reserved rerolls).
    assert {b["seq"] - a["seq"] for a, b in itertools.pairwise(markers)} == {2}
    nonces = [m["proof"][0]["nonce"] for m in markers]
    assert {b - a for a, b in itertools.pairwise(nonces)} == {4}
    expected = [(m["seq"], "roll.created", "formula", st.id) for m in markers]
    first = markers[0]["seq"]
    for events in live.values():
        assert _shape([e for e in events if e["seq"] >= first]) == expected
    async with open_socket(server, cid, player, after=first - 1) as replay:
        assert _shape(await events_until(replay, last)) == expected
