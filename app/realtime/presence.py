"""Who is at the table right now: members with at least one open socket, on any instance.

Presence is not a fact of the record (it has no ``seq`` and is never replayed): it is a
best-effort view. Each instance counts its own sockets per (campaign, user) and publishes
only the edges (first socket opened, last socket closed) as small dicts through the
broker; every instance, this one included, applies those deltas to one table of
"which instances see this user online". A user is online while any instance says so, so a
second tab on another instance does not flap the state.

A delta on the wire (``publish_presence_nowait``)::

    {"kind": "presence.delta", "instance": "<id>", "campaign_id": "...",
     "user_id": "...", "online": true, "at": "2026-01-01T12:00:00+00:00"}

Limit: an instance that dies without closing its sockets leaves its users online on the
others until they reconnect elsewhere and leave again; the table shows the truth again
after that instance restarts (its users' sockets leave) — acceptable for a presence dot.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from app.core.db import utcnow

log = logging.getLogger("fairtable.presence")

OnChange = Callable[[str, str, bool, datetime], None]
DELTA = "presence.delta"


@runtime_checkable
class PresenceBus(Protocol):
    """What presence needs of a broker to aggregate across instances (both brokers of
    app/realtime provide it; without one, presence stays local to the instance)."""

    def publish_presence_nowait(self, message: dict[str, Any]) -> None: ...

    def subscribe_presence(self, deliver: Callable[[dict[str, Any]], None]) -> None: ...


class Presence:
    """``join``/``leave`` per socket; ``online(cid)`` for the members list; ``on_change``
    is called once per real change of a user's online state (to tell the table)."""

    def __init__(self, on_change: OnChange | None = None, bus: PresenceBus | None = None) -> None:
        self.instance = secrets.token_hex(8)
        self.on_change = on_change
        self._bus = bus
        self._sockets: dict[tuple[str, str], int] = {}  # this instance's open sockets
        self._seen: dict[str, dict[str, set[str]]] = {}  # cid -> uid -> instances online
        if bus is not None:
            bus.subscribe_presence(self.apply)

    def join(self, campaign_id: str, user_id: str) -> None:
        key = (campaign_id, user_id)
        count = self._sockets.get(key, 0) + 1
        self._sockets[key] = count
        if count == 1:
            self._publish(campaign_id, user_id, True)

    def leave(self, campaign_id: str, user_id: str) -> None:
        key = (campaign_id, user_id)
        count = self._sockets.get(key, 0) - 1
        if count > 0:
            self._sockets[key] = count
            return
        if self._sockets.pop(key, None) is not None:
            self._publish(campaign_id, user_id, False)

    def online(self, campaign_id: str) -> set[str]:
        return {uid for uid, where in self._seen.get(campaign_id, {}).items() if where}

    def apply(self, message: dict[str, Any]) -> None:
        """A delta from any instance (this one included: brokers echo to their own
        subscribers). Anything not shaped like a delta is ignored, never raised on."""
        try:
            if message.get("kind") != DELTA:
                return
            cid, uid = str(message["campaign_id"]), str(message["user_id"])
            online, instance = bool(message["online"]), str(message["instance"])
            at = datetime.fromisoformat(str(message["at"]))
        except (KeyError, TypeError, ValueError):
            log.warning("ignored a malformed presence message: %r", message)
            return
        users = self._seen.setdefault(cid, {})
        where = users.setdefault(uid, set())
        before = bool(where)
        if online:
            where.add(instance)
        else:
            where.discard(instance)
        if not where:
            del users[uid]
            if not users:
                del self._seen[cid]
        if before != bool(where) and self.on_change is not None:
            self.on_change(cid, uid, bool(where), at)

    def _publish(self, campaign_id: str, user_id: str, online: bool) -> None:
        message = {
            "kind": DELTA,
            "instance": self.instance,
            "campaign_id": campaign_id,
            "user_id": user_id,
            "online": online,
            "at": utcnow().isoformat(),
        }
        if self._bus is None:
            self.apply(message)
        else:
            self._bus.publish_presence_nowait(message)
