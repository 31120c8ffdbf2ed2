"""What a storyteller does to a character's counters and conditions: matrix damage (with
the checks it triggers) and removing a d20 condition.

A hit is a write job on the campaign's ledger. Its dice are verifiable like any roll's:
the damage dice come from one draw and are stored as a roll of kind ``damage``; each
threshold check is an ordinary matrix ``test`` of the log, rolled by the server from a
draw of its own. The sheet is written once, compare-and-set on its version, and a
``character.updated`` event follows the rolls.
"""

from __future__ import annotations

from typing import Any

from app.campaigns.jobs import CampaignJob, Idempotent, campaign_job
from app.campaigns.ledger import Ledger
from app.campaigns.seats import STORYTELLER, Seat
from app.characters import repository as characters_repo
from app.characters.held import held_for
from app.characters.repository import CharacterRow
from app.characters.service import CharacterLookup, to_read
from app.core import idempotency
from app.core.db import utcnow
from app.core.errors import Conflict, NotFound, Unprocessable
from app.core.i18n import msg
from app.core.security import Principal
from app.core.writer import Job, Writer
from app.rolls.service import store_roll, to_answer
from app.rules import DiceSource, d20, matrix, matrix_damage
from app.rules.matrix_damage import DamageResult
from app.rules.results import Die, JSONDict


def _save_sheet(
    ledger: Ledger, seat: Seat, character: CharacterRow, sheet: dict[str, Any]
) -> dict[str, Any]:
    """Write the sheet at the next version, record ``character.updated``, answer it."""
    ledger.guard(characters_repo.unchanged(character))
    ledger.write(characters_repo.set_sheet(character, sheet, utcnow()))
    saved = character._replace(sheet=sheet, version=character.version + 1)
    answer = to_read(saved, seat.campaign.ruleset)
    ledger.record("character.updated", answer)
    return answer


# --- matrix damage --------------------------------------------------------------------------


class _NeedDraw(Exception):
    """The engine asked for one more check die than there are draws yet."""


class _HitDice:
    """The dice source ``apply_damage`` rolls from: the damage dice from the hit's draw,
    then the n-th check's die from the n-th check draw.

    The engine rolls a hit in one synchronous call, but a draw needs the database. So the
    hit is replayed: when the engine asks for a check die that has no draw yet, the roll
    stops (``_NeedDraw``), the service takes the next draw and runs the engine again, which
    sees every earlier face again and so takes the very same path. Nonces stay contiguous
    and each check's proof holds exactly its own die."""

    def __init__(self, damage_calls: int, damage: DiceSource) -> None:
        self._damage_calls = damage_calls
        self._sources: list[DiceSource] = [damage]
        self._faces: list[list[int]] = []
        self._calls = 0

    def add_check_source(self, source: DiceSource) -> None:
        self._sources.append(source)

    def rewind(self) -> None:
        self._calls = 0

    def roll(self, sides: int, count: int = 1) -> list[int]:
        call = self._calls
        self._calls += 1
        if call < len(self._faces):
            return list(self._faces[call])
        source = 0 if call < self._damage_calls else 1 + call - self._damage_calls
        if source >= len(self._sources):
            raise _NeedDraw
        faces = self._sources[source].roll(sides, count)
        self._faces.append(list(faces))
        return faces


class _DamageRoll:
    """The hit itself as a roll of the log (kind ``damage``): its dice and what they dealt."""

    def __init__(self, hit: DamageResult, kind: str, formula: str, fatigue_only: bool) -> None:
        self.dice: tuple[Die, ...] = hit.dice
        self._result: JSONDict = {
            "type": kind,
            "formula": formula,
            "mortality": hit.mortality,
            "fatigue": hit.fatigue,
            "madness": hit.madness,
            "fatigue_only": fatigue_only,
            "counters": hit.sheet.counters,
        }

    def result_dict(self) -> JSONDict:
        return dict(self._result)

    def odds_dict(self) -> JSONDict:
        return {}


async def _roll_hit(
    ledger: Ledger, sheet: matrix.MatrixSheet, kind: str, formula: str, fatigue_only: bool
) -> tuple[DamageResult, dict[str, Any], list[dict[str, Any]]]:
    """Apply the hit with the engine; answer it, the damage draw and one draw per check."""
    parsed = matrix_damage.parse_damage(kind, formula)
    source, damage_draw = await ledger.draw()
    dice = _HitDice(sum(1 for term in parsed.terms if term.number), source)
    check_draws: list[dict[str, Any]] = []
    while True:
        dice.rewind()
        try:
            hit = matrix_damage.apply_damage(sheet, kind, formula, dice, fatigue_only=fatigue_only)
        except _NeedDraw:
            check_source, draw = await ledger.draw()
            dice.add_check_source(check_source)
            check_draws.append(draw)
            continue
        return hit, damage_draw, check_draws


