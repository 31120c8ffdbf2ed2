"""An operator's full backup and restore of one campaign, for the ``fairtable`` command
(database access, no API): every roll and event unredacted, every seat, and the current
secret seed, in the line format (``fairtable-backup`` version 6, docs/export.md §3). The
file is as secret as the database: whoever holds it can read every private roll and
predict every die until the next rotation.

Both stream: the backup is written page by page from one snapshot, the restore checks the
file as it reads it (``app.exchange.importing``: every link, salt and die, the current
seed's draws too, since the backup holds its secret) and then writes it in one
transaction, so memory stays flat whatever the campaign's length."""

from __future__ import annotations

from collections.abc import AsyncIterable, Callable
from typing import IO, Any

from app.core.database import Database
from app.core.db import utcnow
from app.core.errors import NotFound
from app.core.i18n import msg
from app.core.tables import RowsFor
from app.exchange import lines
from app.exchange import repository as repo
from app.exchange.importing import check, discard
from app.exchange.service import duplicate
from app.exchange.stream import campaign_records
from app.exchange.writing import LinePlacement, write_lines
from app.fairness import repository as seeds_repo
from app.fairness import service as fairness_service
from app.stats import retention

Progress = Callable[[int], None]  # told how many rolls were just written or read


async def backup(
    database: Database, campaign_id: str, out: IO[bytes], progress: Progress | None = None
) -> dict[str, int]:
    """Write the whole campaign, current secret seed included, to ``out``; its counts."""
    async with database.stream_snapshot() as db:
        if await repo.campaign(db, campaign_id) is None:
            raise NotFound(msg("no campaign {campaign_id}", campaign_id=campaign_id))
        fairness = await fairness_service.fairness(db, campaign_id)
        secret, _, _ = await seeds_repo.current_seed(db, campaign_id, fairness["seed_number"])
        for seed in fairness["seeds"]:
            if seed["number"] == fairness["seed_number"]:
                seed["server_seed"] = secret.hex()
        header = {"format": lines.BACKUP_FORMAT, "version": lines.BACKUP_VERSION,
                  "fairness": fairness}  # fmt: skip
        counts: dict[str, int] = {}
        async for page in campaign_records(db, campaign_id, None, header):
            out.write(lines.encode(page))
            if page and page[-1]["t"] == "trailer":
                counts = page[-1]["counts"]
            if progress is not None:
                progress(sum(1 for record in page if record["t"] == "roll"))
    return counts


async def restore(
    database: Database, chunks: AsyncIterable[bytes], max_line: int
) -> dict[str, Any]:
    """Recreate the campaign of a backup, seats and current seed included; all or nothing.
    Every member must already be a user here (same id and username). The luck tallies'
    minute rows past their retention are left out, their purge's floor raised first (in a
    transaction of its own: app/stats/retention.py)."""
    async with database.transaction() as db:
        minutes_from = await retention.raise_floor_in(db)
    rows_for = RowsFor(database.times_as_text, minutes_from)
    checked = await check(chunks, max_line, backup=True, rows_for=rows_for)
    now = utcnow()
    try:
        seeds = [
            {**seed.model_dump(), "server_seed": bytes.fromhex(seed.server_seed or ""),
             "created_at": seed.revealed_at or now}
            for seed in checked.fairness.seeds
        ]  # fmt: skip
        async with database.transaction() as db:
            try:
                await write_lines(db, checked, LinePlacement(None, seeds))
            except Exception as exc:
                conflict = duplicate(db, exc)
                if conflict is not None:
                    raise conflict from exc
                raise
    finally:
        await discard(checked.spool)
    counts = checked.counts
    return {"id": checked.campaign.id, "rolls": counts.get("roll", 0),
            "members": counts.get("member", 0)}  # fmt: skip
