"""From a validated request and a stored sheet to an engine roll, per ruleset and kind.

No I/O here: the service loads the campaign and the character, this module asks the
engine. Fields a ruleset does not use are refused, so a client learns at once that, say,
advantage means nothing in ``matrix``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from app.core.errors import Forbidden, Unprocessable
from app.core.i18n import msg
from app.rolls.schemas import FormulaBody, SaveBody, TestBody
from app.rules import DiceSource, Die, d20, formula, matrix, threed6


@dataclass(frozen=True, slots=True)
class Resolved:
    """An engine roll plus what the service must persist besides it."""

    roll: Any  # an engine roll: .dice, .result_dict(), .odds_dict()
    status: str = "final"
    state: dict[str, Any] | None = None
    new_sheet: dict[str, Any] | None = None  # the character's sheet after the roll
    # What the outcome does to the sheet, as changes app/characters/held.py applies: a
    # public roll writes ``new_sheet`` at once, a hidden one holds these until revealed.
    effects: tuple[dict[str, Any], ...] = ()
    # Of the draws reserved for rerolls spent on stated choices, how many were needed.
    draws_used: int = 0


_TEST_FIELDS = {
    "3d6": {
        "difficulty", "advantage", "disadvantage", "helper_id", "rerolls", "on_partial",
        "spend_rerolls",
    },
    "matrix": {"difficulty"},
    "d20": {"difficulty", "advantage", "disadvantage"},
}  # fmt: skip
_COMMON = {"kind", "character_id", "trait", "visibility", "note", "condition"}


def _refuse_foreign_fields(ruleset: str, body: TestBody | SaveBody) -> None:
    allowed = _TEST_FIELDS[ruleset] | _COMMON
    extra = sorted(body.model_fields_set - allowed)
    if extra:
        raise Unprocessable(
            msg(
                "{extra}: not used by a {ruleset} {body_kind}",
                extra=extra[0],
                ruleset=ruleset,
                body_kind=body.kind,
            )
        )


def settles_when_rolled(body: TestBody) -> bool:
    """Whether a 3d6 test takes its player's choices with it (docs/rules.md, "who decides"):
    a blind one always (its player cannot see it to choose later), any other one when it
    states them (``on_partial``, ``spend_rerolls``)."""
    return body.visibility == "blind" or body.spend_rerolls or body.on_partial is not None


def refuse_unspendable_rerolls(body: TestBody) -> None:
    """A roll settled when rolled cannot keep a reroll for later: its cited rerolls are
    spent at once, on the player's word (``spend_rerolls``), or not cited at all."""
    if body.rerolls and settles_when_rolled(body) and not body.spend_rerolls:
        why = msg("a blind roll hides its dice") if body.visibility == "blind" else "on_partial"
        raise Unprocessable(
            msg(
                "rerolls: {why} settles the roll when it is rolled, so its rerolls are spent "
                'at once: send "spend_rerolls": true (or cite none)',
                why=why,
            )
        )


def threed6_test(
    body: TestBody,
    sheet_data: dict[str, Any],
    settings: dict[str, Any],
    dice: DiceSource,
    *,
    is_storyteller: bool,
    cites: list[dict[str, Any]] | None = None,
    spares: list[DiceSource] | None = None,
) -> Resolved:
    """A 3d6 test. ``cites`` are the rerolls as the service resolved them (a player's
    storyteller reroll names the grant it uses up); ``spares`` holds one reserved draw per
    cite when the test settles when rolled (``settles_when_rolled``)."""
    _refuse_foreign_fields("3d6", body)
    sheet = threed6.parse_sheet(sheet_data)
    score = sheet.score(body.trait)
    if cites is None:
        cites = [r.model_dump(exclude_none=True) for r in body.rerolls]
    direct = any(c["source"] == "storyteller" and c.get("grant_id") is None for c in cites)
    if direct and not is_storyteller:
        raise Forbidden(
            msg("only a storyteller grants a reroll; a player cites a grant made before")
        )
    sources = threed6.check_reroll_sources(sheet, cites)
    roll = threed6.roll_test(
        dice,
        score,
        difficulty=threed6.parse_difficulty(body.difficulty),
        advantage=body.advantage or body.helper_id is not None,
        disadvantage=body.disadvantage,
        rerolls=sources,
        reroll_any_die=bool(settings.get("reroll_any_die", False)),
    )
    used = 0
    if settles_when_rolled(body):
        refuse_unspendable_rerolls(body)
        on_partial = body.on_partial or ("fail" if body.visibility == "blind" else None)
        roll, used = threed6.settle(roll, spares or [], on_partial)
    state = {"trait": body.trait, "helper_id": body.helper_id, **threed6_state(roll)}
    return Resolved(roll, roll.status, state, draws_used=used)


