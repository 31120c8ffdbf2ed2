"""The steps of a 3d6 test after it is rolled: reroll, choice, finalize, and the
storyteller's grant, which may also reopen a final roll.

Who takes a step is the rule of docs/rules.md, "who decides": the roller's player makes
the roller's choices, in a plain test as in a contest, a group action or a long task, and
the storytellers make them for non-player characters. So a roll of a player character is
stepped by that character's player (whoever rolled it: the storyteller rolls both sides of
a contest, a bot the player's through a delegation), and any other roll by a storyteller;
a bot takes none. A blind roll takes no step: its player stated the choices when rolling
(``app.rolls.kinds.settles_when_rolled``).

A flow built on rolls (a contest round, a group action, a long task) registers here what
it does when one of its rolls becomes final (``when_final``), so this lower feature never
imports the higher ones.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from app.campaigns import repository as campaigns_repo
from app.campaigns.jobs import CampaignJob, Delegate, Idempotent, campaign_job
from app.campaigns.ledger import Ledger
from app.campaigns.seats import PLAYING, Seat
from app.characters import repository as characters_repo
from app.core import idempotency
from app.core.database import Db
from app.core.db import utcnow
from app.core.errors import AppError, Conflict, Forbidden
from app.core.i18n import message_of, msg
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.delegations import service as delegations
from app.rolls import kinds
from app.rolls import repository as repo
from app.rolls.repository import RollRow
from app.rolls.service import (
    RollAt,
    chain_view,
    record_roll_event,
    require_sight,
    result_of,
    to_answer,
)
from app.rolls.visibility import can_see
from app.rules import DiceSource, RollError, threed6
from app.stats import tally

Step = Callable[[threed6.ThreeD6Roll, DiceSource | None], threed6.ThreeD6Roll]
"""An engine step; it gets a dice source (its own draw) when the step rolls dice."""
OnFinal = Callable[[Ledger, Seat, RollRow], Awaitable[None]]
"""What a flow does when one of its rolls becomes final (a contest counts its round)."""

_FLOWS: dict[str, OnFinal] = {}


def when_final(link: str, hook: OnFinal) -> None:
    """Register ``hook`` for the rolls whose state names a flow's item under ``link``
    (``contest_id``, ``group_id``, ``task_id``): it runs in the step's job, under the
    campaign's lock, each time such a roll becomes final."""
    _FLOWS[link] = hook


def flow_of(roll: RollRow) -> str | None:
    """The link naming the flow the roll belongs to, or None for a roll of its own."""
    return next((link for link in _FLOWS if roll["state"].get(link)), None)


async def player_of(db: Db, seat: Seat, roll: RollRow) -> str | None:
    """The player whose word steps ``roll``: the owner of its player character, if they sit
    at the table as a player or a storyteller and may read the roll (a public one, or a
    ``storyteller`` or ``private`` one they rolled). None when the storytellers decide: a
    non-player character, one without a playing owner, a blind roll (settled when rolled:
    only one stored pending before that rule is left to step), or a hidden roll a
    storyteller made for the character."""
    character_id = roll["character_id"]
    character = await characters_repo.read(db, character_id) if character_id else None
    if character is None or character.npc or character.owner_id is None:
        return None
    owner, visibility = character.owner_id, roll["visibility"]
    if visibility == "blind" or (visibility != "public" and roll["user_id"] != owner):
        return None
    if owner == seat.user_id:
        role: str | None = seat.role
    else:
        role = await campaigns_repo.role_of(db, seat.campaign.id, owner)
    return owner if role in PLAYING else None


async def _may_step(db: Db, seat: Seat, roll: RollRow, grant: bool) -> None:
    if grant:
        if not seat.is_storyteller:
            raise Forbidden(msg("only a storyteller grants a reroll"))
        return
    player = await player_of(db, seat, roll)
    if player is not None and player != seat.user_id:
        raise Forbidden(msg("only the character's player takes this step: the choices are theirs"))
    if player is None and not seat.is_storyteller:
        raise Forbidden(msg("a storyteller takes this step: the roll is a non-player character's"))


