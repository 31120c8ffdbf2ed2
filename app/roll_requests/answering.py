"""Answering a roll request: an ordinary roll (``POST /campaigns/{cid}/rolls``) whose body
cites ``request_id``, inside the roll's own job (``app.rolls.service.create`` calls
``answer`` under the campaign's lock, then rolls what it hands back).

The request is read under that lock, so of two answers for one character the second finds
it answered (409). The roll is what the request asks for (``terms.answer_body``), its
visibility the request's, and it names the request in its chained ``result.request_id``.
Nothing here depends on the roll's outcome: the target says ``rolled`` and names the roll,
whatever the dice, so a blind request tells its roller nothing more than the roll does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.campaigns.jobs import CampaignJob
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict, NotFound, Unprocessable
from app.core.i18n import msg
from app.roll_requests import records, terms
from app.roll_requests import repository as repo
from app.roll_requests.events import record_change
from app.rolls.repository import RollRow
from app.rolls.schemas import RequestAnswer, SaveBody, TestBody


@dataclass(frozen=True, slots=True)
class Answering:
    """The roll an answer makes (``body``, with ``link`` for its state: the request id,
    which the roll's result shows and its link covers), and what to do once it is made."""

    body: TestBody | SaveBody
    link: dict[str, str]
    answered: Callable[[RollRow], None]


async def answer(cj: CampaignJob, body: RequestAnswer) -> Answering:
    """Check that ``body`` may answer its request now; 404 if the caller may not read the
    request, 422 for a character it does not address, 409 once answered, expired or
    cancelled. Who may roll for the character is the roll's own rule (403)."""
    seat = cj.seat
    asked = await repo.get(cj.db, body.request_id)
    if asked is None or asked.row["campaign_id"] != seat.campaign.id:
        raise NotFound(msg("no such roll request"))
    if not records.may_read(asked, seat.user_id, seat.is_storyteller):
        raise NotFound(msg("no such roll request"))
    target = next((t for t in asked.targets if t.character_id == body.character_id), None)
    if target is None:
        raise Unprocessable(
            msg(
                "character_id: the request does not address {body_character_id}",
                body_character_id=body.character_id,
            )
        )
    now = utcnow()
    if target.status == "rolled":
        raise Conflict(msg(
'{target_character_id} has answered this request already: roll '
'{target_roll_id}',
target_character_id=target.character_id, target_roll_id=target.roll_id,
))  # fmt: skip
    if asked.row["status"] == "cancelled":
        raise Conflict(msg("the request was cancelled"))
    if records.expired(asked, now):
        raise Conflict(
            msg("the request expired at {rfc3339}", rfc3339=rfc3339(asked.row["expires_at"]))
        )
    rolled = terms.answer_body(asked.row, body)

    def answered(roll: RollRow) -> None:
        _record_answer(cj, asked, target.character_id, roll)

    return Answering(rolled, {"request_id": asked.id}, answered)


def _record_answer(cj: CampaignJob, asked: repo.Asked, character_id: str, roll: RollRow) -> None:
    ledger = cj.ledger
    at = roll["created_at"]
    ledger.write(repo.answer(asked.id, character_id, roll["id"], at))
    for target in asked.targets:
        if target.character_id == character_id:
            target.status, target.roll_id, target.at = "rolled", roll["id"], at
    done = all(t.status == "rolled" for t in asked.targets)
    asked.row["status"] = "answered" if done else asked.row["status"]
    asked.row["updated_at"] = at
    ledger.write(repo.close(asked, asked.row["status"], at))
    record_change(ledger, "roll_request.answered", asked, at)
