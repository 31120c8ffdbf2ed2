"""Table chat use cases: send, delete, read a page, read one.

Sending is a ``campaign_job`` act by any member with the ``roll`` scope (spectators
included: the chat is the table's, docs/chat.md): one ``messages`` row, its readers when it
is a whisper, and a ``message.created`` event whose data is the answer, with its campaign
seq. Who reads a whisper is decided here, at sending, and stored (``visibility`` and the
audience, app/rolls/visibility.py): flipping ``storyteller_reads_whispers`` later changes
the whispers sent after it only.

Deleting leaves a tombstone: the row keeps its place without its text, the
``message.created`` event's data is rewritten without it, a stored idempotency answer that
held it is erased (app/core/idempotency.py), and a ``message.deleted`` event says who and
when, seen by exactly those who read the message.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from app.campaigns.jobs import CampaignJob, Idempotent, campaign_job
from app.campaigns.schemas import table_setting
from app.campaigns.seats import Seat, take_seat
from app.characters import repository as characters_repo
from app.characters.repository import CharacterRow
from app.characters.service import may_edit
from app.core import idempotency
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Forbidden, NotFound, Unprocessable
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.jsontext import dumps
from app.core.pagination import encode_cursor
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.messages import repository as repo
from app.messages.schemas import MessageCreate
from app.rolls.visibility import can_read

WHAT = "message"


def to_read(row: dict[str, Any]) -> dict[str, Any]:
    """A message as its readers see it; a tombstone has no text and says who deleted it."""
    answer: dict[str, Any] = {
        "id": row["id"],
        "seq": row["seq"],
        "campaign_id": row["campaign_id"],
        "user_id": row["user_id"],
        "character_id": row["character_id"],
        "to": row["recipients"],
        "text": row["text"],
        "in_character": bool(row["in_character"]),
        "created_at": rfc3339(row["created_at"]),
    }
    if row["deleted_at"] is not None:
        answer["deleted"] = {"by": row["deleted_by"], "at": rfc3339(row["deleted_at"])}
    return answer


def audience_of(row: dict[str, Any]) -> list[str] | None:
    """A whisper's readers: its sender, then its recipients; None for the table."""
    recipients = row["recipients"]
    return None if recipients is None else [row["user_id"], *recipients]


def readable(row: dict[str, Any], seat: Seat) -> bool:
    return can_read(
        row["visibility"], row["user_id"], audience_of(row), seat.user_id, seat.is_storyteller
    )


@dataclass(frozen=True, slots=True)
class Speaking:
    """What sending checked before the campaign's lock: the character, the recipients."""

    character: CharacterRow | None
    recipients: list[str] | None


async def _character(db: Db, seat: Seat, body: MessageCreate) -> CharacterRow | None:
    if not body.in_character:
        if body.character_id is not None:
            raise Unprocessable(msg("character_id: only a message in character names a character"))
        return None
    if body.character_id is None:
        raise Unprocessable(
            msg("character_id: a message in character names the character speaking")
        )
    character = await characters_repo.read(db, body.character_id)
    if character is None or character.campaign_id != seat.campaign.id:
        raise Unprocessable(
            msg(
                "character_id: no character {character_id} in this campaign",
                character_id=body.character_id,
            )
        )
    if not may_edit(seat, character):
        raise Unprocessable(
            f"character_id: you may not speak for {character.name}, "
            "only for a character you may roll for"
        )
    return character


async def _recipients(db: Db, seat: Seat, to: list[str] | None) -> list[str] | None:
    """``to`` with duplicates and the sender left out, in the sender's order; 422 for an id
    that is not a member (the same for any id: nothing is said of who exists)."""
    if to is None:
        return None
    members = await repo.member_ids(db, seat.campaign.id)
    for index, user_id in enumerate(to):
        if user_id not in members:
            raise Unprocessable(
                msg(
                    "to[{index}]: {user_id} is not a member of this campaign",
                    index=index,
                    user_id=user_id,
                )
            )
    recipients = [u for u in dict.fromkeys(to) if u != seat.user_id]
    if not recipients:
        raise Unprocessable(
            msg("to: name a member other than yourself, or leave it out for the table")
        )
    return recipients


