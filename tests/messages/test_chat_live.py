"""The chat on the live table (a real uvicorn process, real sockets): messages reach
every member as they are sent, whispers only their readers, live and in the replay after
a reconnect, which gives messages and rolls in seq order without a gap."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
import pytest_asyncio

from tests.messages.conftest import Chat, build_chat
from tests.realtime.live import LiveServer, events_until, formula, http_client, open_socket, sync


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[LiveServer]:
    live = LiveServer(database_url)
    live.start()
    yield live
    live.stop()


@pytest_asyncio.fixture
async def http(server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with http_client(server) as client:
        yield client


def _messages(events: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    return [(e["type"], e["data"].get("text")) for e in events if e["type"].startswith("message.")]


async def test_a_public_message_reaches_every_member_live(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    chat = await build_chat(http)
    sockets = [open_socket(server, chat.cid, who) for who in chat.members]
    opened = [await s.__aenter__() for s in sockets]
    try:
        for ws in opened:
            await sync(ws)
        sent = await chat.say(chat.player, "Onward!")
        for ws in opened:
            got = await events_until(ws, sent["seq"])
            assert [(e["type"], e["data"]) for e in got] == [("message.created", sent)]
    finally:
        for s in sockets:
            await s.__aexit__(None, None, None)


async def test_a_whisper_reaches_its_readers_live_and_in_replay_and_no_third_member(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    chat = await build_chat(http)
    readers = (chat.player, chat.other, chat.storyteller)
    everyone = (*readers, chat.spectator)
    sockets = {who.id: open_socket(server, chat.cid, who) for who in everyone}
    opened = {uid: await s.__aenter__() for uid, s in sockets.items()}
    try:
        for ws in opened.values():
            await sync(ws)
        start = (await chat.say(chat.storyteller, "before"))["seq"]
        whisper = await chat.whisper(chat.player, [chat.other], "the key is under the mat")
        await chat.delete(chat.player, whisper["id"])
        last = (await chat.say(chat.storyteller, "after"))["seq"]
        live = {uid: await events_until(ws, last) for uid, ws in opened.items()}
    finally:
        for s in sockets.values():
            await s.__aexit__(None, None, None)
    for who in readers:
        assert _messages(live[who.id]) == [
            ("message.created", "before"),
            ("message.created", "the key is under the mat"),  # live: as it was sent
            ("message.deleted", None),
            ("message.created", "after"),
        ]
    outsider = live[chat.spectator.id]
    assert _messages(outsider) == [("message.created", "before"), ("message.created", "after")]
    assert whisper["id"] not in str(outsider)
    # The replay after a reconnect: the tombstone for the readers, nothing for the others.
    for who in everyone:
        async with open_socket(server, chat.cid, who, after=start - 1) as ws:
            replayed = await events_until(ws, last)
        texts = _messages(replayed)
        if who is chat.spectator:
            assert texts == [("message.created", "before"), ("message.created", "after")]
            assert whisper["id"] not in str(replayed)
        else:
            assert texts == [("message.created", "before"), ("message.created", None),
                             ("message.deleted", None), ("message.created", "after")]  # fmt: skip
            assert replayed[1]["data"]["deleted"]["by"] == chat.player.id


async def test_with_the_setting_off_the_storytellers_socket_gets_no_whisper(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    chat = await build_chat(http, {"storyteller_reads_whispers": False})
    async with open_socket(server, chat.cid, chat.storyteller) as ws:
        await sync(ws)
        await chat.whisper(chat.player, [chat.other], "between us")
        last = (await chat.say(chat.other, "hello all"))["seq"]
        got = await events_until(ws, last)
    assert _messages(got) == [("message.created", "hello all")]
    async with open_socket(server, chat.cid, chat.storyteller, after=0) as ws:
        assert "between us" not in str(await events_until(ws, last))


async def test_the_replay_after_a_reconnect_interleaves_messages_and_rolls_without_a_gap(
    server: LiveServer, http: httpx.AsyncClient
) -> None:
    chat: Chat = await build_chat(http)
    async with open_socket(server, chat.cid, chat.other) as ws:
        await sync(ws)
        first = await chat.say(chat.other, "I go first")
        seen = await events_until(ws, first["seq"])
    # Disconnected: the table goes on rolling and talking.
    sent: list[tuple[int, str]] = []
    for n in range(6):
        if n % 2:
            sent.append(((await formula(http, chat.player, chat.cid))["seq"], "roll.created"))
        else:
            said = await chat.say(chat.storyteller if n % 4 else chat.player, f"line {n}")
            sent.append((said["seq"], "message.created"))
    async with open_socket(server, chat.cid, chat.other, after=seen[-1]["seq"]) as ws:
        replayed = await events_until(ws, sent[-1][0])
    assert [(e["seq"], e["type"]) for e in replayed] == sent
    seqs = [first["seq"], *(seq for seq, _ in sent)]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))  # no gap
