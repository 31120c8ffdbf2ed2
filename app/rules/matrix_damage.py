"""Ruleset ``matrix``: damage formulas, counters and the checks they trigger.

Physical damage is written ``M+F``: M points of mortality and M+F points of fatigue, from
one roll of M (every point of mortality is also a point of fatigue). Mental damage is one
term and goes to madness. Each multiple of 10 a counter crosses asks for one check, rolled
after the whole hit with the new effective stats, in the order mortality → fatigue →
madness, and none once the character is dead.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from app.rules.dice import DiceSource
from app.rules.errors import FormulaError, RollError, SheetError
from app.rules.formula import parse_formula
from app.rules.formula_ast import Binary, Dice, Literal, Node, Unary
from app.rules.matrix import (
    COUNTER_LIMIT,
    MatrixSheet,
    MatrixTest,
    roll_test,
    trait_stat,
)
from app.rules.message import msg
from app.rules.results import Die, JSONDict

__all__ = [
    "CHECKS",
    "DAMAGE_KINDS",
    "DamageFormula",
    "DamageResult",
    "DamageTerm",
    "MatrixCheck",
    "apply_damage",
    "parse_damage",
]

DAMAGE_KINDS = ("physical", "mental")
CHECKS: tuple[tuple[str, str, str], ...] = (
    ("mortality", "endurance", "dead"),
    ("fatigue", "morale", "unconscious"),
    ("madness", "concentration", "panicked"),
)
"""(counter, stat rolled, state a failure sets), in the order checks are rolled."""

MAX_COUNT, MIN_SIDES, MAX_SIDES, MAX_CONSTANT = 20, 2, 100, 100
MAX_FORMULA_LENGTH = 40
_DIGITS = frozenset("0123456789")


class DamageTerm(NamedTuple):
    """``number``d``sides`` dice, or a plain ``constant`` when ``number`` is 0."""

    number: int
    sides: int
    constant: int

    def roll(self, dice: DiceSource) -> tuple[int, tuple[Die, ...]]:
        if not self.number:
            return self.constant, ()
        faces = dice.roll(self.sides, self.number)
        return sum(faces), tuple(Die(self.sides, face) for face in faces)

    def __str__(self) -> str:
        return f"{self.number}d{self.sides}" if self.number else str(self.constant)


class DamageFormula(NamedTuple):
    """A parsed damage formula: ``terms`` is (M, F) when physical, (term,) when mental."""

    kind: str
    terms: tuple[DamageTerm, ...]

    def __str__(self) -> str:
        return "+".join(str(term) for term in self.terms)


def _skip_spaces(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] == " ":
        pos += 1
    return pos


def _number(text: str, pos: int) -> tuple[str, int]:
    end = pos
    while end < len(text) and text[end] in _DIGITS:
        end += 1
    return text[pos:end], end


FREE_NOTATION = msg(
    "damage takes NdS or a constant on each side of '+' (mental damage: one of them); the"
    " free formula's notation (kh, e, rr, ...) is not used in damage"
)


def _shape_error(message: str, text: str, pos: int) -> FormulaError:
    """A damage formula of the wrong shape; when it is written in the free formula's
    richer notation (keep, explode, products, sets…), say that damage does not take it."""
    try:
        free = parse_formula(text)
    except FormulaError:
        return FormulaError(message, text, pos)
    return FormulaError(FREE_NOTATION if _rich(free.tree) else message, text, pos)


def _rich(node: Node) -> bool:
    """Whether a free formula uses more than dice, numbers, '+' and '-'."""
    if isinstance(node, Dice):
        return bool(node.ops or node.note) or not isinstance(node.size, int)
    if isinstance(node, Literal):
        return bool(node.note)
    if isinstance(node, Unary):
        return _rich(node.operand)
    if isinstance(node, Binary):
        return node.op not in ("+", "-") or _rich(node.left) or _rich(node.right)
    return True  # a set or parentheses


def _term(text: str, pos: int) -> tuple[DamageTerm, int]:
    start = _skip_spaces(text, pos)
    digits, pos = _number(text, start)
    if not digits:
        found = f"{text[start]!r}" if start < len(text) else "the end"
        raise _shape_error(
            msg("expected a dice term NdS or a constant, found {found}", found=found), text, start
        )
    if pos < len(text) and text[pos] in "dD":
        count = int(digits)
        if not 1 <= count <= MAX_COUNT:
            raise FormulaError(
                msg(
                    "a damage term rolls 1..{max_count} dice, not {count}",
                    max_count=MAX_COUNT,
                    count=count,
                ),
                text,
                start,
            )
        sides_at = pos + 1
        sides_digits, pos = _number(text, sides_at)
        if not sides_digits:
            raise _shape_error(msg("expected the number of sides after 'd'"), text, sides_at)
        sides = int(sides_digits)
        if not MIN_SIDES <= sides <= MAX_SIDES:
            raise FormulaError(
                msg(
                    "a damage die has {min_sides}..{max_sides} sides, not {sides}",
                    min_sides=MIN_SIDES,
                    max_sides=MAX_SIDES,
                    sides=sides,
                ),
                text,
                sides_at,
            )
        return DamageTerm(count, sides, 0), pos
    constant = int(digits)
    if constant > MAX_CONSTANT:
        raise FormulaError(
            msg(
                "a damage constant is 0..{max_constant}, not {constant}",
                max_constant=MAX_CONSTANT,
                constant=constant,
            ),
            text,
            start,
        )
    return DamageTerm(0, 0, constant), pos


def parse_damage(kind: str, formula: str) -> DamageFormula:
    """Parse ``M+F`` (physical) or a single term (mental); spaces around terms are allowed."""
    if kind not in DAMAGE_KINDS:
        raise RollError(msg("damage type must be 'physical' or 'mental', not {kind!r}", kind=kind))
    if not isinstance(formula, str):
        raise FormulaError(
            msg(
                "a damage formula must be text, not {formula_type}",
                formula_type=type(formula).__name__,
            ),
            "",
            0,
        )
    if len(formula) > MAX_FORMULA_LENGTH:
        raise FormulaError(
            msg(
                "a damage formula is at most {max_formula_length} characters",
                max_formula_length=MAX_FORMULA_LENGTH,
            ),
            formula[:MAX_FORMULA_LENGTH] + "…",
            MAX_FORMULA_LENGTH,
        )
    if not formula.strip(" "):
        raise FormulaError(msg("empty damage formula"), formula, 0)
    first, pos = _term(formula, 0)
    pos = _skip_spaces(formula, pos)
    if kind == "mental":
        if pos < len(formula):
            raise _shape_error(
                msg(
                    "mental damage is a single term (NdS or a constant), unexpected {formula!r}",
                    formula=formula[pos],
                ),
                formula,
                pos,
            )
        return DamageFormula(kind, (first,))
    if pos == len(formula) or formula[pos] != "+":
        found = f"{formula[pos]!r}" if pos < len(formula) else "the end"
        raise _shape_error(
            msg("physical damage is written M+F: expected '+', found {found}", found=found),
            formula,
            pos,
        )
    second, pos = _term(formula, pos + 1)
    pos = _skip_spaces(formula, pos)
    if pos < len(formula):
        raise _shape_error(
            msg(
                "physical damage is exactly M+F, unexpected {formula!r} after it",
                formula=formula[pos],
            ),
            formula,
            pos,
        )
    return DamageFormula(kind, (first, second))


class MatrixCheck(NamedTuple):
    """One check a crossed multiple of 10 asked for; ``state_set`` is set on a failure."""

    counter: str
    threshold: int
    test: MatrixTest
    state_set: str | None

    @property
    def dice(self) -> tuple[Die, ...]:
        return self.test.dice

    def result_dict(self) -> JSONDict:
        result = self.test.result_dict()
        result.update(counter=self.counter, threshold=self.threshold, state_set=self.state_set)
        return result

    def odds_dict(self) -> JSONDict:
        return self.test.odds_dict()

    def to_dict(self) -> JSONDict:
        return {
            "dice": [die.to_dict() for die in self.dice],
            "result": self.result_dict(),
            "odds": self.odds_dict(),
        }


class DamageResult(NamedTuple):
    """A hit, applied: the damage dice, the points dealt, the checks and the new sheet.

    ``mortality``/``fatigue``/``madness`` are the points the hit dealt; the sheet's
    counters saturate at ``COUNTER_LIMIT``.
    """

    dice: tuple[Die, ...]
    mortality: int
    fatigue: int
    madness: int
    checks: tuple[MatrixCheck, ...]
    sheet: MatrixSheet

    def to_dict(self) -> JSONDict:
        return {
            "dice": [die.to_dict() for die in self.dice],
            "mortality": self.mortality,
            "fatigue": self.fatigue,
            "madness": self.madness,
            "checks": [check.to_dict() for check in self.checks],
            "sheet": self.sheet.to_dict(),
        }


def apply_damage(
    sheet: MatrixSheet,
    kind: str,
    formula: str,
    dice: DiceSource,
    *,
    fatigue_only: bool = False,
) -> DamageResult:
    """Roll a hit, add it to the counters, then roll the checks it triggers.

    Damage dice are rolled first (M, then F), then the checks, so a scripted source reads
    in table order. ``fatigue_only`` is the campaign option for non-player characters:
    all of M+F goes to fatigue and mortality is left alone; mental damage is unaffected.
    """
    if not isinstance(sheet, MatrixSheet):
        raise SheetError(
            msg("expected a MatrixSheet, not {sheet_type}", sheet_type=type(sheet).__name__)
        )
    if type(fatigue_only) is not bool:
        raise RollError(
            msg(
                "fatigue_only must be true or false, not {fatigue_only!r}",
                fatigue_only=fatigue_only,
            )
        )
    parsed = parse_damage(kind, formula)
    mortality = fatigue = madness = 0
    if parsed.kind == "physical":
        m_points, m_dice = parsed.terms[0].roll(dice)
        f_points, f_dice = parsed.terms[1].roll(dice)
        rolled = m_dice + f_dice
        mortality = 0 if fatigue_only else m_points
        fatigue = m_points + f_points
    else:
        madness, rolled = parsed.terms[0].roll(dice)
    added = {"mortality": mortality, "fatigue": fatigue, "madness": madness}
    before = {name: getattr(sheet, name) for name in added}
    after = {name: min(before[name] + points, COUNTER_LIMIT) for name, points in added.items()}
    hurt = replace(sheet, **after)
    checks, states = _checks(hurt, before, after, dice)
    final = replace(hurt, **states) if states else hurt
    return DamageResult(rolled, mortality, fatigue, madness, checks, final)


def _checks(
    sheet: MatrixSheet, before: dict[str, int], after: dict[str, int], dice: DiceSource
) -> tuple[tuple[MatrixCheck, ...], dict[str, bool]]:
    """Roll one check per multiple of 10 crossed, stopping for good at a death."""
    checks: list[MatrixCheck] = []
    states: dict[str, bool] = {}
    dead = sheet.dead
    for counter, trait, state in CHECKS:
        first = before[counter] // 10 + 1
        last = after[counter] // 10
        if first > last:
            continue
        stat = trait_stat(sheet, trait)
        for multiple in range(first, last + 1):
            if dead:
                return tuple(checks), states
            test = roll_test(dice, stat, trait=trait)
            state_set = None
            if not test.success:
                state_set = state
                states[state] = True
                dead = dead or state == "dead"
            checks.append(MatrixCheck(counter, multiple * 10, test, state_set))
    return tuple(checks), states
