"""Queries of committed seeds. The current seed is secret: the ledger reads it to roll
dice and salt links, the audit to compute the salts a viewer may have, the operator's
backup to save it; nothing that answers a request returns it before it is revealed."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from app.core.database import Db
from app.core.db import utcnow
from app.core.tables import TableSql, insert
from app.events import repository as events_repo
from app.fairness.models import CampaignSeed

SEEDS = TableSql(CampaignSeed)

_SEED_OF = (
    "SELECT server_seed, commitment, links_from FROM campaign_seeds"
    " WHERE campaign_id = ? AND number = ?"
)


def commitment_of(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


async def current_seed(db: Db, campaign_id: str, number: int) -> tuple[bytes, str, int | None]:
    """(server seed, commitment, links_from) of seed ``number``. The ledger reads these with
    the campaign's counters; this is its fallback when that read raced a rotation."""
    row = await db.fetchone(_SEED_OF, campaign_id, number)
    if row is None:
        raise LookupError(f"campaign {campaign_id} has no seed {number}")
    return bytes(row[0]), str(row[1]), None if row[2] is None else int(row[2])


async def create_seed(
    db: Db, campaign_id: str, number: int, client_seed: str, first_nonce: int, links_from: int = 1
) -> str:
    """A fresh 32-byte seed from the OS CSPRNG, salting the chain links from seq
    ``links_from`` on; answers its commitment."""
    seed = secrets.token_bytes(32)
    commitment = commitment_of(seed)
    row = {"campaign_id": campaign_id, "number": number, "server_seed": seed,
           "commitment": commitment, "client_seed": client_seed, "first_nonce": first_nonce,
           "end_nonce": None, "created_at": utcnow(), "revealed_at": None,
           "links_from": links_from}  # fmt: skip
    await insert(db, SEEDS, row)
    return commitment


# --- what a table may read: the public side of seeds, and the chain ------------------------

_STATE = (
    "SELECT seed_number, client_seed, next_nonce, last_seq, last_hash FROM campaigns WHERE id = ?"
)
# Never the server seed of a seed that is not revealed: the CASE keeps it in the database.
_SEEDS = (
    "SELECT number, commitment, CASE WHEN revealed_at IS NULL THEN NULL ELSE server_seed END,"
    " client_seed, first_nonce, end_nonce, revealed_at, links_from FROM campaign_seeds"
    " WHERE campaign_id = ? ORDER BY number"
)
# Server side only: the keys of the link salts (the audit hands out salts, never seeds).
_SALT_KEYS = (
    "SELECT number, links_from, server_seed, revealed_at IS NOT NULL FROM campaign_seeds"
    " WHERE campaign_id = ? AND links_from IS NOT NULL ORDER BY number"
)
_REVEAL = (
    "UPDATE campaign_seeds SET end_nonce = ?, revealed_at = ?"
    " WHERE campaign_id = ? AND number = ? AND revealed_at IS NULL"
)
_SET_CURRENT = "UPDATE campaigns SET seed_number = ?, client_seed = ? WHERE id = ?"
_LINK_FIELDS = ("seq", "data", "prev_hash", "hash")
_LINKS = events_repo.select(
    _LINK_FIELDS,
    "e.campaign_id = ? AND e.seq > ? AND e.seq <= ?"
    " AND (e.hash IS NOT NULL OR e.roll_seq IS NOT NULL)"
    " AND (e.type LIKE 'roll.%' OR e.type LIKE 'roll_request.%') ORDER BY e.seq LIMIT ?",
)


async def state(db: Db, campaign_id: str) -> tuple[int, str, int, int, str] | None:
    """(seed number, client seed, next nonce, last seq, chain head) of a campaign."""
    row = await db.fetchone(_STATE, campaign_id)
    if row is None:
        return None
    number, client_seed, next_nonce, last_seq, last_hash = row
    return int(number), str(client_seed), int(next_nonce), int(last_seq), str(last_hash)


async def seeds(db: Db, campaign_id: str) -> list[dict[str, Any]]:
    """Every seed of a campaign, oldest first; ``server_seed`` (hex) only once revealed."""
    rows = await db.fetchall(_SEEDS, campaign_id)
    return [
        {
            "number": int(number),
            "commitment": str(commitment),
            "server_seed": None if secret is None else bytes(secret).hex(),
            "client_seed": str(client_seed),
            "first_nonce": int(first_nonce),
            "end_nonce": None if end_nonce is None else int(end_nonce),
            "revealed_at": revealed_at,
            "links_from": None if links_from is None else int(links_from),
        }
        for (
            number, commitment, secret, client_seed, first_nonce, end_nonce, revealed_at,
            links_from,
        ) in rows
    ]  # fmt: skip


async def salt_keys(db: Db, campaign_id: str) -> list[tuple[int, int, bytes, bool]]:
    """(seed number, links_from, server seed, revealed) of every seed that salts links,
    oldest first. Secret: for computing the salts a viewer may have, never for an answer."""
    rows = await db.fetchall(_SALT_KEYS, campaign_id)
    return [(int(n), int(start), bytes(secret), bool(shown)) for n, start, secret, shown in rows]


async def reveal(db: Db, campaign_id: str, number: int, end_nonce: int) -> bool:
    """Publish seed ``number``: it served the nonces before ``end_nonce`` and no more."""
    row = await db.fetchone(_REVEAL + " RETURNING number", end_nonce, utcnow(), campaign_id, number)
    return row is not None


async def set_current(db: Db, campaign_id: str, number: int, client_seed: str) -> None:
    await db.execute(_SET_CURRENT, number, client_seed, campaign_id)


async def links(
    db: Db, campaign_id: str, after: int, up_to: int, limit: int
) -> list[tuple[int, dict[str, Any], str, str]]:
    """Links of the chain in seq order, of rolls and of roll requests (app/roll_requests):
    (seq, event data, prev_hash, hash)."""
    found = await db.fetchall(_LINKS, campaign_id, after, up_to, limit)
    rows = events_repo.with_data(found, _LINK_FIELDS)
    return [(int(seq), data, str(prev), str(h)) for seq, data, prev, h in rows]
