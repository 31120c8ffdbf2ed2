"""Revealing a hidden roll: it turns public, and its held sheet effects are written.

A hidden roll (``blind``, ``storyteller``, ``private``) holds its effects in its own state
until then (app/characters/held.py). The reveal is one write job on the campaign's
ledger: the roll's new state (visibility ``public``) is a new link of the chain, carried
by a public ``roll.updated`` event; the effects, applied to the sheet as it is now, are
one sheet write and a public ``character.updated`` event.

Who reveals: a storyteller, for ``blind`` and ``storyteller`` rolls; the roller, for a
``private`` roll (nobody else may read it, storytellers included). Whoever may not read
the roll gets 404; a member who may read it but not reveal it, 403; a public roll, 409.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.campaigns.jobs import CampaignJob, Idempotent, campaign_job
from app.campaigns.seats import Seat
from app.characters import repository as characters_repo
from app.characters.held import apply_effects
from app.characters.repository import CharacterRow
from app.characters.service import to_read
from app.core import idempotency
from app.core.db import utcnow
from app.core.errors import Conflict, Forbidden
from app.core.i18n import message_of, msg
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.rolls import repository as repo
from app.rolls.repository import RollRow
from app.rolls.service import RollAt, chain_view, record_roll_event, require_sight, to_answer
from app.rules import RollError
from app.stats import tally


@dataclass(frozen=True, slots=True)
class _ToReveal:
    roll: RollRow
    character: CharacterRow | None  # the character its held effects change, if any


def may_reveal(seat: Seat, roll: RollRow) -> bool:
    """A private roll is its roller's to reveal; every other one a storyteller's."""
    if roll["visibility"] == "private":
        return roll["user_id"] == seat.user_id
    return seat.is_storyteller


async def reveal(
    writer: Writer,
    principal: Principal,
    roll_id: str,
    idempotency_key: str | None = None,
) -> bytes:
    """Make a hidden roll public and publish its held effects; answer the roll."""
    digest = idempotency.fingerprint("reveal", roll_id)
    locate = RollAt(roll_id)

    async def prepare(job: Job, seat: Seat) -> _ToReveal:
        roll = locate.found()
        require_sight(seat, roll)
        if not may_reveal(seat, roll):
            raise Forbidden(
                msg("only a storyteller reveals a hidden roll (a private one: its roller)")
            )
        if roll["visibility"] == "public":
            raise Conflict(msg("the roll is public already"))
        character = None
        if roll["state"].get("effects") and roll["character_id"] is not None:
            character = await characters_repo.read(job.db, roll["character_id"])
        return _ToReveal(roll, character)

    async def act(cj: CampaignJob, it: _ToReveal) -> tuple[int, dict[str, Any]]:
        ledger, seat = cj.ledger, cj.seat
        ledger.guard(repo.unchanged(it.roll))
        seq = ledger.next_seq()
        new: RollRow = {**it.roll, "visibility": "public", "updated_at": utcnow()}
        new["prev_hash"], new["hash"] = ledger.link(chain_view(new), seq)
        ledger.write(repo.save_reveal(new))
        tally.record(ledger, it.roll, new)  # its tallies move to the public ones
        record_roll_event(ledger, "roll.updated", new, seq, previous=it.roll)
        if it.character is not None:
            _publish_effects(cj, it.character, new["state"]["effects"])
        return 200, to_answer(new, seat.user_id, seat.is_storyteller)

    _, answer = await campaign_job(
        writer,
        principal,
        locate,
        act,
        scope="roll",
        what=msg("roll"),
        prepare=prepare,
        once=Idempotent(idempotency_key, digest),
    )
    return answer


def _publish_effects(cj: CampaignJob, character: CharacterRow, effects: list[Any]) -> None:
    """Write the held effects on the sheet as it is now (nothing if they change nothing)."""
    ruleset = cj.seat.campaign.ruleset
    cj.ledger.guard(characters_repo.unchanged(character))
    try:
        sheet = apply_effects(ruleset, character.sheet, effects)
    except RollError as exc:
        raise Conflict(
            msg("the roll's effects do not fit the sheet: {exc}", exc=message_of(exc))
        ) from exc
    if sheet == apply_effects(ruleset, character.sheet, ()):
        return  # e.g. the condition was put on in public meanwhile
    now = utcnow()
    cj.ledger.write(characters_repo.set_sheet(character, sheet, now))
    saved = character._replace(sheet=sheet, version=character.version + 1)
    cj.ledger.record("character.updated", to_read(saved, ruleset))
