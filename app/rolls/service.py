"""Roll use cases: roll (idempotently) and read with visibility; the steps of a pending
3d6 roll are ``app.rolls.steps``. The server reads every score and modifier from the
stored sheet.

A roll and a step are each a ``campaign_job`` act. What they read before the campaign's
lock (the character, the roll) is guarded: the ledger writes back only if it is unchanged,
so a roll never acts on a sheet or a state that another job changed while it waited.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.campaigns import memo
from app.campaigns.jobs import CampaignJob, Idempotent, campaign_job
from app.campaigns.ledger import Ledger
from app.campaigns.seats import PLAYING, Seat, take_seat
from app.characters import repository as characters_repo
from app.characters.repository import CharacterRow
from app.characters.service import may_edit, to_read
from app.core import idempotency
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Forbidden, InvalidFields, NotFound, Unprocessable
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.delegations import repository as delegations_repo
from app.delegations import service as delegations
from app.events.repository import roll_body
from app.grants import service as grants
from app.roll_requests import answering as roll_requests
from app.rolls import kinds
from app.rolls import repository as repo
from app.rolls.repository import RollRow
from app.rolls.schemas import FormulaBody, RequestAnswer, SaveBody, TestBody
from app.rolls.visibility import can_see
from app.rules import DiceSource, RulesError, formula, formula_odds
from app.stats import tally

RollBody = TestBody | SaveBody | FormulaBody
REDACTED_STATUS = "hidden"  # the one status of every redacted roll, whatever its real one


_ANSWER_FIELDS = (
    "id", "campaign_id", "seq", "ruleset", "kind", "character_id", "user_id", "acted_by",
    "visibility", "note", "status",
)  # fmt: skip


class RollAt:
    """The ``where`` of a write on one roll: finds the roll before the job's seat is taken,
    keeps it for the job's ``prepare``, and answers its campaign (None: no such roll)."""

    __slots__ = ("roll", "roll_id")

    def __init__(self, roll_id: str) -> None:
        self.roll_id = roll_id
        self.roll: RollRow | None = None

    async def __call__(self, db: Db) -> str | None:
        self.roll = await repo.get(db, self.roll_id) if "\x00" not in self.roll_id else None
        return None if self.roll is None else self.roll["campaign_id"]

    def found(self) -> RollRow:
        if self.roll is None:  # never: the skeleton answers 404 before ``prepare``
            raise NotFound(msg("no such roll"))
        return self.roll


def to_answer(
    values: Mapping[str, Any], viewer_id: str, viewer_is_storyteller: bool
) -> dict[str, Any]:
    """The roll as ``viewer`` may see it: whole, or redacted for the roller of a blind roll:
    then it says only that it happened, with status ``hidden`` (``pending`` would tell a
    partial) and ``updated_at`` its creation time; no dice, result, odds, proof, effects."""
    redacted = not can_see(
        values["visibility"], values["user_id"], viewer_id, viewer_is_storyteller
    )
    answer = {name: values[name] for name in _ANSWER_FIELDS}
    answer["dice"] = [] if redacted else values["dice"]
    answer["result"] = {} if redacted else values["result"]
    answer["odds"] = {} if redacted else values["odds"]
    answer["proof"] = [] if redacted else values["proof"]
    answer["effects"] = [] if redacted else values["state"].get("effects", [])
    answer["created_at"] = rfc3339(values["created_at"])
    answer["updated_at"] = answer["created_at"] if redacted else rfc3339(values["updated_at"])
    answer["hash"] = values["hash"]
    answer["redacted"] = redacted
    if redacted:
        answer["status"] = REDACTED_STATUS
    return answer


@dataclass(frozen=True, slots=True)
class RollFor:
    """The characters a roll names, read and checked before any die rolls."""

    character: CharacterRow | None
    helper: CharacterRow | None


async def _character(db: Db, seat: Seat, character_id: str, rolls: bool) -> CharacterRow:
    """The character a roll names (``rolls``: the roller's own, or any for a storyteller):
    as the last roll's batch checked it (the campaign memo), or read. Either way
    ``add_roll`` guards its version; a remembered row refuses nothing by itself."""
    remembered = memo.checked(db, seat.campaign.id, "character", character_id)
    if remembered is not None:
        with contextlib.suppress(NotFound, Forbidden):
            return _usable(seat, remembered, character_id, rolls)
    return _usable(seat, await characters_repo.read(db, character_id), character_id, rolls)


