"""Webhook use cases: a storyteller creates, lists, changes and deletes a campaign's
targets, and reads each one's delivery log. Delivering is app/webhooks/delivery.py.

Every change is a ``campaign_job`` act by a storyteller with the ``manage`` scope, so it is
checked under the campaign's lock like any write; a new target starts after the campaign's
last seq at that moment (it receives what happens from then on). A URL is checked (syntax,
and its addresses unless private ones are allowed) before the job: a job awaits nothing
but its database. A target with ``include_hidden`` carries what its storyteller may read,
so it is theirs alone: the other storytellers neither list nor touch it (404).
"""

from __future__ import annotations

from typing import Any

from app.campaigns.jobs import CampaignJob, campaign_job
from app.campaigns.seats import STORYTELLER, Seat, take_seat
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict, NotFound, Unprocessable
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.pagination import encode_cursor
from app.core.security import Principal
from app.core.writer import Writer
from app.webhooks import addresses, signing
from app.webhooks import repository as repo
from app.webhooks.schemas import WebhookCreate, WebhookUpdate

WHAT = "webhook"


def to_read(row: dict[str, Any]) -> dict[str, Any]:
    nxt = row["next_attempt_at"]
    return {
        "id": row["id"],
        "campaign_id": row["campaign_id"],
        "created_by": row["user_id"],
        "url": row["url"],
        "format": row["format"],
        "events": row["events"],
        "include_hidden": bool(row["include_hidden"]),
        "enabled": bool(row["enabled"]),
        "disabled_reason": row["disabled_reason"],
        "delivered_seq": row["delivered_seq"],
        "failures": row["failures"],
        "next_attempt_at": None if nxt is None else rfc3339(nxt),
        "created_at": rfc3339(row["created_at"]),
        "updated_at": rfc3339(row["updated_at"]),
    }


def delivery_read(row: dict[str, Any]) -> dict[str, Any]:
    keys = ("id", "seq", "type", "attempt", "outcome", "status_code", "error", "duration_ms")
    return {**{k: row[k] for k in keys}, "at": rfc3339(row["at"])}


def _manages(seat: Seat, row: dict[str, Any] | None) -> dict[str, Any]:
    """The target, if the seat's storyteller may manage it (404 otherwise)."""
    if row is None or row["campaign_id"] != seat.campaign.id:
        raise NotFound(msg("no such webhook"))
    if row["include_hidden"] and row["user_id"] != seat.user_id:
        raise NotFound(msg("no such webhook"))
    return row


def _located(webhook_id: str) -> Any:
    async def where(db: Db) -> str | None:
        row = await repo.read(db, webhook_id)
        return None if row is None else str(row["campaign_id"])

    return where


async def create(
    writer: Writer, principal: Principal, cid: str, body: WebhookCreate, allow_private: bool
) -> tuple[int, bytes]:
    url = await addresses.check(body.url, allow_private)

    async def act(cj: CampaignJob, _: None) -> tuple[int, dict[str, Any]]:
        seat, ledger = cj.seat, cj.ledger
        if await repo.count(cj.db, seat.campaign.id) >= repo.MAX_PER_CAMPAIGN:
            raise Conflict(
                msg("a campaign has at most {count} webhooks", count=repo.MAX_PER_CAMPAIGN)
            )
        now = utcnow()
        row: dict[str, Any] = {
            "id": new_id(),
            "campaign_id": seat.campaign.id,
            "user_id": seat.user_id,
            "url": url,
            "format": body.format,
            "events": body.events,
            "include_hidden": body.include_hidden,
            "enabled": True,
            "disabled_reason": None,
            "secret": signing.new_secret(),
            "delivered_seq": ledger.last_seq,  # what happens from now on
            "failures": 0,
            "failing_since": None,
            "next_attempt_at": None,
            "lease_owner": None,
            "lease_until": None,
            "created_at": now,
            "updated_at": now,
        }
        ledger.add(repo.WEBHOOKS, row)
        return 201, {**to_read(row), "secret": row["secret"]}

    return await campaign_job(
        writer, principal, cid, act, scope="manage", roles=STORYTELLER, what="campaign"
    )


async def list_for(db: Db, seat: Seat) -> dict[str, Any]:
    rows = await repo.of_campaign(db, seat.campaign.id)
    visible = [r for r in rows if not r["include_hidden"] or r["user_id"] == seat.user_id]
    return {"items": [to_read(r) for r in visible]}


async def update(
    writer: Writer,
    principal: Principal,
    webhook_id: str,
    body: WebhookUpdate,
    allow_private: bool,
) -> tuple[int, bytes]:
    given = body.model_fields_set
    if body.url is not None:
        await addresses.check(body.url, allow_private)
    for name in ("url", "format", "enabled"):
        if name in given and getattr(body, name) is None:
            raise Unprocessable(msg("{name}: may not be null", name=name))

    async def act(cj: CampaignJob, _: None) -> tuple[int, dict[str, Any]]:
        row = _manages(cj.seat, await repo.read(cj.db, webhook_id))
        changes: dict[str, Any] = {name: getattr(body, name) for name in given}
        if changes.get("enabled") and not row["enabled"]:  # resumes where it stopped
            changes.update(disabled_reason=None, failures=0, failing_since=None,
                           next_attempt_at=None)  # fmt: skip
        elif changes.get("enabled") is False:
            changes.update(disabled_reason=None)
        changes["updated_at"] = utcnow()
        cj.ledger.write(repo.update(webhook_id, changes))
        return 200, to_read({**row, **changes})

    return await campaign_job(
        writer, principal, _located(webhook_id), act, scope="manage", roles=STORYTELLER, what=WHAT
    )


async def delete(writer: Writer, principal: Principal, webhook_id: str) -> None:
    async def act(cj: CampaignJob, _: None) -> tuple[int, None]:
        _manages(cj.seat, await repo.read(cj.db, webhook_id))
        cj.ledger.write(repo.delete(webhook_id))
        return 204, None

    await campaign_job(
        writer, principal, _located(webhook_id), act, scope="manage", roles=STORYTELLER, what=WHAT
    )


async def deliveries(
    db: Db, principal: Principal, webhook_id: str, limit: int, before_id: str | None
) -> dict[str, Any]:
    """A page of the target's delivery attempts, newest first."""
    row = await repo.read(db, webhook_id)
    if row is None:
        raise NotFound(msg("no such webhook"))
    try:
        seat = await take_seat(db, principal, row["campaign_id"], "manage", STORYTELLER)
    except NotFound:
        raise NotFound(msg("no such webhook")) from None
    _manages(seat, row)
    rows = await repo.deliveries(db, webhook_id, limit + 1, before_id)
    items = [delivery_read(r) for r in rows[:limit]]
    next_cursor = encode_cursor(rows[limit - 1]["id"]) if len(rows) > limit else None
    return {"items": items, "next_cursor": next_cursor}
