"""The expiry sweep: open requests past their deadline are written ``expired``, with a
``roll_request.expired`` event, so that sockets learn of it live.

Reads do not wait for it: an open request past ``expires_at`` reads as expired at once and
cannot be answered (``app.roll_requests.records``). The sweep makes that a fact of the
record a little later (every ``VTT_ROLL_REQUEST_SWEEP_SECONDS``, 5 s by default), as one
writer job per campaign under the campaign's lock, like any write: the job reads the due
requests again under the lock, so two instances sweeping at once write each expiry once.
It acts for nobody (no seat): the server's own write, as a rotation's reveal is the
storyteller's."""

from __future__ import annotations

import asyncio
import logging

from app.campaigns.ledger import Ledger
from app.core import periodic
from app.core.database import Database
from app.core.db import utcnow
from app.core.errors import NotFound
from app.core.writer import Job, Writer
from app.roll_requests import repository as repo
from app.roll_requests.events import record_change

log = logging.getLogger("fairtable.roll_requests")
BATCH = 100  # campaigns a round


async def expire_due(database: Database, writer: Writer, batch: int = BATCH) -> int:
    """One round: every open request past its deadline, ``batch`` campaigns at a time;
    answers how many requests were written expired."""
    total = 0
    while True:
        async with database.read() as db:
            campaigns = await repo.due_campaigns(db, utcnow(), batch)
        for campaign_id in campaigns:

            async def job(job: Job, campaign_id: str = campaign_id) -> int:
                return await _expire(job, campaign_id)

            total += await writer.run(job)
        if len(campaigns) < batch:
            return total


async def _expire(job: Job, campaign_id: str) -> int:
    try:
        ledger = await Ledger.open(job, campaign_id)
    except NotFound:  # deleted meanwhile
        return 0
    now = utcnow()
    due = await repo.due(job.db, campaign_id, now)
    for request_id in due:
        asked = await repo.get(job.db, request_id)
        if asked is None:  # never: read under the same lock
            continue
        deadline = asked.row["expires_at"]
        for target in asked.targets:
            if target.status == "waiting":
                target.status, target.at = "expired", deadline
        asked.row.update(status="expired", updated_at=deadline)
        ledger.write(repo.close(asked, "expired", deadline))
        ledger.write(repo.close_waiting(request_id, "expired", deadline))
        record_change(ledger, "roll_request.expired", asked, now)
    if due:
        await ledger.close()
    return len(due)


def start_sweeper(database: Database, writer: Writer, every_seconds: float) -> asyncio.Task[None]:
    return periodic.start(
        "fairtable-roll-request-sweep",
        lambda: expire_due(database, writer),
        every_seconds,
        log,
        "roll requests written expired",
    )


stop_sweeper = periodic.stop
