"""The websocket hub: committed events in, one ordered stream per socket out.

Ordering. Each campaign with open sockets has a ``Channel`` that remembers the last seq it
dispatched and dispatches strictly in seq order. An event that arrives with a gap (the
broker lost or reordered something) parks and triggers a fill from the events table:
events are committed in seq order under the campaign row's lock, so whatever is missing
before a published event is already in the database. Duplicates (seq <= last) are dropped.

Resuming. A socket is registered in its channel BEFORE its replay reads the database, and
from then on live events queue up behind the replay; the sender sends the replay, then the
queue, skipping what the replay already sent. A new channel first reads the campaign's last
seq, and replays wait for that read: so the channel's starting point is never ahead of what
a replay saw. An event committed before the replay's read is in the replay; one committed
after it is dispatched after the registration: none is lost, none is sent twice.

Slow clients. Each socket has its own bounded queue and its own sender task, so the
dispatch never awaits a client. A socket whose queue is full is closed with 1013; the
client resumes with ``after=`` (the events table is the record, not the queue).

Credentials. Each socket knows the credential it was opened with and when it expires: a
timer closes it with 4401 at expiry, and app/realtime/credentials.py closes it with 4401
when the credential is revoked on any instance. A user may hold ``max_per_user`` open
sockets on an instance; one more is closed with 4429.

Visibility. Every socket filters in seq order with its current role, and applies the
``member.updated`` / ``member.left`` events about its own user as it meets them, so a role
change takes effect exactly at its seq; a removed member is closed with 4403.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from starlette.websockets import WebSocket

from app.core import metrics
from app.core.database import Database
from app.core.db import rfc3339, utcnow
from app.core.jsontext import dumps_text
from app.events.service import EventOut
from app.realtime import reader
from app.realtime.client import PONG, Client, Item
from app.realtime.credentials import CredentialWatch
from app.realtime.presence import HEARTBEAT_SECONDS, Presence, PresenceBus

log = logging.getLogger("fairtable.hub")

QUEUE_SIZE = 1000
MAX_INCOMING_BYTES = 4096
# How long a close frame may wait behind a stalled reader's full buffer before we give up
# on the handshake (the transport then closes once the kernel drains, or TCP gives up).
CLOSE_TIMEOUT_SECONDS = 30.0
RETRY_SECONDS = 1.0
SHUTDOWN_WAIT_SECONDS = 5.0
MAX_SOCKETS_PER_USER = 20
BAD_CREDENTIALS = 4401
TOO_MANY_SOCKETS = 4429


def encode(message: dict[str, Any]) -> str:
    return dumps_text(message)


def presence_text(campaign_id: str, user_id: str, online: bool, at: datetime) -> str:
    data = {"user_id": user_id, "online": online}
    return encode({"type": "presence", "campaign_id": campaign_id, "at": rfc3339(at), "data": data})


class Channel:
    """One campaign's ordered dispatch to the sockets of this instance."""

    __slots__ = ("again", "busy", "campaign_id", "clients", "hub", "last", "pending", "ready")

    def __init__(self, hub: Hub, campaign_id: str) -> None:
        self.hub = hub
        self.campaign_id = campaign_id
        self.clients: set[Client] = set()
        self.last: int | None = None  # None until the first read of the campaign's seq
        self.pending: dict[int, EventOut] = {}
        self.busy = False  # a fill (or the first read) is running: park everything
        self.again = False  # a resync arrived during a fill: fill once more after it
        self.ready = asyncio.Event()  # the first read is done: replays may read from now on

    def offer(self, event: EventOut) -> None:
        last = self.last
        if last is not None and event.seq <= last:
            return  # a duplicate (an echo, or already filled from the database)
        if self.busy or last is None or event.seq != last + 1:
            self.pending[event.seq] = event
            if not self.busy:  # a running fill drains the parked ones when it ends
                self.fill()
            return
        self._dispatch(event)
        if self.pending:
            self._drain()

    def broadcast(self, text: str) -> None:
        item: Item = (0, None, text)
        for client in self.clients:
            client.push(item)

    def fill(self) -> None:
        """Read what is missing from the database (no-op while a fill is running: it
        drains and fills again itself when something is still missing)."""
        if self.busy:
            self.again = True
            return
        self.busy = True
        self.hub.spawn(self._fill())

    def _dispatch(self, event: EventOut) -> None:
        self.last = event.seq
        item: Item = (event.seq, event, encode(event.message()))
        for client in self.clients:
            client.push(item)

    def _drain(self) -> None:
        last = self.last
        if last is None:
            return
        for seq in [s for s in self.pending if s <= last]:
            del self.pending[seq]
        while (event := self.pending.pop(last + 1, None)) is not None:
            self._dispatch(event)
            last = event.seq
        if self.pending:
            self.fill()

    async def _fill(self) -> None:
        try:
            while self.clients:
                self.again = False
                try:
                    await self._read_missing()
                except Exception:
                    log.exception("filling campaign %s from the database failed", self.campaign_id)
                    await asyncio.sleep(RETRY_SECONDS)
                    self.again = True
                if not self.again:
                    break
        finally:
            self.busy = False
        self._drain()

    async def _read_missing(self) -> None:
        if self.last is None:
            last = await reader.last_seq(self.hub.database, self.campaign_id)
            # Events parked while reading arrived after the first socket registered: they
            # are live for it even when committed before the read, so none is dropped.
            self.last = min(last, min(self.pending) - 1) if self.pending else last
            self.ready.set()
            return
        while True:
            events = await reader.after(self.hub.database, self.campaign_id, self.last)
            for event in events:
                if event.seq > self.last:
                    self._dispatch(event)
            if len(events) < reader.PAGE:
                return