def _no_bot_steps(locate: RollAt) -> Delegate:
    """The ``delegate`` of a step: a bot never takes one. One whose delegation (with the
    ``roll`` scope) covers the roll's character, and whose player may read the roll, is
    told so (403); anyone else gets the refusal of their own seat (404 for a stranger)."""

    async def refuse(db: Db, principal: Principal, campaign_id: str, refused: AppError) -> Seat:
        roll = locate.found()
        character = [roll["character_id"]] if roll["character_id"] else []
        seat = await delegations.delegator_seat(db, principal, campaign_id, character, "roll")
        if seat is not None and can_see(
            roll["visibility"], roll["user_id"], seat.user_id, seat.is_storyteller
        ):
            raise Forbidden(
                msg("a bot does not take a roll's steps: they stay with the character's player")
            )
        raise refused

    return refuse


def _may_reopen(roll: RollRow) -> None:
    """A grant on a final roll reopens it, except where that cannot work: a blind roll
    (its player cannot see it to reroll) and a roll a flow has counted."""
    if roll["status"] != "final":
        return
    if roll["visibility"] == "blind":
        raise Conflict(
            msg(
                "a blind roll took its player's choices when it was rolled: a grant for it "
                "comes before the roll (POST /characters/{id}/grants)",
            )
        )
    if flow_of(roll) is not None:
        raise Conflict(
            msg(
                "the roll counts in a contest, group action or long task already: a grant "
                "for it comes before the roll (POST /characters/{id}/grants) or while it is "
                "pending",
            )
        )


async def _require_latest(db: Db, seat: Seat, roll: RollRow) -> None:
    """A final roll reopens only while it is its character's latest roll (among those the
    storyteller may read, so the refusal tells of no roll hidden from them)."""
    only = repo.RollFilter(character_id=roll["character_id"])
    latest = await repo.log(db, seat.campaign.id, seat.user_id, True, 1, None, only)
    if latest and latest[0]["id"] != roll["id"]:
        raise Conflict(
            msg(
                "the character rolled again since (roll {latest}): a grant reopens only the "
                "latest roll of its character",
                latest=latest[0]["id"],
            )
        )


async def step(
    writer: Writer,
    principal: Principal,
    roll_id: str,
    name: str,
    apply: Step,
    idempotency_key: str | None = None,
    *,
    draws: bool = False,
    override: DiceSource | None = None,
    grant: bool = False,
) -> bytes:
    """Apply one engine step to a 3d6 test, store and answer it (``grant``: the
    storyteller's, which may reopen a final roll).

    The roll is read before the campaign's lock and guarded: of two concurrent steps, the
    second finds the roll changed and runs again on its new state, so no reroll is spent
    twice. Each step is a new state of the roll: a link of the chain, with its odds."""
    digest = idempotency.fingerprint(name, roll_id)
    locate = RollAt(roll_id)

    async def prepare(job: Job, seat: Seat) -> RollRow:
        roll = locate.found()
        require_sight(seat, roll)
        if roll["ruleset"] != "3d6" or roll["kind"] != "test":
            raise Conflict(msg("only a 3d6 test has rerolls and choices"))
        await _may_step(job.db, seat, roll, grant)
        if grant:
            _may_reopen(roll)
        return roll

    async def act(cj: CampaignJob, roll: RollRow) -> tuple[int, dict[str, Any]]:
        ledger, seat = cj.ledger, cj.seat
        ledger.guard(repo.unchanged(roll))
        if grant and roll["status"] == "final":
            await _require_latest(cj.db, seat, roll)
        seq = ledger.next_seq()
        current = kinds.threed6_from_state(roll["state"], roll["dice"])
        dice, draw = await ledger.draw() if draws else (None, None)
        try:
            updated = apply(current, dice)
        except RollError as exc:
            raise Conflict(message_of(exc)) from exc
        state = {**roll["state"], **kinds.threed6_state(updated)}
        new: RollRow = {
            **roll,
            "dice": [die.to_dict() for die in updated.dice],
            "result": result_of(updated, state),
            "odds": updated.odds_dict(),
            "state": state,
            "status": updated.status,
            "updated_at": utcnow(),
            "proof": roll["proof"] if draw is None else [*roll["proof"], draw],
        }
        new["prev_hash"], new["hash"] = ledger.link(chain_view(new), seq)
        ledger.write(repo.save_step(new))
        tally.record(ledger, roll, new)  # it counts once final; a reopened one no longer
        record_roll_event(ledger, "roll.updated", new, seq, previous=roll)
        link = flow_of(new)
        if new["status"] == "final" and link is not None:
            await _FLOWS[link](ledger, seat, new)
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
        override=override,
        delegate=_no_bot_steps(locate),
    )
    return answer
