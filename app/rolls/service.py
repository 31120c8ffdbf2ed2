"""Roll use cases: roll (idempotently), read with visibility, and the steps of a pending
3d6 roll. The server reads every score and modifier from the stored sheet."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.campaigns.ledger import Ledger
from app.campaigns.service import PLAYING, Seat, take_seat
from app.characters import repository as characters_repo
from app.characters.service import may_edit, to_read
from app.core import idempotency
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict, Forbidden, NotFound, Unprocessable
from app.core.ids import new_id
from app.core.jsontext import dumps
from app.core.rawsql import Raw, raw
from app.core.security import Principal
from app.core.writer import Writer
from app.events import service as events
from app.rolls import kinds
from app.rolls import repository as repo
from app.rolls.models import Roll
from app.rolls.schemas import FormulaBody, SaveBody, TestBody
from app.rolls.visibility import can_see, visible_filter
from app.rules import DiceSource, RollError, threed6

RollBody = TestBody | SaveBody | FormulaBody


_ANSWER_FIELDS = (
    "id", "campaign_id", "seq", "ruleset", "kind", "character_id", "user_id", "visibility",
    "note", "status",
)  # fmt: skip


def to_answer(
    roll: Roll | Mapping[str, Any], viewer_id: str, viewer_is_storyteller: bool
) -> dict[str, Any]:
    """The roll as ``viewer`` may see it: whole, or redacted for the roller of a blind roll.

    Takes a stored ``Roll`` or the column values of one being inserted."""
    values = roll if isinstance(roll, Mapping) else roll.__dict__
    redacted = not can_see(
        values["visibility"], values["user_id"], viewer_id, viewer_is_storyteller
    )
    answer = {name: values[name] for name in _ANSWER_FIELDS}
    answer["dice"] = [] if redacted else values["dice"]
    answer["result"] = {} if redacted else values["result"]
    answer["odds"] = {} if redacted else values["odds"]
    answer["proof"] = [] if redacted else values["proof"]
    answer["created_at"] = rfc3339(values["created_at"])
    answer["updated_at"] = rfc3339(values["updated_at"])
    answer["hash"] = values["hash"]
    answer["redacted"] = redacted
    return answer


async def _character(db: Raw, seat: Seat, character_id: str) -> characters_repo.CharacterView:
    character = await characters_repo.roll_view(db, character_id)
    if character is None or character.campaign_id != seat.campaign.id:
        raise NotFound(f"no character {character_id} in this campaign")
    return character


def _resolve(
    seat: Seat, body: RollBody, sheet: dict[str, Any] | None, dice: DiceSource
) -> kinds.Resolved:
    ruleset = seat.campaign.ruleset
    if isinstance(body, FormulaBody):
        return kinds.formula_roll(body, dice)
    if sheet is None:  # never: the schemas require a character for tests and saves
        raise Unprocessable("character_id: a test or a save names a character")
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
    writer: Writer,
    principal: Principal,
    campaign_id: str,
    body: RollBody,
    override: DiceSource | None,
    idempotency_key: str | None,
) -> tuple[int, bytes]:
    """Roll and store; answer (status, body bytes). A keyed retry replays the first answer.

    Runs as one writer job: the seat, the character, the roll and the idempotency record
    are read and written in a single transaction."""
    digest = idempotency.fingerprint("roll", campaign_id, body.model_dump(mode="json"))

    async def job(db: Raw) -> tuple[int, bytes]:
        seat = await take_seat(db, principal, campaign_id, "roll", PLAYING)

        async def produce() -> tuple[int, bytes]:
            return 201, dumps(await _roll(db, seat, body, override))

        return await idempotency.once(db, seat.user_id, idempotency_key, digest, produce)

    return await writer.run(job)


async def _roll(db: Raw, seat: Seat, body: RollBody, override: DiceSource | None) -> dict[str, Any]:
    ledger = await Ledger.open(db, seat.campaign.id, override)
    values = await add_roll(db, ledger, seat, body)
    await ledger.close()
    return to_answer(values, seat.user_id, seat.is_storyteller)


async def add_roll(
    db: Raw, ledger: Ledger, seat: Seat, body: RollBody, link: dict[str, str] | None = None
) -> dict[str, Any]:
    """Roll what ``body`` asks for, inside a write job, and store it with its event.

    The building block of every flow that rolls for a character (contests, group actions,
    long tasks): checks who may roll, reads the sheet, draws from the ledger. ``link`` goes
    into the roll's state (never shown), e.g. the contest whose round waits on it. Answers
    the stored values (``to_answer`` turns them into what a viewer may see)."""
    character: characters_repo.CharacterView | None = None
    if body.character_id is not None:
        character = await _character(db, seat, body.character_id)
        if not may_edit(seat, character):
            raise Forbidden("you roll only for your own characters")
    if isinstance(body, TestBody) and body.helper_id is not None:
        helper = await _character(db, seat, body.helper_id)
        if character is not None and helper.id == character.id:
            raise Unprocessable("helper_id: a character cannot help itself")
    blind_to_roller = body.visibility == "blind" and not seat.is_storyteller
    if isinstance(body, TestBody) and body.rerolls and blind_to_roller:
        raise Unprocessable("rerolls: a blind roll hides its dice from you; it takes none")

    dice, draw = await ledger.draw()
    resolved = _resolve(seat, body, character.sheet if character else None, dice)
    values = await store_roll(
        db,
        ledger,
        campaign_id=seat.campaign.id,
        ruleset=seat.campaign.ruleset,
        kind=body.kind,
        user_id=seat.user_id,
        character_id=body.character_id,
        visibility=body.visibility,
        note=body.note,
        engine_roll=resolved.roll,
        proof=[draw],
        status=resolved.status,
        state={**(resolved.state or {}), **link} if link else resolved.state,
    )
    if resolved.new_sheet is not None and character is not None:
        changed = await characters_repo.set_sheet(
            db, character.id, character.version, resolved.new_sheet, values["created_at"]
        )
        if not changed:
            raise Conflict("the character changed while rolling; roll again")
        await _character_updated(db, ledger, seat, character.id)
    return values


async def _character_updated(db: Raw, ledger: Ledger, seat: Seat, character_id: str) -> None:
    """A roll that changed the sheet (a failed save, a faith roll ending panic) says so."""
    row = await characters_repo.read(db, character_id)
    if row is not None:
        data = to_read(row, seat.campaign.ruleset)
        seq = ledger.next_seq()
        await events.record(db, seat.campaign.id, "character.updated", data, seq=seq)


async def store_roll(
    db: Raw,
    ledger: Ledger,
    *,
    campaign_id: str,
    ruleset: str,
    kind: str,
    user_id: str,
    character_id: str | None,
    visibility: str,
    note: str | None,
    engine_roll: Any,
    proof: list[dict[str, Any]],
    status: str = "final",
    state: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Store an engine roll as a roll of the log: its seq, chain link, row and event.

    Flows whose dice the server rolls on its own (damage checks…) call this directly with
    a draw of their own from ``ledger``."""
    seq = ledger.next_seq()
    now = utcnow()
    values: dict[str, Any] = {
        "id": new_id(),
        "campaign_id": campaign_id,
        "seq": seq,
        "ruleset": ruleset,
        "kind": kind,
        "character_id": character_id,
        "user_id": user_id,
        "visibility": visibility,
        "note": note,
        "status": status,
        "dice": [die.to_dict() for die in engine_roll.dice],
        "result": _result(engine_roll, state),
        "odds": engine_roll.odds_dict(),
        "state": state or {},
        "proof": proof,
        "created_at": now,
        "updated_at": now,
    }
    values["prev_hash"], values["hash"] = ledger.link(_chain_view(values), seq)
    await repo.insert(db, values)
    await _record(db, "roll.created", values)
    return values