def matrix_test(body: TestBody, sheet_data: dict[str, Any], dice: DiceSource) -> Resolved:
    _refuse_foreign_fields("matrix", body)
    difficulty = 0 if body.difficulty is None else body.difficulty
    if not isinstance(difficulty, int):
        raise Unprocessable(msg("difficulty: a matrix difficulty is an integer 0..20"))
    sheet = matrix.parse_sheet(sheet_data)
    roll = matrix.roll_trait(dice, sheet, body.trait, difficulty=difficulty)
    if body.trait == "faith" and roll.success and sheet.panicked:  # a faith roll ends panic
        ended = replace(sheet, panicked=False).to_dict()
        return Resolved(roll, new_sheet=ended, effects=({"change": "end_panic"},))
    return Resolved(roll)


def d20_roll(
    body: TestBody | SaveBody, sheet_data: dict[str, Any], dice: DiceSource, *, hidden: bool
) -> Resolved:
    """A d20 test or save. A failed save's condition is an effect; the new sheet is worked
    out only for a public roll: a hidden one must not fail (a full sheet) on its outcome."""
    _refuse_foreign_fields("d20", body)
    sheet = d20.parse_sheet(sheet_data)
    condition = body.condition if isinstance(body, SaveBody) else None
    roll = d20.roll_ability(
        dice,
        sheet,
        d20.parse_ability(body.trait),
        difficulty=d20.parse_difficulty(body.difficulty),
        advantage=body.advantage,
        disadvantage=body.disadvantage,
        condition=condition,
    )
    applied = roll.condition if roll.is_save and roll.condition_applied else None
    if applied is None:
        return Resolved(roll)
    effects = ({"change": "add_condition", "condition": applied},)
    new_sheet = None
    if not hidden and not sheet.has_condition(applied):
        new_sheet = d20.apply_save(sheet, roll).to_dict()
    return Resolved(roll, new_sheet=new_sheet, effects=effects)


def formula_roll(body: FormulaBody, dice: DiceSource) -> Resolved:
    return Resolved(formula.roll_formula(dice, body.formula))


# --- 3d6 pending state ------------------------------------------------------------------


def threed6_state(roll: threed6.ThreeD6Roll) -> dict[str, Any]:
    """What a pending 3d6 roll needs to continue after a round trip through the database."""
    return {
        "score": roll.score,
        "difficulty": roll.difficulty,
        "sources": [s.to_dict() for s in roll.sources],
        "spent": [
            {"die": s.die, "source": s.source.to_dict(), "old": s.old, "new": s.new}
            for s in roll.spent
        ],
        "reroll_any_die": roll.reroll_any_die,
        "choice": roll.choice,
        "finalized": roll.finalized,
        "rerolls_at_start": roll.rerolls_at_start,
        "granted": roll.granted,
    }


def threed6_from_state(state: dict[str, Any], dice: list[dict[str, Any]]) -> threed6.ThreeD6Roll:
    return threed6.ThreeD6Roll(
        score=state["score"],
        difficulty=state["difficulty"],
        dice=tuple(
            Die(d["sides"], d["value"], tuple(d["history"]), d.get("success")) for d in dice
        ),
        sources=tuple(threed6.RerollSource.from_dict(s) for s in state["sources"]),
        spent=tuple(
            threed6.SpentReroll(
                s["die"], threed6.RerollSource.from_dict(s["source"]), s["old"], s["new"]
            )
            for s in state["spent"]
        ),
        reroll_any_die=state["reroll_any_die"],
        choice=state["choice"],
        finalized=state["finalized"],
        rerolls_at_start=state["rerolls_at_start"],
        granted=state.get("granted", 0),  # absent from states stored before grants reopened
    )
