"""Roll use cases: roll (idempotently), read with visibility, and the steps of a pending
3d6 roll. The server reads every score and modifier from the stored sheet."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.campaigns import repository as campaigns_repo
from app.campaigns.service import Seat, take_seat
from app.characters import repository as characters_repo
from app.characters.models import Character
from app.characters.service import may_edit
from app.core import idempotency
from app.core.db import utcnow
from app.core.errors import Conflict, Forbidden, NotFound, Unprocessable
from app.core.ids import new_id
from app.core.security import Principal
from app.rolls import kinds
from app.rolls import repository as repo
from app.rolls.models import Roll
from app.rolls.schemas import FormulaBody, SaveBody, TestBody
from app.rolls.visibility import can_see, visible_filter
from app.rules import DiceSource, RollError, threed6

RollBody = TestBody | SaveBody | FormulaBody


def _time(value: datetime) -> str:
    return value.isoformat().replace("+00:00", "Z")


def to_answer(roll: Roll, viewer_id: str, viewer_is_storyteller: bool) -> dict[str, Any]:
    """The roll as ``viewer`` may see it: whole, or redacted for the roller of a blind roll."""
    redacted = not can_see(roll.visibility, roll.user_id, viewer_id, viewer_is_storyteller)
    return {
        "id": roll.id,
        "campaign_id": roll.campaign_id,
        "seq": roll.seq,
        "ruleset": roll.ruleset,
        "kind": roll.kind,
        "character_id": roll.character_id,
        "user_id": roll.user_id,
        "visibility": roll.visibility,
        "note": roll.note,
        "status": roll.status,
        "dice": [] if redacted else roll.dice,
        "result": {} if redacted else roll.result,
        "odds": {} if redacted else roll.odds,
        "created_at": _time(roll.created_at),
        "updated_at": _time(roll.updated_at),
        "redacted": redacted,
    }


def encode(answer: dict[str, Any]) -> bytes:
    return json.dumps(answer, separators=(",", ":"), ensure_ascii=False).encode()


async def _character(session: AsyncSession, seat: Seat, character_id: str) -> Character:
    character = await characters_repo.get(session, character_id)
    if character is None or character.campaign_id != seat.campaign.id:
        raise NotFound(f"no character {character_id} in this campaign")
    return character


def _resolve(
    seat: Seat, body: RollBody, sheet: dict[str, Any] | None, dice: DiceSource
) -> kinds.Resolved:
    ruleset = seat.campaign.ruleset
    if isinstance(body, FormulaBody):
        return kinds.formula_roll(body, dice)
    assert sheet is not None
    if isinstance(body, SaveBody):
        if ruleset != "d20":
            raise Unprocessable(f"kind: a {ruleset} campaign has no saving throws")
        return kinds.d20_roll(body, sheet, dice)
    if ruleset == "3d6":
        return kinds.threed6_test(
            body, sheet, seat.campaign.settings, dice, is_storyteller=seat.is_storyteller
        )
    if ruleset == "matrix":
        return kinds.matrix_test(body, sheet, dice)
    return kinds.d20_roll(body, sheet, dice)


async def create(
    session: AsyncSession,
    seat: Seat,
    body: RollBody,
    dice: DiceSource,
    idempotency_key: str | None,
) -> tuple[int, bytes]:
    """Roll and store; answer (status, body bytes). A keyed retry replays the first answer."""
    digest = idempotency.fingerprint("roll", seat.campaign.id, body.model_dump(mode="json"))

    async def produce() -> tuple[int, bytes]:
        return 201, encode(await _roll(session, seat, body, dice))

    return await idempotency.once(session, seat.user_id, idempotency_key, digest, produce)


async def _roll(
    session: AsyncSession, seat: Seat, body: RollBody, dice: DiceSource
) -> dict[str, Any]:
    character: Character | None = None
    if body.character_id is not None:
        character = await _character(session, seat, body.character_id)
        if not may_edit(seat, character):
            raise Forbidden("you roll only for your own characters")
    if isinstance(body, TestBody) and body.helper_id is not None:
        helper = await _character(session, seat, body.helper_id)
        if character is not None and helper.id == character.id:
            raise Unprocessable("helper_id: a character cannot help itself")
    blind_to_roller = body.visibility == "blind" and not seat.is_storyteller
    if isinstance(body, TestBody) and body.rerolls and blind_to_roller:
        raise Unprocessable("rerolls: a blind roll hides its dice from you; it takes none")

    resolved = _resolve(seat, body, character.sheet if character else None, dice)
    engine_roll = resolved.roll
    now = utcnow()
    seq = await campaigns_repo.next_seq(session, seat.campaign.id)
    roll = Roll(
        id=new_id(),
        campaign_id=seat.campaign.id,
        seq=seq,
        ruleset=seat.campaign.ruleset,
        kind=body.kind,
        character_id=body.character_id,
        user_id=seat.user_id,
        visibility=body.visibility,
        note=body.note,
        status=resolved.status,
        dice=[die.to_dict() for die in engine_roll.dice],
        result=_result(engine_roll, resolved.state),
        odds=engine_roll.odds_dict(),
        state=resolved.state or {},
        created_at=now,
        updated_at=now,
    )
    session.add(roll)
    if resolved.new_sheet is not None and character is not None:
        character.sheet = resolved.new_sheet
        character.version += 1
        character.updated_at = now
    return to_answer(roll, seat.user_id, seat.is_storyteller)


def _result(engine_roll: Any, state: dict[str, Any] | None) -> dict[str, Any]:
    result: dict[str, Any] = engine_roll.result_dict()
    if state and state.get("helper_id"):
        result["helper_id"] = state["helper_id"]
    return result


async def seat_for_roll(
    session: AsyncSession, principal: Principal, roll_id: str, scope: str, *, lock: bool = False
) -> tuple[Seat, Roll]:
    """The roll and the caller's seat; 404 if they do not sit there or may not see it."""
    roll = await repo.get(session, roll_id, for_update=lock)
    if roll is None:
        raise NotFound("no such roll")
    try:
        seat = await take_seat(session, principal, roll.campaign_id, scope)
    except NotFound:
        raise NotFound("no such roll") from None
    if not can_see(roll.visibility, roll.user_id, seat.user_id, seat.is_storyteller):
        raise NotFound("no such roll")
    return seat, roll


