"""What the write jobs of one campaign pass on to each other in this process.

Each job that closes its ledger leaves the next one what it knows for sure after its
batch: the campaign's counters and current seed (its own write-back made them), and the
rows its batch checked (``Ledger.checked``: the caller's seat, the character a roll names).
The next job then reads none of them: under load a roll is its batch alone. Memos are kept
for the most recently written campaigns (``app.core.keyed.Memos``), between rolls too.

Nothing here is trusted blindly:

- PostgreSQL (several instances may write): the batch's guards check the campaign row's
  version, the seat (``repository.seat_guard``) and the character's version; when one has
  moved (another instance wrote, a member left) the batch is refused and the job runs
  again, pessimistically, from fresh reads, and the memo is forgotten.
- SQLite (one writer connection in this process): the memo is exact, since whatever could
  change a remembered row behind the writer clears it (``SqliteDb``: another connection's
  commit, a write outside a ledger's batch, a rollback).
- Either way, a refusal (404, 403) drawn from a remembered row is checked against a fresh
  read before it is answered: a row another instance changed never refuses by itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.core.database import Db

LedgerState = tuple[Sequence[Any], tuple[bytes, str, int | None]]
"""The ledger's counters (last_seq, next_nonce, seed_number, client_seed, last_hash) and
the current seed (secret, commitment, links_from)."""


def ledger_state(db: Db, campaign_id: str) -> tuple[LedgerState, str | None] | None:
    """(the state, the row version it is valid at: None where the memo is exact), if a
    previous job left them."""
    memo = db.memo(campaign_id)
    if not memo or "ledger" not in memo:
        return None
    state: LedgerState = memo["ledger"]
    version: str | None = memo["version"]
    return state, version


def checked(db: Db, campaign_id: str, kind: str, key: str) -> Any:
    """A row a previous job read and its batch checked (``Ledger.checked``), or None."""
    memo = db.memo(campaign_id)
    if not memo:
        return None
    return memo.get("checked", {}).get((kind, key))


def after_close(
    memo: dict[str, Any],
    version: str | None,
    state: LedgerState,
    checked: Mapping[tuple[str, str], Any] | None,
) -> None:
    """A ledger closed at ``version``: its state is the next job's, with the rows its batch
    checked. ``checked`` is None when the batch changed rows (an UPDATE or a DELETE: a role
    change, a sheet's new version): what earlier jobs left is then forgotten too. ``memo``
    is the one the ledger took when it opened: if the campaign's memo was dropped meanwhile
    (a write outside the batch), this one is no longer anybody's and its update is lost."""
    memo["ledger"] = state
    memo["version"] = version
    kept: dict[tuple[str, str], Any] = memo.setdefault("checked", {})
    if checked is None:
        kept.clear()
    else:
        kept.update(checked)
