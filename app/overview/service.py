"""The campaign overview: what a dashboard shows first, in one read.

Each part comes from its feature's own read, filtered for the caller exactly as its own
endpoint filters it: the members with presence (``campaigns.service.list_members``), every
character with the held effects the caller may read (``characters.held.views``), the
pending rolls of the log (``rolls.service.pending``: the visibility rule in SQL, on the
partial index of pending rolls) answered by ``rolls.service.to_answer``, and the open roll
requests (``roll_requests.service.open_for``). No visibility rule is written here.

``last_seq`` is read first: whatever happens while the rest is read has a later seq, so a
client resuming its events with ``after=last_seq`` misses nothing (it may see a change it
already holds again; events carry whole states, so applying one twice is harmless).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from app.campaigns import service as campaigns
from app.campaigns.seats import Seat
from app.characters import held
from app.characters import service as characters
from app.core.database import Db
from app.roll_requests import service as roll_requests
from app.rolls import service as rolls


async def overview(db: Db, seat: Seat, online: AbstractSet[str]) -> dict[str, Any]:
    last_seq = await campaigns.last_seq(db, seat.campaign.id)
    members = await campaigns.list_members(db, seat.campaign.id, online)
    found = await characters.all_for(db, seat)
    pending = await rolls.pending(db, seat)
    return {
        "campaign": campaigns.answer(seat.campaign, seat.role).model_dump(mode="json"),
        "members": members,
        "characters": await held.views(db, seat, found),
        "pending_rolls": [rolls.to_answer(r, seat.user_id, seat.is_storyteller) for r in pending],
        "open_requests": await roll_requests.open_for(db, seat),
        "last_seq": last_seq,
    }
