"""Opaque, time-ordered identifiers and secret tokens."""

from __future__ import annotations

import hashlib
import secrets
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford base32, lower case


def new_id() -> str:
    """A 26-character id: 48 bits of milliseconds then 80 random bits (ULID layout).

    Ids sort roughly by creation time, which keeps B-tree inserts local.
    """
    value = (time.time_ns() // 1_000_000) << 80 | secrets.randbits(80)
    chars = []
    for _ in range(26):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(chars))


def new_secret(prefix: str) -> str:
    """A bearer secret: a readable prefix and 256 random bits."""
    return f"{prefix}_{secrets.token_urlsafe(32)}"


def hash_secret(secret: str) -> str:
    """Secrets are stored only as SHA-256: they carry 256 bits, so no slow hash is needed."""
    return hashlib.sha256(secret.encode()).hexdigest()