def _chain_view(values: Mapping[str, Any]) -> dict[str, Any]:
    """The roll as the chain covers it: API field shapes (RFC 3339 times) plus the proof."""
    view = dict(values)
    view["created_at"] = rfc3339(values["created_at"])
    view["updated_at"] = rfc3339(values["updated_at"])
    return view


async def _record(db: Raw, type: str, roll: Mapping[str, Any], seq: int | None = None) -> None:
    """The roll's event: the whole roll, for whoever may see it (the visibility rule),
    carrying the roll's new link of the hash chain."""
    await events.record(
        db,
        roll["campaign_id"],
        type,
        to_answer(roll, roll["user_id"], True),
        visibility=roll["visibility"],
        user_id=roll["user_id"],
        seq=roll["seq"] if seq is None else seq,
        prev_hash=roll["prev_hash"],
        hash=roll["hash"],
    )


def _result(engine_roll: Any, state: dict[str, Any] | None) -> dict[str, Any]:
    result: dict[str, Any] = engine_roll.result_dict()
    if state and state.get("helper_id"):
        result["helper_id"] = state["helper_id"]
    return result


async def seat_for_roll(
    session: AsyncSession, principal: Principal, roll_id: str, scope: str
) -> tuple[Seat, Roll]:
    """The roll and the caller's seat; 404 if they do not sit there or may not see it."""
    roll = await repo.get(session, roll_id)
    if roll is None:
        raise NotFound("no such roll")
    seat = await _seat_to_see(await raw(session), principal, roll.campaign_id, scope, roll.__dict__)
    return seat, roll


