"""What the optimistic write jobs of one campaign pass on to each other in this process.

On PostgreSQL, jobs of one campaign queue on a lock in this process (``Db.hold``) and
write without a transaction, their batch checking that the campaign row is still at the
version they read (app/core/database.py). While they queue, each one that closes its
ledger leaves the next one what it knows for sure at that new version: the campaign's
counters and current seed (its own write-back made them), and the seats its batch checked.
The next job then reads neither: a roll is its character's read and its batch.

Nothing here is trusted blindly: the batch's guards check the row version, and the seat's
role and the campaign's name and settings (``repository.seat_guard``); when one has moved
(another instance wrote, a member left) the batch is refused and the job runs again,
pessimistically, from fresh reads. The memo lives only while
someone holds or waits for the campaign (``Db.memo`` answers None otherwise, and on
SQLite, whose reads cost ~10 µs under a lock held anyway).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.core.database import Db, Row

LedgerState = tuple[Sequence[Any], tuple[bytes, str, int | None]]
"""The ledger's counters (last_seq, next_nonce, seed_number, client_seed, last_hash) and
the current seed (secret, commitment, links_from)."""


def ledger_state(db: Db, campaign_id: str) -> tuple[LedgerState, str] | None:
    """(the state, the row version it is valid at), if a previous job left them."""
    memo = db.memo(campaign_id)
    if not memo or "ledger" not in memo:
        return None
    state: LedgerState = memo["ledger"]
    version: str = memo["version"]
    return state, version


def seat_row(db: Db, campaign_id: str, user_id: str) -> Row | None:
    """The caller's seat row (as ``repository.seat`` reads it), if a previous job left it."""
    memo = db.memo(campaign_id)
    if not memo:
        return None
    row: Row | None = memo.get("seats", {}).get(user_id)
    return row


def after_close(
    db: Db, campaign_id: str, version: str, state: LedgerState, wrote_rows_only: bool
) -> None:
    """A ledger closed at ``version``: its state is the next job's. Seats stay only if the
    batch added rows and changed none (a role change or a leave is an UPDATE or a DELETE)."""
    memo = db.memo(campaign_id)
    if memo is None:
        return
    memo["ledger"] = state
    memo["version"] = version
    seats: dict[str, Row] = memo.setdefault("seats", {})
    if not wrote_rows_only:
        seats.clear()


def keep_seat(db: Db, campaign_id: str, user_id: str, row: Row) -> None:
    """Remember a seat that a batch just checked (``repository.seat_guard``)."""
    memo = db.memo(campaign_id)
    if memo is not None:
        memo.setdefault("seats", {})[user_id] = row