async def create(
    writer: Writer, principal: Principal, cid: str, body: MessageCreate, key: str | None
) -> tuple[int, bytes]:
    """Send ``body`` to the table, or whisper it to ``body.to``."""
    digest = idempotency.fingerprint("message", cid, body.model_dump(mode="json"))

    async def prepare(job: Job, seat: Seat) -> Speaking:
        character = await _character(job.db, seat, body)
        return Speaking(character, await _recipients(job.db, seat, body.to))

    async def act(cj: CampaignJob, speaking: Speaking) -> tuple[int, dict[str, Any]]:
        seat, ledger = cj.seat, cj.ledger
        if speaking.character is not None:  # still the sender's to speak for
            ledger.guard(characters_repo.unchanged(speaking.character))
        recipients = speaking.recipients
        if recipients is None:
            visibility = "public"
        elif table_setting(seat.campaign.settings, "storyteller_reads_whispers"):
            visibility = "whisper"
        else:
            visibility = "sealed"
        row: dict[str, Any] = {
            "id": new_id(),
            "campaign_id": seat.campaign.id,
            "seq": ledger.next_seq(),
            "user_id": seat.user_id,
            "character_id": None if speaking.character is None else speaking.character.id,
            "in_character": body.in_character,
            "recipients": recipients,
            "visibility": visibility,
            "text": body.text,
            "idempotency_key": key,
            "created_at": utcnow(),
            "deleted_by": None,
            "deleted_at": None,
        }
        ledger.add(repo.MESSAGES, row)
        audience = audience_of(row)
        for reader in audience or ():
            ledger.add(repo.READERS, {"message_id": row["id"], "user_id": reader})
        answer = to_read(row)
        ledger.record("message.created", answer, visibility=visibility, user_id=seat.user_id,
                      seq=row["seq"], audience=audience)  # fmt: skip
        return 201, answer

    return await campaign_job(
        writer,
        principal,
        cid,
        act,
        scope="roll",
        prepare=prepare,
        once=Idempotent(key, digest, idempotency.erased_digest("message", cid)),
    )


def _may_delete(seat: Seat, row: dict[str, Any], now: datetime) -> None:
    """A storyteller deletes any message; its author within the campaign's window."""
    if seat.is_storyteller:
        return
    if row["user_id"] != seat.user_id:
        raise Forbidden(msg("only its author or a storyteller deletes a message"))
    minutes = int(table_setting(seat.campaign.settings, "message_delete_minutes"))
    if now - row["created_at"] >= timedelta(minutes=minutes):
        raise Forbidden(
            f"an author deletes their message within {minutes} minutes of sending it; "
            "a storyteller may delete it"
        )


async def delete(writer: Writer, principal: Principal, cid: str, message_id: str) -> None:
    """Delete a message the caller may read: 404 otherwise, 403 for a reader who may not
    delete it. Deleting a tombstone again changes nothing."""

    async def act(cj: CampaignJob, _: None) -> tuple[int, None]:
        seat, ledger = cj.seat, cj.ledger
        row = await repo.read(cj.db, message_id)
        if row is None or row["campaign_id"] != seat.campaign.id or not readable(row, seat):
            raise NotFound(msg("no such message"))
        if row["deleted_at"] is not None:
            return 204, None
        now = utcnow()
        _may_delete(seat, row, now)
        ledger.guard(repo.still_there(message_id))
        row = {**row, "text": None, "deleted_by": seat.user_id, "deleted_at": now}
        tombstone = to_read(row)
        ledger.write(repo.delete(message_id, seat.user_id, now))
        ledger.write(repo.event_data(seat.campaign.id, row["seq"], tombstone))
        if row["idempotency_key"] is not None:
            operation = idempotency.erased_digest("message", seat.campaign.id)
            erased = idempotency.erase(
                row["user_id"], row["idempotency_key"], dumps(tombstone), operation
            )
            ledger.write(erased)
        deleted = {"id": message_id, "deleted_by": seat.user_id, "deleted_at": rfc3339(now)}
        ledger.record("message.deleted", deleted, visibility=row["visibility"],
                      user_id=row["user_id"], audience=audience_of(row))  # fmt: skip
        return 204, None

    await campaign_job(writer, principal, cid, act, scope="roll")


async def read_one(db: Db, principal: Principal, cid: str, message_id: str) -> dict[str, Any]:
    """One message (or its tombstone); 404 for whoever may not read it."""
    seat = await take_seat(db, principal, cid, "read")
    row = await repo.read(db, message_id)
    if row is None or row["campaign_id"] != seat.campaign.id or not readable(row, seat):
        raise NotFound(msg("no such message"))
    return to_read(row)


async def read_page(
    db: Db,
    seat: Seat,
    limit: int,
    before_seq: int | None,
    since: datetime | None,
    until: datetime | None,
    user_id: str | None,
) -> dict[str, Any]:
    """A page of the messages the caller may read, newest first."""
    rows = await repo.page(db, seat.campaign.id, seat.user_id, seat.is_storyteller,
                           limit + 1, before_seq, since, until, user_id)  # fmt: skip
    items = [to_read(row) for row in rows[:limit]]
    next_cursor = encode_cursor(rows[limit - 1]["seq"]) if len(rows) > limit else None
    return {"items": items, "next_cursor": next_cursor}