class Hub:
    """Channels by campaign, the presence registry, and the sockets' lifecycle."""

    def __init__(
        self,
        database: Database,
        queue_size: int = QUEUE_SIZE,
        bus: PresenceBus | None = None,
        heartbeat: float = HEARTBEAT_SECONDS,
        max_per_user: int = MAX_SOCKETS_PER_USER,
    ) -> None:
        self.database = database
        self.queue_size = queue_size
        self.max_per_user = max_per_user
        self.by_user: dict[str, set[Client]] = {}
        self.channels: dict[str, Channel] = {}
        self.presence = Presence(self._presence_changed, bus, heartbeat)
        self.closing = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._clients: set[Client] = set()

    # -- fed by the broker -------------------------------------------------------------

    def deliver(self, events: Sequence[EventOut]) -> None:
        """Committed events, in commit order from this instance (any order from others)."""
        channels = self.channels
        for event in events:
            channel = channels.get(event.campaign_id)
            if channel is not None:
                channel.offer(event)

    async def resync(self) -> None:
        """Fill every channel from the database: after a broker outage, events of other
        instances may have been missed without any later event revealing the gap; so
        may presence messages."""
        self.presence.resync()
        for channel in list(self.channels.values()):
            channel.fill()

    # -- sockets -----------------------------------------------------------------------

    async def serve(
        self,
        ws: WebSocket,
        campaign_id: str,
        user_id: str,
        role: str,
        after: int | None,
        *,
        credential: str | None = None,
        expires_at: float = math.inf,
    ) -> None:
        """Run one accepted, authenticated socket until it closes (or its credential
        expires: 4401)."""
        if self.closing:
            await ws.close(1001, "server shutting down")
            return
        mine = self.by_user.setdefault(user_id, set())
        if len(mine) >= self.max_per_user:
            if not mine:
                del self.by_user[user_id]
            reason = f"too many open sockets: {self.max_per_user} at most per user"
            await ws.close(TOO_MANY_SOCKETS, reason)
            return
        client = Client(
            ws, campaign_id, user_id, role, after, self.queue_size, credential, expires_at
        )
        client.task = asyncio.current_task()
        mine.add(client)
        expiry = self._expire_at(client)
        channel = self.channels.get(campaign_id)
        if channel is None:
            channel = self.channels[campaign_id] = Channel(self, campaign_id)
            channel.fill()  # learn the campaign's last seq; live events park meanwhile
        channel.clients.add(client)  # registered before any read of the database
        self._clients.add(client)
        metrics.SOCKETS_OPEN.inc()
        now = utcnow()
        for uid in self.presence.online(campaign_id):  # who was already here
            client.push((0, None, presence_text(campaign_id, uid, True, now)))
        self.presence.join(campaign_id, user_id)
        client.sender = asyncio.create_task(self._send_loop(client, channel))
        try:
            await self._receive_loop(client)
        except asyncio.CancelledError:
            if not client.aborted:
                raise
            task = asyncio.current_task()
            if task is not None:
                task.uncancel()
        finally:
            metrics.SOCKETS_OPEN.dec()
            if expiry is not None:
                expiry.cancel()
            mine.discard(client)
            if not mine and self.by_user.get(user_id) is mine:
                del self.by_user[user_id]
            channel.clients.discard(client)
            self._clients.discard(client)
            if not channel.clients and self.channels.get(campaign_id) is channel:
                del self.channels[campaign_id]
            self.presence.leave(campaign_id, user_id)
            if client.sender is not None and client.closing is None:
                client.sender.cancel()

    async def close_all(self, code: int = 1001, reason: str = "server shutting down") -> None:
        """Graceful shutdown: close every socket (clients reconnect with ``after=``)."""
        self.closing = True
        clients = list(self._clients)
        for client in clients:
            client.close_soon(code, reason)
        tasks = [c.task for c in clients if c.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=SHUTDOWN_WAIT_SECONDS)
        for task in list(self._tasks):
            task.cancel()

    def _expire_at(self, client: Client) -> asyncio.TimerHandle | None:
        """A timer that closes the socket when its credential expires."""
        if math.isinf(client.expires_at):
            return None
        delay = max(0.0, client.expires_at - time.time())
        return asyncio.get_running_loop().call_later(
            delay, client.close_soon, BAD_CREDENTIALS, "the credential expired"
        )

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _presence_changed(self, campaign_id: str, user_id: str, online: bool, at: datetime) -> None:
        channel = self.channels.get(campaign_id)
        if channel is not None:
            channel.broadcast(presence_text(campaign_id, user_id, online, at))

    async def _receive_loop(self, client: Client) -> None:
        """What a client may say: ``{"type": "ping"}``. Anything over 4 KiB closes 1009."""
        ws = client.ws
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text: str | None = message.get("text")
            size = len(text.encode()) if text is not None else len(message.get("bytes") or b"")
            if size > MAX_INCOMING_BYTES:
                client.close_soon(1009, "message too big: 4 KiB at most")
                continue
            if text is not None and _is_ping(text):
                client.push((0, None, PONG))

    async def _send_loop(self, client: Client, channel: Channel) -> None:
        try:
            if client.after is not None:
                # Only once the channel knows its starting seq: a replay that read the
                # record before that first read could miss an event the channel then counts
                # as already dispatched (committed in between, published after).
                await channel.ready.wait()
                await self._replay(client)
            queue = client.queue
            while client.closing is None:
                _, event, text = await queue.get()
                if event is not None and not client.admit(event):
                    continue
                await client.ws.send_text(text)
        except asyncio.CancelledError:
            if client.closing is None:
                raise
            task = asyncio.current_task()
            if task is not None:
                task.uncancel()
        except Exception as exc:
            if client.gone(exc):
                return
            log.exception("socket of %s at %s failed", client.user_id, client.campaign_id)
            client.closing = (1011, "server error; reconnect with after=")
        await client.finish(CLOSE_TIMEOUT_SECONDS)

    async def _replay(self, client: Client) -> None:
        cursor = client.after or 0
        while client.closing is None:
            events = await reader.after(self.database, client.campaign_id, cursor)
            for event in events:
                if client.admit(event):
                    await client.ws.send_text(encode(event.message()))
                if client.closing is not None:
                    return
            if len(events) < reader.PAGE:
                return
            cursor = events[-1].seq


def _is_ping(text: str) -> bool:
    if len(text) > 64 or "ping" not in text:
        return False
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "ping"


def start_hub(
    state: Any, queue_size: int = QUEUE_SIZE, heartbeat: float = HEARTBEAT_SECONDS
) -> Hub:
    """Build the hub on ``state`` (app.state) and plug it into the broker: committed
    events, presence messages and heartbeats, revocations, and a resync after every broker
    outage."""
    broker = state.broker
    bus = broker if isinstance(broker, PresenceBus) else None
    per_user = getattr(state.settings, "ws_max_sockets_per_user", MAX_SOCKETS_PER_USER)
    hub = Hub(state.database, queue_size, bus, heartbeat, per_user)
    hub.spawn(hub.presence.run())
    broker.subscribe(hub.deliver)
    on_reconnect = getattr(broker, "on_reconnect", None)
    if on_reconnect is not None:
        on_reconnect(hub.resync)
    state.hub = hub
    state.presence = hub.presence
    # Revocations: heard from every instance, they evict the auth cache and close the
    # sockets of the dead credential; accounts announce them through state.revocations.
    state.revocations = CredentialWatch(broker, state.auth_cache, hub)
    return hub
