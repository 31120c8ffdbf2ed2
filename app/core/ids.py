"""Opaque, time-ordered identifiers and secret tokens."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford base32, lower case


_PAIRS = tuple(a + b for a in _ALPHABET for b in _ALPHABET)  # 10 bits as 2 characters
_SHIFTS = tuple(range(120, -1, -10))  # 13 pairs: the 130 bits of 26 characters

_last_id = 0


def new_id() -> str:
    """A 26-character id: 48 bits of milliseconds then 80 random bits (ULID layout).

    Ids sort by creation time, which keeps B-tree inserts local and lets lists page newest
    first by id. Within one millisecond, a process's ids still increase: the next one adds
    a random step below 2**40 to the last (monotonic ULIDs), so two campaigns made in the
    same millisecond never list in the wrong order. (One random draw an id, and spelled
    ten bits at a time: the bulk generator makes tens of thousands a second.)
    """
    global _last_id
    millis = time.time_ns() // 1_000_000
    if millis > _last_id >> 80:
        value = millis << 80 | secrets.randbits(80)
    else:
        value = _last_id + 1 + secrets.randbits(40)
    _last_id = value
    return _spelled(value)


def ids_within(millis: int, count: int) -> list[str]:
    """``count`` increasing ids of one millisecond, as ``new_id`` makes them within one:
    for rolls made in worker processes, each run given a millisecond of its own by the
    process that orders them (so the runs' ids increase from one run to the next)."""
    value = millis << 80 | secrets.randbits(79)  # room for the steps: < 2**79 + count * 2**40
    steps = secrets.token_bytes(5 * count)  # one draw for the run's 40-bit steps
    out = []
    for i in range(0, 5 * count, 5):
        out.append(_spelled(value))
        value += 1 + int.from_bytes(steps[i : i + 5])
    return out


def _spelled(value: int) -> str:
    return "".join([_PAIRS[value >> shift & 1023] for shift in _SHIFTS])


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
