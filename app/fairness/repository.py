"""Queries of committed seeds. The current seed is secret: only the ledger reads it, to
roll dice; nothing that answers a request returns it before it is revealed."""

from __future__ import annotations

import hashlib
import secrets
from collections import OrderedDict

from app.core.db import utcnow
from app.core.rawsql import Raw

_SEED_OF = "SELECT server_seed, commitment FROM campaign_seeds WHERE campaign_id = ? AND number = ?"
_INSERT = (
    "INSERT INTO campaign_seeds (campaign_id, number, server_seed, commitment, client_seed,"
    " first_nonce, end_nonce, created_at, revealed_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, NULL)"
)

# (campaign, seed number) -> (seed, commitment). A seed never changes once created, and a
# rotation moves to a new number, so entries never go stale; the size is bounded.
_CACHE: OrderedDict[tuple[str, int], tuple[bytes, str]] = OrderedDict()
_CACHE_SIZE = 10_000


def commitment_of(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


async def current_secret(db: Raw, campaign_id: str, number: int) -> tuple[bytes, str]:
    key = (campaign_id, number)
    found = _CACHE.get(key)
    if found is not None:
        return found
    row = await db.fetchone(_SEED_OF, campaign_id, number)
    if row is None:
        raise LookupError(f"campaign {campaign_id} has no seed {number}")
    found = (bytes(row[0]), str(row[1]))
    _CACHE[key] = found
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


async def create_seed(
    db: Raw, campaign_id: str, number: int, client_seed: str, first_nonce: int
) -> str:
    """A fresh 32-byte seed from the OS CSPRNG; answers its commitment."""
    seed = secrets.token_bytes(32)
    commitment = commitment_of(seed)
    await db.execute(
        _INSERT, campaign_id, number, seed, commitment, client_seed, first_nonce,
        db.time_in(utcnow()),
    )  # fmt: skip
    return commitment
