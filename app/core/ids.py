"""Opaque, time-ordered identifiers and secret tokens."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford base32, lower case


_last_id = 0


def new_id() -> str:
    """A 26-character id: 48 bits of milliseconds then 80 random bits (ULID layout).

    Ids sort by creation time, which keeps B-tree inserts local and lets lists page newest
    first by id. Within one millisecond, a process's ids still increase: the next one adds
    a random step below 2**40 to the last (monotonic ULIDs), so two campaigns made in the
    same millisecond never list in the wrong order.
    """
    global _last_id
    value = (time.time_ns() // 1_000_000) << 80 | secrets.randbits(80)
    if value >> 80 <= _last_id >> 80:
        value = _last_id + 1 + secrets.randbits(40)
    _last_id = value
    chars = []
    for _ in range(26):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(chars))


def new_secret(prefix: str) -> str:
    """A bearer secret: a readable prefix and 256 random bits."""
    return f"{prefix}_{secrets.token_urlsafe(32)}"


_pepper = b""


def configure_pepper(secret_key: str) -> None:
    """Stored secret hashes are keyed with ``VTT_SECRET_KEY``: a copy of the database alone
    cannot confirm a stolen token. Changing the key signs everyone out (tokens, API keys,
    invites and tickets stop matching)."""
    global _pepper
    _pepper = secret_key.encode()


def hash_secret(secret: str) -> str:
    """Secrets carry 256 random bits, so a keyed SHA-256 suffices (no slow hash needed)."""
    return hmac.new(_pepper, secret.encode(), hashlib.sha256).hexdigest()