def _usable(
    seat: Seat, character: CharacterRow | None, character_id: str, rolls: bool
) -> CharacterRow:
    if character is None or character.campaign_id != seat.campaign.id:
        raise NotFound(
            msg("no character {character_id} in this campaign", character_id=character_id)
        )
    if rolls and not may_edit(seat, character):
        raise Forbidden(msg("you roll only for your own characters"))
    return character


async def characters_for(db: Db, seat: Seat, body: RollBody) -> RollFor:
    """Who may roll for whom: the roller's character (theirs, or any for a storyteller)
    and a helper of the same campaign; 404/403/422 before any die rolls."""
    character: CharacterRow | None = None
    if not seat.principal.may_act_for(body.character_id):  # a bot, for another character
        raise Forbidden(msg("a bot acts only for the characters delegated to it"))
    if body.character_id is not None:
        character = await _character(db, seat, body.character_id, rolls=True)
    helper: CharacterRow | None = None
    if isinstance(body, TestBody) and body.helper_id is not None:
        helper = await _character(db, seat, body.helper_id, rolls=False)
        if character is not None and helper.id == character.id:
            raise Unprocessable(msg("helper_id: a character cannot help itself"))
    if isinstance(body, TestBody) and seat.campaign.ruleset == "3d6":
        kinds.refuse_unspendable_rerolls(body)
    return RollFor(character, helper)


def _resolve(
    seat: Seat,
    body: RollBody,
    sheet: dict[str, Any] | None,
    dice: DiceSource,
    cites: list[dict[str, Any]] | None = None,
    spares: list[DiceSource] | None = None,
) -> kinds.Resolved:
    ruleset = seat.campaign.ruleset
    if isinstance(body, FormulaBody):
        return kinds.formula_roll(body, dice)
    if sheet is None:  # never: the schemas require a character for tests and saves
        raise Unprocessable(msg("character_id: a test or a save names a character"))
    hidden = body.visibility != "public"
    if isinstance(body, SaveBody):
        if ruleset != "d20":
            raise Unprocessable(
                msg("kind: a {ruleset} campaign has no saving throws", ruleset=ruleset)
            )
        return kinds.d20_roll(body, sheet, dice, hidden=hidden)
    if ruleset == "3d6":
        settings, storyteller = seat.campaign.settings, seat.is_storyteller
        return kinds.threed6_test(
            body, sheet, settings, dice, is_storyteller=storyteller, cites=cites, spares=spares
        )
    if ruleset == "matrix":
        return kinds.matrix_test(body, sheet, dice)
    return kinds.d20_roll(body, sheet, dice, hidden=hidden)


async def count_odds_off_the_loop(text: str) -> None:
    """A formula's odds, counted the first time in a worker thread (it may take tens of
    milliseconds), so that neither the event loop nor the campaign's lock waits on them;
    the roll then reads them from the engine's memo. A bad formula is left to the roll's
    own 422."""
    try:
        parsed = formula.parse_formula(text)
    except RulesError:
        return
    if not formula_odds.odds_known(parsed):
        await asyncio.to_thread(formula_odds.formula_odds_json, parsed)


async def create(
    writer: Writer,
    principal: Principal,
    campaign_id: str,
    body: RollBody | RequestAnswer,
    override: DiceSource | None,
    idempotency_key: str | None,
) -> tuple[int, bytes]:
    """Roll and store; answer (status, body bytes). A keyed retry replays the first answer.

    A bot rolls from the seat of the player who delegated the character to it (the
    ``delegate``): the roll is that player's (``user_id``), made by the bot (``acted_by``),
    and answered as that player reads it."""
    if isinstance(body, FormulaBody):
        await count_odds_off_the_loop(body.formula)
    # Without a key nothing is replayed, so the hot path skips dumping and hashing the body.
    digest = (
        idempotency.fingerprint("roll", campaign_id, body.model_dump(mode="json"))
        if idempotency_key
        else ""
    )

    async def prepare(job: Job, seat: Seat) -> RollFor:
        if isinstance(body, RequestAnswer):  # its request, read under the lock, says
            return RollFor(None, None)
        return await characters_for(job.db, seat, body)

    async def act(cj: CampaignJob, named: RollFor) -> tuple[int, dict[str, Any]]:
        delegation = cj.seat.principal.delegation
        if delegation is not None:  # revoked meanwhile: the batch is not written
            cj.ledger.guard(delegations_repo.live(delegation))
        if isinstance(body, RequestAnswer):  # the roll a roll request asks for
            answering = await roll_requests.answer(cj, body)
            named = await characters_for(cj.db, cj.seat, answering.body)
            values = await add_roll(cj.ledger, cj.seat, answering.body, named, answering.link)
            answering.answered(values)
        else:
            values = await add_roll(cj.ledger, cj.seat, body, named)
        return 201, to_answer(values, cj.seat.user_id, cj.seat.is_storyteller)

    return await campaign_job(
        writer,
        principal,
        campaign_id,
        act,
        scope="roll",
        roles=PLAYING,
        prepare=prepare,
        once=Idempotent(idempotency_key, digest),
        override=override,
        delegate=delegations.acting(body.character_id, "roll"),
    )


