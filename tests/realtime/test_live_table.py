"""The live table over a real uvicorn process: delivery, visibility, resuming, credentials,
presence and the events endpoint."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import httpx
import pytest
import pytest_asyncio
from websockets.exceptions import InvalidStatus

from tests.realtime.live import (
    LiveServer,
    close_code,
    events_until,
    formula,
    open_socket,
    receive,
    sync,
    ticket,
)
from tests.service.table import Person, campaign, expect, join, register


@dataclass
class Table:
    storyteller: Person
    player: Person
    other: Person
    cid: str


@pytest_asyncio.fixture
async def table(http: httpx.AsyncClient) -> Table:
    st = await register(http, "teller")
    player = await register(http, "player")
    other = await register(http, "other")
    cid = (await campaign(http, st, "3d6"))["id"]
    await join(http, st, cid, player)
    await join(http, st, cid, other)
    return Table(st, player, other, cid)


def seqs(messages: list[dict[str, object]]) -> list[object]:
    return [m["seq"] for m in messages]


async def test_a_roll_reaches_every_members_socket_once_in_seq_order(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    people = (table.storyteller, table.player, table.other)
    async with (
        open_socket(server, table.cid, people[0]) as a,
        open_socket(server, table.cid, people[1]) as b,
        open_socket(server, table.cid, people[2]) as c,
    ):
        for ws in (a, b, c):
            await sync(ws)
        rolls = [await formula(http, table.player, table.cid) for _ in range(5)]
        last = rolls[-1]["seq"]
        for ws in (a, b, c):
            got = await events_until(ws, last)
            assert seqs(got) == [r["seq"] for r in rolls]
            assert all(m["type"] == "roll.created" for m in got)
            assert got[0]["data"]["id"] == rolls[0]["id"]
            assert set(got[0]) == {"seq", "type", "campaign_id", "at", "data"}
            assert [m for m in await sync(ws) if "seq" in m] == []  # nothing twice


async def test_a_player_never_receives_a_blind_roll_but_storytellers_do(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    async with (
        open_socket(server, table.cid, table.storyteller) as teller,
        open_socket(server, table.cid, table.player) as player,
    ):
        await sync(teller)
        await sync(player)
        blind = await formula(http, table.player, table.cid, "blind")
        public = await formula(http, table.player, table.cid)
        assert seqs(await events_until(teller, public["seq"])) == [blind["seq"], public["seq"]]
        assert seqs(await events_until(player, public["seq"])) == [public["seq"]]


async def test_resuming_with_after_replays_exactly_the_missed_events_then_live_ones(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    async with open_socket(server, table.cid, table.player) as ws:
        await sync(ws)
        seen = (await formula(http, table.player, table.cid))["seq"]
        await events_until(ws, seen)
    missed = [(await formula(http, table.storyteller, table.cid))["seq"] for _ in range(30)]
    async with open_socket(server, table.cid, table.player, after=seen) as ws:
        assert seqs(await events_until(ws, missed[-1])) == missed
        live = await formula(http, table.other, table.cid)
        assert seqs(await events_until(ws, live["seq"])) == [live["seq"]]


async def test_rolls_made_during_the_replay_arrive_once_and_in_order(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    start = (await formula(http, table.storyteller, table.cid))["seq"]
    for _ in range(30):
        await formula(http, table.player, table.cid)

    async def roll_more() -> list[int]:
        answers = await asyncio.gather(*(formula(http, table.other, table.cid) for _ in range(20)))
        return [a["seq"] for a in answers]

    rolling = asyncio.create_task(roll_more())
    # A storyteller sees every event, so the stream must be exactly start+1, start+2, …
    async with open_socket(server, table.cid, table.storyteller, after=start) as ws:
        last = max(await rolling)
        got = seqs(await events_until(ws, last))
        assert got == list(range(start + 1, last + 1))
        assert [m for m in await sync(ws) if "seq" in m] == []


async def test_a_player_resuming_gets_nothing_hidden_from_the_replay(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    start = (await formula(http, table.storyteller, table.cid))["seq"]
    await formula(http, table.storyteller, table.cid, "blind")
    public = await formula(http, table.storyteller, table.cid)
    async with open_socket(server, table.cid, table.player, after=start) as ws:
        assert seqs(await events_until(ws, public["seq"])) == [public["seq"]]


async def test_a_ticket_opens_the_socket_once(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    value = await ticket(http, table.player, table.cid)
    async with open_socket(server, table.cid, ticket=value) as ws:
        await sync(ws)
        roll = await formula(http, table.player, table.cid)
        assert seqs(await events_until(ws, roll["seq"])) == [roll["seq"]]
    async with open_socket(server, table.cid, ticket=value) as again:
        assert await close_code(again) == 4401


async def test_a_ticket_of_another_campaign_or_a_made_up_one_is_refused(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    elsewhere = (await campaign(http, table.player, "d20"))["id"]
    value = await ticket(http, table.player, elsewhere)
    for bad in (value, "ftw_made-up", "x" * 500):
        async with open_socket(server, table.cid, ticket=bad) as ws:
            assert await close_code(ws) == 4401


async def test_an_expired_ticket_is_refused(server: LiveServer, table: Table, app: object) -> None:
    from app.realtime import tickets

    writer = app.state.writer  # type: ignore[attr-defined]
    value, _ = await tickets.issue(writer, table.player.id, table.cid, ttl_seconds=-1)
    async with open_socket(server, table.cid, ticket=value) as ws:
        assert await close_code(ws) == 4401


async def test_missing_or_bad_credentials_close_4401_and_strangers_4403(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    async with open_socket(server, table.cid) as ws:
        assert await close_code(ws) == 4401
    forged = Person(table.player.id, table.player.username, "ftt_forged")
    async with open_socket(server, table.cid, forged) as ws:
        assert await close_code(ws) == 4401
    stranger = await register(http, "stranger")
    async with open_socket(server, table.cid, stranger) as ws:
        assert await close_code(ws) == 4403
    async with open_socket(server, "no-such-campaign", stranger) as ws:
        assert await close_code(ws) == 4403
    assert (
        await http.post(f"/campaigns/{table.cid}/ws-ticket", headers=stranger.auth)
    ).status_code == 404
    async with open_socket(server, table.cid, table.player, after="-1") as ws:
        assert await close_code(ws) == 4400


async def test_a_ticket_needs_credentials(server: LiveServer, http: httpx.AsyncClient) -> None:
    answer = await http.post("/campaigns/whatever/ws-ticket")
    assert answer.status_code == 401
    assert answer.headers["content-type"] == "application/problem+json"


async def test_an_application_ping_is_answered_and_an_oversized_message_closes_1009(
    server: LiveServer, table: Table
) -> None:
    async with open_socket(server, table.cid, table.player) as ws:
        await sync(ws)
        await ws.send("x" * 5000)
        assert await close_code(ws) == 1009


async def test_presence_tells_the_table_who_joins_and_leaves(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    async def online() -> dict[str, bool]:
        members = expect(
            await http.get(f"/campaigns/{table.cid}/members", headers=table.other.auth), 200
        )
        return {m["user_id"]: m["online"] for m in members}

    assert not any((await online()).values())
    async with open_socket(server, table.cid, table.storyteller) as teller:
        first = await receive(teller)
        assert first["type"] == "presence" and "seq" not in first
        assert first["data"] == {"user_id": table.storyteller.id, "online": True}
        async with open_socket(server, table.cid, table.player) as player:
            joined = await receive(teller)
            assert joined["data"] == {"user_id": table.player.id, "online": True}
            # The newcomer learns who was already there.
            heard = [m["data"] for m in await sync(player) if m["type"] == "presence"]
            assert {"user_id": table.storyteller.id, "online": True} in heard
            state = await online()
            assert state[table.player.id] and state[table.storyteller.id]
            assert not state[table.other.id]
            async with open_socket(server, table.cid, table.player) as second_tab:
                await sync(second_tab)
            assert [m for m in await sync(teller) if m["type"] == "presence"] == []
        left = await receive(teller)
        assert left["type"] == "presence" and left["campaign_id"] == table.cid
        assert left["data"] == {"user_id": table.player.id, "online": False}
        assert (await online())[table.player.id] is False


async def test_a_promoted_player_starts_receiving_blind_rolls_at_the_promotion(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    async with open_socket(server, table.cid, table.player) as ws:
        await sync(ws)
        before = await formula(http, table.storyteller, table.cid, "blind")
        promote = {"role": "storyteller"}
        url = f"/campaigns/{table.cid}/members/{table.player.id}"
        expect(await http.patch(url, json=promote, headers=table.storyteller.auth), 200)
        after = await formula(http, table.storyteller, table.cid, "blind")
        got = await events_until(ws, after["seq"])
        assert before["seq"] not in seqs(got)
        assert [m["type"] for m in got] == ["member.updated", "roll.created"]


async def test_a_removed_member_is_told_and_closed_4403(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    async with open_socket(server, table.cid, table.player) as ws:
        await sync(ws)
        url = f"/campaigns/{table.cid}/members/{table.player.id}"
        expect(await http.delete(url, headers=table.storyteller.auth), 204)
        message = await receive(ws)
        assert message["type"] == "member.left"
        assert await close_code(ws) == 4403


async def test_the_events_endpoint_lists_only_what_the_caller_may_see(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    start = (await formula(http, table.storyteller, table.cid))["seq"]
    public = await formula(http, table.player, table.cid)
    blind = await formula(http, table.player, table.cid, "blind")
    url = f"/campaigns/{table.cid}/events"
    mine = expect(await http.get(url, params={"after": start}, headers=table.player.auth), 200)
    assert seqs(mine["items"]) == [public["seq"]]
    assert mine["next_after"] is None
    assert set(mine["items"][0]) == {"seq", "type", "campaign_id", "at", "data"}
    theirs = expect(
        await http.get(url, params={"after": start}, headers=table.storyteller.auth), 200
    )
    assert seqs(theirs["items"]) == [public["seq"], blind["seq"]]
    # A page that ends on a hidden event still moves the reader past it.
    page = expect(
        await http.get(url, params={"after": public["seq"], "limit": 1}, headers=table.player.auth),
        200,
    )
    assert page["items"] == [] and page["next_after"] == blind["seq"] and page["next_cursor"]
    follow = expect(
        await http.get(url, params={"after": blind["seq"]}, headers=table.player.auth), 200
    )
    assert follow == {"items": [], "next_after": None, "next_cursor": None}


async def test_the_events_endpoint_refuses_bad_input_and_strangers(
    server: LiveServer, http: httpx.AsyncClient, table: Table
) -> None:
    url = f"/campaigns/{table.cid}/events"
    for params in ({"after": -1}, {"after": 2**31}, {"limit": 0}, {"limit": 501}, {"after": "x"}):
        answer = await http.get(url, params=params, headers=table.player.auth)
        assert answer.status_code == 422, params
        assert answer.headers["content-type"] == "application/problem+json"
    stranger = await register(http, "stranger")
    assert (await http.get(url, headers=stranger.auth)).status_code == 404


async def test_a_plain_http_request_to_the_socket_path_is_not_a_500(server: LiveServer) -> None:
    async with httpx.AsyncClient() as client:
        answer = await client.get(server.ws("x").replace("ws://", "http://"))
    assert answer.status_code < 500


async def test_a_websocket_on_an_unknown_path_is_refused(server: LiveServer) -> None:
    with pytest.raises(InvalidStatus):
        async with open_socket(server, "x/nowhere"):
            pass