async def log(
    session: AsyncSession, seat: Seat, limit: int, before_seq: int | None, character_id: str | None
) -> list[Roll]:
    visible = visible_filter(seat.user_id, seat.is_storyteller)
    return await repo.log(session, seat.campaign.id, visible, limit, before_seq, character_id)


# --- steps of a pending 3d6 roll -----------------------------------------------------------

Step = Callable[[threed6.ThreeD6Roll], threed6.ThreeD6Roll]


async def step(
    session: AsyncSession,
    principal: Principal,
    roll_id: str,
    name: str,
    apply: Step,
    idempotency_key: str | None = None,
    *,
    storyteller_only: bool = False,
) -> bytes:
    """Load a pending 3d6 roll under a lock, apply one engine step, store and answer it.

    The lock (row lock on PostgreSQL, the IMMEDIATE write lock on SQLite) is what keeps two
    concurrent steps from spending the same reroll. The roller takes the steps of their
    roll, except a blind one they cannot see: storytellers take those for them."""
    seat, roll = await seat_for_roll(session, principal, roll_id, "roll", lock=True)
    if roll.ruleset != "3d6" or roll.kind != "test":
        raise Conflict("only a 3d6 test has rerolls and choices")
    if storyteller_only:
        if not seat.is_storyteller:
            raise Forbidden("only a storyteller grants a reroll")
    elif roll.user_id != seat.user_id and roll.visibility != "blind":
        # Only storytellers see someone else's blind roll (others got a 404 above).
        raise Forbidden("only the roller takes this step")
    digest = idempotency.fingerprint(name, roll_id)

    async def produce() -> tuple[int, bytes]:
        current = kinds.threed6_from_state(roll.state, roll.dice)
        try:
            updated = apply(current)
        except RollError as exc:
            raise Conflict(str(exc)) from exc
        state = {**roll.state, **kinds.threed6_state(updated)}
        roll.dice = [die.to_dict() for die in updated.dice]
        roll.result = _result(updated, state)
        roll.state = state
        roll.status = updated.status
        roll.updated_at = utcnow()
        return 200, encode(to_answer(roll, seat.user_id, seat.is_storyteller))

    _, answer = await idempotency.once(session, seat.user_id, idempotency_key, digest, produce)
    return answer
