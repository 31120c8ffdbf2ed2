"""Compact events on the live table (a real uvicorn process, real sockets): the replay of a
roll's states, rebuilt from the record, is the very stream the sockets got live, byte for
byte, for the storyteller and for the player."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.realtime.live import LiveServer, events_until, open_socket, sync
from tests.service.table import GIFT, ITEM, SHEET_3D6, campaign, character, expect, join, register


def _texts(messages: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(m, ensure_ascii=False) for m in messages]


async def test_a_replay_of_rerolls_and_a_reveal_is_the_live_stream_to_the_byte(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    st, player = await register(http, "teller"), await register(http, "player")
    cid = (await campaign(http, st, "3d6", {"reroll_any_die": True}))["id"]
    await join(http, st, cid, player)
    kitten = (await character(http, player, cid, SHEET_3D6, name="Pelote"))["id"]
    async with open_socket(server, cid, st) as theirs, open_socket(server, cid, player) as mine:
        for ws in (theirs, mine):
            await sync(ws)
        known = expect(await http.get(f"/campaigns/{cid}/events", headers=st.auth), 200)
        start = known["items"][-1]["seq"]
        body = {"kind": "test", "character_id": kitten, "trait": "strong", "difficulty": 4,
                "rerolls": [ITEM, GIFT]}  # fmt: skip
        test = expect(await http.post(f"/campaigns/{cid}/rolls", json=body, headers=player.auth),
                      201)  # fmt: skip
        for _ in range(2):
            reroll = await http.post(f"/rolls/{test['id']}/reroll", json={"die": 1},
                                     headers=player.auth)  # fmt: skip
            expect(reroll, 200)
        blind = {"kind": "formula", "formula": "2d6", "visibility": "blind"}
        hidden = expect(await http.post(f"/campaigns/{cid}/rolls", json=blind,
                                        headers=player.auth), 201)  # fmt: skip
        revealed = expect(await http.post(f"/rolls/{hidden['id']}/reveal", headers=st.auth), 200)
        last = expect(await http.get(f"/campaigns/{cid}/events?after={start}", headers=st.auth),
                      200)["items"][-1]["seq"]  # fmt: skip
        live = {"st": await events_until(theirs, last), "player": await events_until(mine, last)}
    assert revealed["visibility"] == "public"
    for who, person in (("st", st), ("player", player)):
        async with open_socket(server, cid, person, after=start) as again:
            replay = await events_until(again, last)
        assert _texts(replay) == _texts(live[who])
        page = await http.get(f"/campaigns/{cid}/events?after={start}", headers=person.auth)
        assert _texts(expect(page, 200)["items"]) == _texts(live[who])
    # The storyteller saw every state of both rolls; the player all but the blind roll's first.
    assert [m["type"] for m in live["st"]].count("roll.updated") == 3
    assert len(live["player"]) == len(live["st"]) - 1