async def add_roll(
    ledger: Ledger, seat: Seat, body: RollBody, named: RollFor, link: dict[str, str] | None = None
) -> RollRow:
    """Roll what ``body`` asks for from the ledger, and store it with its event.

    The building block of every flow that rolls for a character (contests, group actions,
    long tasks). ``named`` are the characters as read in the job: guarded, so the roll is
    made again if one changed meanwhile. ``link`` goes into the roll's state (never
    shown), e.g. the contest whose round waits on it. Answers the stored values
    (``to_answer`` turns them into what a viewer may see)."""
    character = named.character
    for read in (character, named.helper):
        if read is not None:
            ledger.guard(characters_repo.unchanged(read))
            ledger.checked("character", read.id, read)
    test = body if isinstance(body, TestBody) and seat.campaign.ruleset == "3d6" else None
    claimed = None
    if test is not None and test.rerolls and character is not None:
        cited = [r.model_dump(exclude_none=True) for r in test.rerolls]
        claimed = await grants.claim(ledger.db, seat, character, cited)
    dice, draw = await ledger.draw()
    proof = [draw]
    spares: list[DiceSource] | None = None
    if test is not None and kinds.settles_when_rolled(test):
        # One draw reserved per reroll, spent or not: the nonces a hidden roll takes never
        # tell how many rerolls its dice needed (app/rules/verify_dice.py).
        reserved = [await ledger.draw() for _ in test.rerolls]
        spares = [source for source, _ in reserved]
        proof += [entry for _, entry in reserved]
    cites = claimed.cites if claimed is not None else None
    resolved = _resolve(seat, body, character.sheet if character else None, dice, cites, spares)
    for entry in proof[1 + resolved.draws_used :]:
        entry["unused"] = True
    state = {**(resolved.state or {}), **(link or {})}
    if resolved.effects and character is not None:
        state["effects"] = [{"character_id": character.id, **e} for e in resolved.effects]
    values = store_roll(
        ledger,
        campaign_id=seat.campaign.id,
        ruleset=seat.campaign.ruleset,
        kind=body.kind,
        user_id=seat.user_id,
        character_id=body.character_id,
        visibility=body.visibility,
        note=body.note,
        engine_roll=resolved.roll,
        proof=proof,
        status=resolved.status,
        state=state or None,
        acted_by=seat.principal.acted_by,
    )
    if claimed is not None and claimed.grants:
        grants.use(ledger, seat, claimed.grants, values["id"])
    if resolved.new_sheet is not None and character is not None and body.visibility == "public":
        # A failed save, a faith roll ending panic: the sheet changes with the roll. A
        # hidden roll's effects wait in its state for the reveal (app/characters/held.py),
        # so it takes one seq and changes no row or version, whatever its outcome.
        ledger.write(characters_repo.set_sheet(character, resolved.new_sheet, values["created_at"]))
        saved = character._replace(sheet=resolved.new_sheet, version=character.version + 1)
        ledger.record("character.updated", to_read(saved, seat.campaign.ruleset))
    return values


