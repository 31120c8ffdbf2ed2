"""Who is at the table right now: members with at least one open socket, on any instance.

Presence is not a fact of the record (it has no ``seq`` and is never replayed): it is a
best-effort view. Each instance counts its own sockets per (campaign, user) and publishes
the edges (first socket opened, last socket closed) as small dicts through the broker;
every instance, this one included, applies them to one table of "which instances see this
user online". A user is online while any instance says so, so a second tab on another
instance does not flap the state.

Deltas are at-most-once (Redis pub/sub), so they are not the whole story:

- every ``heartbeat`` seconds each instance publishes a *snapshot* of its own users, which
  replaces what the others believed about it: a delta lost during a Redis outage is
  corrected by the next snapshot (and at once after a reconnect, see ``resync``);
- an instance that has not been heard of for ``EXPIRE_AFTER`` heartbeats (it crashed, or
  lost Redis) has its users taken offline everywhere else;
- a starting or reconnected instance says *hello*, and every other instance answers with
  its snapshot, so it does not wait a heartbeat to know who is at the table.

On the wire (``publish_presence_nowait``)::

    {"kind": "presence.delta", "instance": "<id>", "campaign_id": "...",
     "user_id": "...", "online": true, "at": "2026-01-01T12:00:00+00:00"}
    {"kind": "presence.snapshot", "instance": "<id>", "online": {"<cid>": ["<uid>", ...]},
     "at": "..."}
    {"kind": "presence.hello", "instance": "<id>"}
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from app.core.db import utcnow

log = logging.getLogger("fairtable.presence")

OnChange = Callable[[str, str, bool, datetime], None]
DELTA = "presence.delta"
SNAPSHOT = "presence.snapshot"
HELLO = "presence.hello"
HEARTBEAT_SECONDS = 10.0
EXPIRE_AFTER = 3  # heartbeats without a word from an instance: its users are offline

Pair = tuple[str, str]  # (campaign id, user id)


@runtime_checkable
class PresenceBus(Protocol):
    """What presence needs of a broker to aggregate across instances (both brokers of
    app/realtime provide it; without one, presence stays local to the instance)."""

    def publish_presence_nowait(self, message: dict[str, Any]) -> None: ...

    def subscribe_presence(self, deliver: Callable[[dict[str, Any]], None]) -> None: ...


class Presence:
    """``join``/``leave`` per socket; ``online(cid)`` for the members list; ``on_change``
    is called once per real change of a user's online state (to tell the table)."""

    def __init__(
        self,
        on_change: OnChange | None = None,
        bus: PresenceBus | None = None,
        heartbeat: float = HEARTBEAT_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.instance = secrets.token_hex(8)
        self.on_change = on_change
        self.heartbeat = heartbeat
        self._clock = clock
        self._bus = bus
        self._sockets: dict[Pair, int] = {}  # this instance's open sockets
        self._seen: dict[str, dict[str, set[str]]] = {}  # cid -> uid -> instances online
        self._by_instance: dict[str, set[Pair]] = {}  # instance -> what it says is online
        self._heard: dict[str, float] = {}  # instance -> when it last said anything
        if bus is not None:
            bus.subscribe_presence(self.apply)

    # -- this instance's sockets ---------------------------------------------------------

    def join(self, campaign_id: str, user_id: str) -> None:
        key = (campaign_id, user_id)
        count = self._sockets.get(key, 0) + 1
        self._sockets[key] = count
        if count == 1:
            self._publish_delta(campaign_id, user_id, True)

    def leave(self, campaign_id: str, user_id: str) -> None:
        key = (campaign_id, user_id)
        count = self._sockets.get(key, 0) - 1
        if count > 0:
            self._sockets[key] = count
            return
        if self._sockets.pop(key, None) is not None:
            self._publish_delta(campaign_id, user_id, False)

    def online(self, campaign_id: str) -> set[str]:
        return {uid for uid, where in self._seen.get(campaign_id, {}).items() if where}

    # -- keeping the view true -----------------------------------------------------------

    async def run(self) -> None:
        """Until cancelled: say hello, then a snapshot and an expiry sweep per heartbeat."""
        self.hello()
        while True:
            self.publish_snapshot()
            self.expire()
            await asyncio.sleep(self.heartbeat)

    def resync(self) -> None:
        """After a broker outage: what was said meanwhile may be lost, both ways."""
        self.publish_snapshot()
        self.hello()

    def hello(self) -> None:
        self._send({"kind": HELLO, "instance": self.instance})

    def publish_snapshot(self) -> None:
        online: dict[str, list[str]] = {}
        for cid, uid in self._sockets:
            online.setdefault(cid, []).append(uid)
        message = {"kind": SNAPSHOT, "instance": self.instance, "online": online}
        self._send({**message, "at": utcnow().isoformat()})

    def expire(self) -> None:
        """Take offline the users of every instance silent for too long."""
        deadline = self._clock() - EXPIRE_AFTER * self.heartbeat
        for instance, heard in list(self._heard.items()):
            if instance != self.instance and heard < deadline:
                log.info("presence: instance %s went silent; its users are offline", instance)
                del self._heard[instance]
                self._replace(instance, set(), utcnow())

    # -- messages from every instance (this one included) --------------------------------

    def apply(self, message: dict[str, Any]) -> None:
        """Brokers echo to their own subscribers, so this instance's messages come through
        here too. Anything malformed is logged and ignored, never raised on."""
        try:
            kind, instance = message.get("kind"), str(message["instance"])
            if kind == DELTA:
                pair = (str(message["campaign_id"]), str(message["user_id"]))
                online, at = bool(message["online"]), _time(message)
            elif kind == SNAPSHOT:
                pairs = _pairs(message["online"])
                at = _time(message)
            elif kind != HELLO:
                return
        except (KeyError, TypeError, ValueError, AttributeError):
            log.warning("ignored a malformed presence message: %r", message)
            return
        self._heard[instance] = self._clock()
        if kind == DELTA:
            self._set(pair, instance, online, at)
        elif kind == SNAPSHOT:
            self._replace(instance, pairs, at)
        elif instance != self.instance:
            self.publish_snapshot()  # a hello from another instance: tell it our state

    def _replace(self, instance: str, pairs: set[Pair], at: datetime) -> None:
        before = self._by_instance.get(instance, set())
        for pair in pairs - before:
            self._set(pair, instance, True, at)
        for pair in before - pairs:
            self._set(pair, instance, False, at)

    def _set(self, pair: Pair, instance: str, online: bool, at: datetime) -> None:
        cid, uid = pair
        users = self._seen.setdefault(cid, {})
        where = users.setdefault(uid, set())
        before = bool(where)
        said = self._by_instance.setdefault(instance, set())
        if online:
            where.add(instance)
            said.add(pair)
        else:
            where.discard(instance)
            said.discard(pair)
            if not said:
                del self._by_instance[instance]
        if not where:
            del users[uid]
            if not users:
                del self._seen[cid]
        if before != bool(where) and self.on_change is not None:
            self.on_change(cid, uid, bool(where), at)

    def _publish_delta(self, campaign_id: str, user_id: str, online: bool) -> None:
        message = {
            "kind": DELTA,
            "instance": self.instance,
            "campaign_id": campaign_id,
            "user_id": user_id,
            "online": online,
            "at": utcnow().isoformat(),
        }
        self._send(message)

    def _send(self, message: dict[str, Any]) -> None:
        if self._bus is None:
            self.apply(message)
        else:
            self._bus.publish_presence_nowait(message)


def _time(message: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(str(message["at"]))


def _pairs(online: Any) -> set[Pair]:
    if not isinstance(online, dict):
        raise TypeError("online must map campaigns to users")
    return {(str(cid), str(uid)) for cid, uids in online.items() for uid in uids}
