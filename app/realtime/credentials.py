"""Dead credentials stay dead: on every instance, within a second, sockets included.

A revocation (logout, logout-all, a deleted API key) is committed first, then announced
with ``revoked(user_id)`` on the broker's revocation channel. Every instance, this one
included, then

- evicts the user's entries from its auth cache, so the next request reads the database
  and is refused (the cache's 1 s lifetime bounds a lost announcement), and
- re-reads the credential of each socket the user holds there and closes those whose
  credential is gone with 4401.

Only the user id travels, never a secret nor its hash. After a broker outage the whole
cache is dropped and every socket's credential re-read: announcements may have been lost.
Expiry needs no message: each socket has a timer (app/realtime/hub.py).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any, Protocol

from app.accounts.service import credential_expiry
from app.core.database import Database
from app.core.security import AuthCache
from app.realtime.client import Client

log = logging.getLogger("fairtable.credentials")

REVOKED = "credentials.revoked"
BAD_CREDENTIALS = 4401


class Sockets(Protocol):
    """What the watch needs of the hub (app/realtime/hub.py, which makes the watch): the
    sockets by user, the database, and tasks that the hub cancels when it closes."""

    database: Database
    by_user: dict[str, set[Client]]

    def spawn(self, coroutine: Any) -> None: ...


class CredentialWatch:
    """Announces revocations and acts on those heard from any instance."""

    def __init__(self, broker: Any, cache: AuthCache, hub: Sockets) -> None:
        self.broker = broker
        self.cache = cache
        self.hub = hub
        subscribe = getattr(broker, "subscribe_revocations", None)
        if subscribe is not None:
            subscribe(self.heard)
        on_reconnect = getattr(broker, "on_reconnect", None)
        if on_reconnect is not None:
            on_reconnect(self.resync)

    def revoked(self, user_id: str) -> None:
        """Some of ``user_id``'s credentials died (committed): tell every instance."""
        publish = getattr(self.broker, "publish_revocation_nowait", None)
        if publish is None:  # a broker without the channel: act here only
            self.heard({"kind": REVOKED, "user_id": user_id})
            return
        publish({"kind": REVOKED, "user_id": user_id})

    def heard(self, message: dict[str, Any]) -> None:
        user_id = message.get("user_id")
        if message.get("kind") != REVOKED or not isinstance(user_id, str):
            return
        self.cache.evict_user(user_id)
        clients = list(self.hub.by_user.get(user_id, ()))
        if clients:
            self.hub.spawn(self.recheck(clients))

    async def resync(self) -> None:
        """After a broker outage: forget every cached principal, re-read every socket's."""
        self.cache.clear()
        await self.recheck([c for group in self.hub.by_user.values() for c in group])

    async def recheck(self, clients: Iterable[Client]) -> None:
        """Close with 4401 the sockets whose credential no longer authenticates. Each
        distinct credential is read once, from the database, never from the cache."""
        verdicts: dict[str, float | None] = {}
        for client in clients:
            credential = client.credential
            if credential is None or client.closing is not None:
                continue
            if credential not in verdicts:
                try:
                    verdicts[credential] = await credential_expiry(self.hub.database, credential)
                except Exception:  # the database is away: the next announcement retries
                    log.exception("re-reading a socket's credential failed")
                    return
            if verdicts[credential] is None:
                client.close_soon(BAD_CREDENTIALS, "the credential was revoked")
