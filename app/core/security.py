"""Password hashing and the short-lived cache of authenticated bearer secrets."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

SCOPES = ("read", "roll", "manage", "join")
"""What an API key may be given: ``read`` (see things), ``roll`` (roll dice), ``manage``
(change things), ``join`` (accept an invite; ``manage`` includes it)."""

_hasher = PasswordHasher()
# Verified against when the username is unknown, so a failed login costs the same time
# whether or not the account exists.
_dummy_hash = _hasher.hash("not-a-real-password")


def configure_password_hashing(time_cost: int, memory_kib: int) -> None:
    """Set Argon2's cost for new hashes. Existing hashes carry their own parameters, so
    they keep verifying after a change (tests use a low cost to stay fast)."""
    global _hasher, _dummy_hash
    if (_hasher.time_cost, _hasher.memory_cost) == (time_cost, memory_kib):
        return
    _hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib)
    _dummy_hash = _hasher.hash("not-a-real-password")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _dummy_hash, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling, and what their credential allows.

    A bot acting through a delegation (app/delegations) is the delegating player's
    principal, narrowed: ``user_id`` is the player's, ``acted_by`` the bot's own id,
    ``delegation`` the delegation's id, ``characters`` the only characters it may act for,
    and ``scopes`` what both the bot's credential and the delegation allow."""

    user_id: str
    username: str
    display_name: str
    scopes: frozenset[str]
    via_api_key: bool
    expires_at: float  # epoch seconds; the credential's own expiry
    acted_by: str | None = None
    delegation: str | None = None
    characters: frozenset[str] | None = None  # None: every character its seat allows

    def allows(self, scope: str) -> bool:
        return scope in self.scopes or (scope == "join" and "manage" in self.scopes)

    @property
    def caller_id(self) -> str:
        """The user who sent the request: the bot for a delegated principal."""
        return self.acted_by or self.user_id

    def may_act_for(self, character_id: str | None) -> bool:
        """Whether a delegation lets this principal act for ``character_id`` (None: no
        character at all, which a bot never acts for); always true without delegation."""
        if self.characters is None:
            return True
        return character_id is not None and character_id in self.characters


class AuthCache:
    """secret hash → Principal for a moment, so a hot roll path skips a query.

    Entries live at most ``ttl`` seconds (``VTT_AUTH_CACHE_SECONDS``, 1 s) and never past
    the credential's expiry. A revocation evicts at once on this instance and, through the
    broker's revocation messages, on every other (``announce_revoked``); the ``ttl`` only
    bounds how long a lost broadcast can let a dead credential work.
    """

    def __init__(self, ttl: float, max_entries: int = 10_000) -> None:
        self.ttl = ttl
        self.max_entries = max_entries
        self._entries: dict[str, tuple[float, Principal]] = {}

    def get(self, secret_hash: str) -> Principal | None:
        entry = self._entries.get(secret_hash)
        if entry is None:
            return None
        deadline, principal = entry
        if time.time() >= deadline:
            self._entries.pop(secret_hash, None)
            return None
        return principal

    def put(self, secret_hash: str, principal: Principal) -> None:
        if self.ttl <= 0:
            return
        if len(self._entries) >= self.max_entries:
            self._entries.clear()
        deadline = min(time.time() + self.ttl, principal.expires_at)
        self._entries[secret_hash] = (deadline, principal)

    def evict_user(self, user_id: str) -> None:
        for key in [k for k, (_, p) in self._entries.items() if p.user_id == user_id]:
            self._entries.pop(key, None)

    def clear(self) -> None:
        """Forget everything: after a broker outage, revocations may have been missed."""
        self._entries.clear()


class Revocations(Protocol):
    """Tells every instance that some of a user's credentials died (app/realtime)."""

    def revoked(self, user_id: str) -> None: ...


def announce_revoked(state: Any, user_id: str) -> None:
    """After a committed revocation: evict here at once, then tell the other instances
    (their caches, and the sockets opened with the dead credential)."""
    cache: AuthCache = state.auth_cache
    cache.evict_user(user_id)
    revocations: Revocations | None = getattr(state, "revocations", None)
    if revocations is not None:
        revocations.revoked(user_id)
