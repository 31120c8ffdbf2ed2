"""Password hashing and the short-lived cache of authenticated bearer secrets."""

from __future__ import annotations

import time
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

SCOPES = ("read", "roll", "manage")

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
    """Who is calling, and what their credential allows."""

    user_id: str
    username: str
    display_name: str
    scopes: frozenset[str]
    via_api_key: bool
    expires_at: float  # epoch seconds; the credential's own expiry

    def allows(self, scope: str) -> bool:
        return scope in self.scopes


class AuthCache:
    """secret hash → Principal for a few seconds, so a hot roll path skips a query.

    Entries live at most ``ttl`` seconds (and never past the credential's expiry); a
    revocation on this instance evicts at once, on another instance within ``ttl``.
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
