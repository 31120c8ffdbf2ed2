"""The hub's resume guarantee under the one interleaving that used to lose an event.

A socket opening on a campaign with no channel yet starts two reads of the record: its
replay (events after ``after``) and the channel's first read (the campaign's last seq).
If the replay read first, an event committed in between, and its broker message came
after the channel's read, the channel took the event as already dispatched and the socket
never got it (seen ~1 run in 10 of the two-instance test). The reads are forced into that
order here; replays now wait for the channel's first read.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from httpx import AsyncClient

from app.realtime import reader
from app.realtime.hub import Hub
from tests.service.table import campaign, register, roll


class Socket:
    """What the hub uses of a Starlette websocket, recording what it is sent."""

    def __init__(self) -> None:
        self.seqs: list[int] = []
        self.got = asyncio.Event()
        self._incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def receive(self) -> dict[str, Any]:
        return await self._incoming.get()

    async def send_text(self, text: str) -> None:
        message = json.loads(text)
        if "seq" in message:
            self.seqs.append(message["seq"])
            self.got.set()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.leave()

    def leave(self) -> None:
        self._incoming.put_nowait({"type": "websocket.disconnect"})


async def test_an_event_committed_between_the_two_first_reads_reaches_a_resuming_socket(
    client: AsyncClient, app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = await register(client, "teller")
    cid = (await campaign(client, st, "3d6"))["id"]
    before = (await roll(client, st, cid, kind="formula", formula="1d6"))["seq"]

    replay_read, committed, channel_read = asyncio.Event(), asyncio.Event(), asyncio.Event()
    read_after, read_last_seq = reader.after, reader.last_seq

    async def after(maker: Any, campaign_id: str, after_seq: int) -> Any:
        events = await read_after(maker, campaign_id, after_seq)
        replay_read.set()
        return events

    async def last_seq(maker: Any, campaign_id: str) -> int:
        await committed.wait()  # the channel's first read comes after the commit
        last = await read_last_seq(maker, campaign_id)
        channel_read.set()
        return last

    monkeypatch.setattr(reader, "after", after)
    monkeypatch.setattr(reader, "last_seq", last_seq)

    hub = Hub(app.state.database)  # fed by hand below, not by the app's broker
    ws = Socket()
    serving = asyncio.create_task(hub.serve(ws, cid, st.id, "storyteller", before))  # type: ignore[arg-type]
    try:
        # Give a replay the chance to read first; with the fix it waits for the channel.
        await asyncio.wait([asyncio.create_task(replay_read.wait())], timeout=0.3)
        new = await roll(client, st, cid, kind="formula", formula="1d6")
        [event] = await read_after(app.state.database, cid, before)
        assert event.seq == new["seq"]
        committed.set()
        await asyncio.wait_for(channel_read.wait(), 5)
        hub.deliver([event])  # the broker's copy, arriving after the channel's read
        await asyncio.wait_for(ws.got.wait(), 5)
        assert ws.seqs == [new["seq"]]
    finally:
        ws.leave()
        await asyncio.wait_for(serving, 5)
        await hub.close_all()
