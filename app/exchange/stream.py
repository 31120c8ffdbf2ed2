"""A campaign as a stream of line-format records (docs/export.md, "The line format"), read
page by page (keyset by seq) inside one snapshot: memory holds one page, never the
campaign, and the event loop is given back between pages.

Order: the header (campaign, fairness state), members, characters, then the events in seq
order, each roll right after its latest link (the roll event whose hash is the roll's),
each roll request right after its own and each chat message right after its latest event
(its ``message.created``, or its ``message.deleted``), then the 3d6 table flows, then the
grants (a page at a time too), then the trailer (chain head and counts). The view is a
storyteller's (``viewer_id``) or, for ``None``, the operator's: everything. A whisper the
storyteller may not read (sent while ``storyteller_reads_whispers`` was off, between
others) is left out, its events and its message alike."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import NotFound
from app.core.i18n import msg
from app.events.repository import roll_body
from app.exchange import repository as repo
from app.fairness import service as fairness_service
from app.rolls.visibility import can_read
from app.rules.compact import COMPACT_SINCE
from app.rules.verify_requests import is_link_type
from app.table.repository import Table as FlowTable

PAGE = 200  # events a page: a few ms of SQLite reads on the loop at most
_FLOWS: tuple[tuple[str, FlowTable], ...] = (
    ("contest", "contests"),
    ("group_roll", "group_rolls"),
    ("task", "tasks"),
)


async def campaign_records(
    db: Db,
    campaign_id: str,
    viewer_id: str | None,
    header: dict[str, Any],
    page: int = PAGE,
) -> AsyncIterator[list[dict[str, Any]]]:
    """Pages of records, to encode with ``lines.encode`` (a roll's JSON is carried as
    its stored text, an ``orjson.Fragment``); ``header`` gives the header's format,
    version (and, for a backup, the fairness state with its current secret)."""
    campaign = await repo.campaign(db, campaign_id)
    if campaign is None:
        raise NotFound(msg("no campaign {campaign_id}", campaign_id=campaign_id))
    state = await fairness_service.fairness(db, campaign_id)  # the snapshot's: as the trailer
    fairness = header.get("fairness") or state
    head = {"t": "header", **header, "exported_at": rfc3339(utcnow()),
            "campaign": campaign, "fairness": fairness}  # fmt: skip
    members = [{"t": "member", **m} for m in await repo.members(db, campaign_id)]
    characters = [{"t": "character", **c} for c in await repo.characters(db, campaign_id)]
    yield [head, *members, *characters]
    counts = {"members": len(members), "characters": len(characters), "events": 0, "rolls": 0,
              "roll_requests": 0, "messages": 0}  # fmt: skip

    compact = header["version"] >= COMPACT_SINCE[header["format"]]

    def visible(visibility: str, user_id: str | None, audience: list[str] | None = None) -> bool:
        return viewer_id is None or can_read(visibility, user_id or "", audience, viewer_id, True)

    # Pages by seq range, not "the next N": a plan that found every later event and only
    # then kept N (PostgreSQL's, before its first ANALYZE of a big import) made each page
    # cost the rest of the log. A range gap (a left-out whisper) gives a shorter page.
    after = 0
    while after < state["last_seq"]:
        await asyncio.sleep(0)  # other requests run between pages
        found = await repo.export_page(db, campaign_id, after, after + page)
        after += page
        if not found:
            continue
        # A link whose roll the join did not bring (an earlier state, a roll request, an
        # event imported whole) is looked up by id.
        ids = sorted({e["data"]["id"] for e, roll in found
                      if roll is None and _is_link(e) and "id" in e["data"]})  # fmt: skip
        rolls = await repo.rolls_by_id(db, ids)
        requests = await repo.requests_by_id(db, [i for i in ids if i not in rolls])
        said = sorted({e["data"]["id"] for e, _ in found if e["type"] in _MESSAGE_EVENTS})
        messages = await repo.messages_by_id(db, said)
        out: list[dict[str, Any]] = []
        for event, joined in found:
            if joined is not None:  # the roll's latest state
                counts["rolls"] += _latest(out, event, joined, visible, compact)
                continue
            link = _is_link(event)
            roll = rolls.get(event["data"].get("id")) if link else None
            if visible(event["visibility"], event["user_id"], event.get("audience")):
                out.append({"t": "event", **event})
            elif link:  # its place in the chain travels, not its content
                out.append({"t": "event", **event,
                            "data": {"id": event["data"]["id"], "redacted": True}})  # fmt: skip
                continue
            else:
                continue
            shown = roll is not None and visible(roll["visibility"], roll["user_id"])
            if roll is not None and shown and roll["hash"] == event["hash"]:
                out.append({"t": "roll", **roll})
                counts["rolls"] += 1
            request = requests.get(event["data"].get("id")) if link else None
            if request is not None and request["hash"] == event["hash"]:
                out.append({"t": "roll_request", **request})
                counts["roll_requests"] += 1
            message = messages.get(event["data"].get("id"))
            if message is not None and _is_latest(event, message):
                out.append({"t": "message", **message})
                counts["messages"] += 1
        counts["events"] += sum(1 for r in out if r["t"] == "event")
        yield out
    tail: list[dict[str, Any]] = []
    for kind, table in _FLOWS:
        flows = await repo.flows(db, table, campaign_id)
        counts[table] = len(flows)
        tail.extend({"t": kind, **flow} for flow in flows)
    yield tail
    # Grants are public (every member reads them, their events are public): all travel.
    counts["grants"], last = 0, ""
    while grants := await repo.grants_page(db, campaign_id, last, page):
        await asyncio.sleep(0)
        counts["grants"] += len(grants)
        last = grants[-1]["id"]
        yield [{"t": "grant", **grant} for grant in grants]
    yield [{"t": "trailer", "chain_head": state["chain_head"],
            "last_seq": state["last_seq"], "counts": counts}]  # fmt: skip


_MESSAGE_EVENTS = ("message.created", "message.deleted")
_COMPACT = ("seq", "type", "at", "visibility", "user_id")  # a compact event's fields


def _latest(
    out: list[dict[str, Any]],
    event: dict[str, Any],
    roll: dict[str, Any],
    visible: Callable[[str, str | None], bool],
    compact: bool,
) -> int:
    """A roll's latest link, and the roll after it when the viewer reads it (how many
    rolls: 0 or 1). The link travels compact before its roll (app/rules/compact.py) when
    the version written has compact events, as a redacted stub when the viewer may not
    read it."""
    if not visible(event["visibility"], event["user_id"]):
        out.append({"t": "event", **event, "data": {"id": roll["id"], "redacted": True}})
        return 0
    shown = visible(roll["visibility"], roll["user_id"])
    if compact and shown:
        out.append({"t": "event", **{name: event[name] for name in _COMPACT}})
    else:
        out.append({"t": "event", **event, "data": roll_body(roll)})
    if shown:
        out.append({"t": "roll", **roll})
    return int(shown)


def _is_latest(event: dict[str, Any], message: dict[str, Any]) -> bool:
    """Whether ``event`` is the message's latest: its creation while it stands, else its
    deletion."""
    if event["type"] not in _MESSAGE_EVENTS:
        return False
    if event["type"] == "message.deleted":
        return True
    return message["deleted_at"] is None and message["seq"] == event["seq"]


def _is_link(event: dict[str, Any]) -> bool:
    """A link of the chain: a roll's event, or a roll request's, with its hash."""
    return is_link_type(event["type"]) and event["hash"] is not None