async def _hit(
    ledger: Ledger, seat: Seat, character: CharacterRow, kind: str, formula: str
) -> dict[str, Any]:
    ledger.guard(characters_repo.unchanged(character))  # read before the lock
    sheet = matrix.parse_sheet(character.sheet)
    fatigue_only = character.npc and bool(seat.campaign.settings.get("npc_fatigue_only"))
    hit, damage_draw, check_draws = await _roll_hit(ledger, sheet, kind, formula, fatigue_only)
    common: dict[str, Any] = {
        "campaign_id": seat.campaign.id,
        "ruleset": "matrix",
        "user_id": seat.user_id,
        "character_id": character.id,
        "visibility": "public",
        "note": None,
    }
    normal_form = str(matrix_damage.parse_damage(kind, formula))
    damage_roll = store_roll(
        ledger,
        kind="damage",
        engine_roll=_DamageRoll(hit, kind, normal_form, fatigue_only),
        proof=[damage_draw],
        **common,
    )
    checks = [
        store_roll(ledger, kind="test", engine_roll=check, proof=[draw], **common)
        for check, draw in zip(hit.checks, check_draws, strict=True)
    ]
    new_sheet = hit.sheet.to_dict()
    if new_sheet == sheet.to_dict():  # a hit of 0 points on a dead character changes nothing
        answer = to_read(character, seat.campaign.ruleset)
    else:
        answer = _save_sheet(ledger, seat, character, new_sheet)
    return {
        "dice": [die.to_dict() for die in hit.dice],
        "mortality": hit.mortality,
        "fatigue": hit.fatigue,
        "madness": hit.madness,
        "checks": [to_answer(check, seat.user_id, True) for check in checks],
        "character": answer,
        "roll": to_answer(damage_roll, seat.user_id, True),
    }


async def damage(
    writer: Writer,
    principal: Principal,
    character_id: str,
    kind: str,
    formula: str,
    override: DiceSource | None,
    idempotency_key: str | None,
) -> bytes:
    """Deal a hit to a matrix character and roll the checks it triggers, in one job."""
    matrix_damage.parse_damage(kind, formula)  # a bad formula is refused before any work
    digest = idempotency.fingerprint("damage", character_id, kind, formula)

    lookup = CharacterLookup(character_id)

    async def prepare(job: Job, seat: Seat) -> CharacterRow:
        if seat.campaign.ruleset != "matrix":
            ruleset = seat.campaign.ruleset
            raise Unprocessable(
                msg("damage is a matrix rule; this is a {ruleset} campaign", ruleset=ruleset)
            )
        return lookup.found()

    async def act(cj: CampaignJob, character: CharacterRow) -> tuple[int, dict[str, Any]]:
        return 200, await _hit(cj.ledger, cj.seat, character, kind, formula)

    _, body = await campaign_job(
        writer,
        principal,
        lookup.campaign,
        act,
        scope="roll",
        roles=STORYTELLER,
        what=msg("character"),
        prepare=prepare,
        once=Idempotent(idempotency_key, digest),
        override=override,
    )
    return body


# --- d20 conditions ---------------------------------------------------------------------------


async def remove_condition(
    writer: Writer, principal: Principal, character_id: str, condition: str
) -> bytes:
    """The storyteller lifts a condition (compared without regard to case); 404 if the
    character does not have it."""

    lookup = CharacterLookup(character_id)

    async def prepare(job: Job, seat: Seat) -> CharacterRow:
        if seat.campaign.ruleset != "d20":
            ruleset = seat.campaign.ruleset
            raise Unprocessable(
                msg("conditions are a d20 rule; this is a {ruleset} campaign", ruleset=ruleset)
            )
        character = lookup.found()
        if not d20.parse_sheet(character.sheet).has_condition(condition):
            # Only storytellers get here, and they read the hidden rolls whose effects
            # they are told about (held_for keeps to what the seat may read).
            held = (await held_for(job.db, seat, character.id)).get(character.id, [])
            if any(e.get("condition", "").lower() == condition.strip().lower() for e in held):
                raise Conflict(
                    msg(
                        "{strip!r} is held by a hidden roll: reveal it first",
                        strip=condition.strip(),
                    )
                )
        return character

    async def act(cj: CampaignJob, character: CharacterRow) -> tuple[int, dict[str, Any]]:
        sheet = d20.parse_sheet(character.sheet)
        if not sheet.has_condition(condition):
            present = ", ".join(sheet.conditions) or "none"
            raise NotFound(
                msg(
                    "the character has no condition {strip!r} ({present})",
                    strip=condition.strip(),
                    present=present,
                )
            )
        new_sheet = d20.remove_condition(sheet, condition).to_dict()
        return 200, _save_sheet(cj.ledger, cj.seat, character, new_sheet)

    _, body = await campaign_job(
        writer,
        principal,
        lookup.campaign,
        act,
        scope="manage",
        roles=STORYTELLER,
        what=msg("character"),
        prepare=prepare,
    )
    return body