async def _seat_to_see(
    db: Raw, principal: Principal, campaign_id: str, scope: str, roll: Mapping[str, Any]
) -> Seat:
    try:
        seat = await take_seat(db, principal, campaign_id, scope)
    except NotFound:
        raise NotFound("no such roll") from None
    if not can_see(roll["visibility"], roll["user_id"], seat.user_id, seat.is_storyteller):
        raise NotFound("no such roll")
    return seat


async def log(
    session: AsyncSession, seat: Seat, limit: int, before_seq: int | None, character_id: str | None
) -> list[Roll]:
    visible = visible_filter(seat.user_id, seat.is_storyteller)
    return await repo.log(session, seat.campaign.id, visible, limit, before_seq, character_id)


# --- steps of a pending 3d6 roll -----------------------------------------------------------

Step = Callable[[threed6.ThreeD6Roll, DiceSource | None], threed6.ThreeD6Roll]
"""An engine step; it gets a dice source (its own draw) when the step rolls dice."""


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
    storyteller_only: bool = False,
) -> bytes:
    """Load a pending 3d6 roll under a lock, apply one engine step, store and answer it.

    The lock (row lock on PostgreSQL, the IMMEDIATE write lock on SQLite) is what keeps two
    concurrent steps from spending the same reroll. The roller takes the steps of their
    roll, except a blind one they cannot see: storytellers take those for them."""
    digest = idempotency.fingerprint(name, roll_id)

    async def job(db: Raw) -> bytes:
        roll = await repo.for_step(db, roll_id)
        if roll is None:
            raise NotFound("no such roll")
        seat = await _seat_to_see(db, principal, roll["campaign_id"], "roll", roll)
        if roll["ruleset"] != "3d6" or roll["kind"] != "test":
            raise Conflict("only a 3d6 test has rerolls and choices")
        if storyteller_only:
            if not seat.is_storyteller:
                raise Forbidden("only a storyteller grants a reroll")
        elif roll["user_id"] != seat.user_id and roll["visibility"] != "blind":
            # Only storytellers see someone else's blind roll (others got a 404 above).
            raise Forbidden("only the roller takes this step")

        async def produce() -> tuple[int, bytes]:
            ledger = await Ledger.open(db, roll["campaign_id"], override)
            seq = ledger.next_seq()
            current = kinds.threed6_from_state(roll["state"], roll["dice"])
            dice, draw = await ledger.draw() if draws else (None, None)
            try:
                updated = apply(current, dice)
            except RollError as exc:
                raise Conflict(str(exc)) from exc
            state = {**roll["state"], **kinds.threed6_state(updated)}
            roll["dice"] = [die.to_dict() for die in updated.dice]
            roll["result"] = _result(updated, state)
            roll["state"] = state
            roll["status"] = updated.status
            roll["updated_at"] = utcnow()
            if draw is not None:
                roll["proof"] = [*roll["proof"], draw]
            roll["prev_hash"], roll["hash"] = ledger.link(_chain_view(roll), seq)
            await repo.save_step(db, roll)
            await _record(db, "roll.updated", roll, seq)
            if roll["status"] == "final" and roll["state"].get("contest_id"):
                from app.table import contests  # the table flow builds on this module

                await contests.settle(db, ledger, seat, roll)
            await ledger.close()
            return 200, dumps(to_answer(roll, seat.user_id, seat.is_storyteller))

        _, answer = await idempotency.once(db, seat.user_id, idempotency_key, digest, produce)
        return answer

    return await writer.run(job)