def store_roll(
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
    acted_by: str | None = None,
) -> RollRow:
    """Store an engine roll as a roll of the log: its seq, chain link, row and event.

    Flows whose dice the server rolls on its own (damage checks…) call this directly with
    a draw of their own from ``ledger``."""
    seq = ledger.next_seq()
    now = utcnow()
    values: RollRow = {
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
        "result": result_of(engine_roll, state),
        "odds": engine_roll.odds_dict(),
        "state": state or {},
        "proof": proof,
        "prev_hash": "",
        "hash": "",
        "created_at": now,
        "updated_at": now,
        "acted_by": acted_by,
    }
    values["prev_hash"], values["hash"] = ledger.link(chain_view(values), seq)
    ledger.add(repo.ROLLS, values)
    tally.record(ledger, None, values)  # a final roll counts in the luck statistics
    record_roll_event(ledger, "roll.created", values)
    return values


def chain_view(values: Mapping[str, Any]) -> dict[str, Any]:
    """The roll as the chain covers it: API field shapes (RFC 3339 times) plus the proof."""
    view = dict(values)
    view["created_at"] = rfc3339(values["created_at"])
    view["updated_at"] = rfc3339(values["updated_at"])
    return view


def record_roll_event(
    ledger: Ledger,
    type: str,
    roll: RollRow,
    seq: int | None = None,
    previous: RollRow | None = None,
) -> None:
    """The roll's event: the whole roll, for whoever may see it (the visibility rule),
    carrying the roll's new link of the hash chain. It is stored compact, since the roll's
    row holds the same body; ``previous``, the roll as it was before this new state, gives
    the event of that state its body back."""
    ledger.record(
        type,
        roll_body(roll),
        visibility=roll["visibility"],
        user_id=roll["user_id"],
        seq=roll["seq"] if seq is None else seq,
        prev_hash=roll["prev_hash"],
        hash=roll["hash"],
        roll_seq=roll["seq"],
        replaces=previous,
    )


def result_of(engine_roll: Any, state: dict[str, Any] | None) -> dict[str, Any]:
    result: dict[str, Any] = engine_roll.result_dict()
    if state and state.get("helper_id"):
        result["helper_id"] = state["helper_id"]
    if state and state.get("request_id"):  # it answers a roll request (app/roll_requests)
        result["request_id"] = state["request_id"]
    return result


# --- reads -----------------------------------------------------------------------------------


async def seat_for_roll(
    db: Db, principal: Principal, roll_id: str, scope: str
) -> tuple[Seat, RollRow]:
    """The roll and the caller's seat; 404 if they do not sit there or may not see it. A
    bot reads a roll of a character delegated to it as the delegating player reads it."""
    roll = await repo.get(db, roll_id) if "\x00" not in roll_id else None
    if roll is None:
        raise NotFound(msg("no such roll"))
    try:
        return await _seat_to_see(db, principal, roll["campaign_id"], scope, roll), roll
    except NotFound:
        character = [roll["character_id"]] if roll["character_id"] else []
        seat = await delegations.delegator_seat(
            db, principal, roll["campaign_id"], character, scope
        )
        if seat is None:
            raise
    require_sight(seat, roll)
    return seat, roll


async def _seat_to_see(
    db: Db, principal: Principal, campaign_id: str, scope: str, roll: RollRow
) -> Seat:
    try:
        seat = await take_seat(db, principal, campaign_id, scope)
    except NotFound:
        raise NotFound(msg("no such roll")) from None
    require_sight(seat, roll)
    return seat


def require_sight(seat: Seat, roll: RollRow) -> None:
    if not can_see(roll["visibility"], roll["user_id"], seat.user_id, seat.is_storyteller):
        raise NotFound(msg("no such roll"))


async def log(
    db: Db, seat: Seat, limit: int, before_seq: int | None, where: repo.RollFilter
) -> list[RollRow]:
    """A page of the log as ``seat`` may see it, narrowed by ``where``."""
    if where.since is not None and where.until is not None and where.since > where.until:
        raise InvalidFields([{"loc": ("query", "since"), "msg": "since is after until"}])
    return await repo.log(
        db, seat.campaign.id, seat.user_id, seat.is_storyteller, limit, before_seq, where
    )


async def pending(db: Db, seat: Seat) -> list[RollRow]:
    """Every pending roll ``seat`` may see, newest first (the partial index of pending
    rolls: never a walk of the log)."""
    rows: list[RollRow] = []
    before: int | None = None
    while True:
        page = await repo.log(
            db, seat.campaign.id, seat.user_id, seat.is_storyteller, 500, before,
            repo.RollFilter(status="pending"),
        )  # fmt: skip
        rows.extend(page)
        if len(page) < 500:
            return rows
        before = page[-1]["seq"]
