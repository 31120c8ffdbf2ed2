"""The free dice formula any campaign may roll, in the notation of the ``d20`` package.

``parse_formula`` (``app.rules.formula_parse``) reads the text (``app.rules.formula_syntax``:
the grammar, the size caps) and refuses, before any die is rolled, whatever could fail or run long
(``app.rules.formula_check``); ``roll_formula`` rolls it (``app.rules.formula_eval``: the
package's semantics, draw for draw) and the roll renders itself for the API
(``app.rules.formula_render``). Odds: ``app.rules.formula_odds``.

The formulas tables roll most, sums of ``NdS``, ``NdSkhK``/``NdSklK`` and constants, take
a fast path that gives the very same roll; parsing is memoised, as tables roll the same
few formulas over and over.
"""

from __future__ import annotations

from typing import NamedTuple

from app.rules.dice import DiceSource
from app.rules.formula_ast import Binary
from app.rules.formula_check import MAX_VALUE, ROLL_RISK
from app.rules.formula_eval import MAX_ROLLS, Value, VOp, evaluate, total
from app.rules.formula_odds import formula_odds_json
from app.rules.formula_parse import (
    ConstantTerm,
    DiceTerm,
    ExprTerm,
    Formula,
    Term,
    parse_formula,
)
from app.rules.formula_render import annotations_of, dice_of, render
from app.rules.formula_syntax import (
    MAX_CONSTANT,
    MAX_DEPTH,
    MAX_DICE_PER_TERM,
    MAX_FORMULA_LENGTH,
    MAX_SIDES_PER_TERM,
)
from app.rules.results import Die, JSONDict

__all__ = [
    "MAX_CONSTANT",
    "MAX_DEPTH",
    "MAX_DICE_PER_TERM",
    "MAX_FORMULA_LENGTH",
    "MAX_ROLLS",
    "MAX_SIDES_PER_TERM",
    "MAX_VALUE",
    "ROLL_RISK",
    "ConstantTerm",
    "DiceTerm",
    "ExprTerm",
    "Formula",
    "FormulaRoll",
    "Term",
    "parse_formula",
    "roll_formula",
]


class FormulaRoll(NamedTuple):
    """A rolled formula: each term's faces (fast path) or the rolled tree (``rolled``), the
    signed subtotal of each top-level term, and the total (truncated toward zero)."""

    parsed: Formula
    faces: tuple[tuple[int, ...], ...]
    subtotals: tuple[int | float, ...]
    total: int
    rolled: Value | None = None

    @property
    def formula(self) -> str:
        return self.parsed.text

    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die, left to right (see ``formula_render.dice_of``)."""
        if self.rolled is not None:
            return dice_of(self.rolled)
        out: list[Die] = []
        for term, faces in zip(self.parsed.terms, self.faces, strict=True):
            if isinstance(term, DiceTerm):
                if term.keep is None:
                    out += [Die(term.sides, face) for face in faces]
                else:
                    flags = _kept_flags(faces, term.keep, term.keep_count)
                    out += [Die(term.sides, f, kept=k) for f, k in zip(faces, flags, strict=True)]
        return tuple(out)

    @property
    def text(self) -> str:
        """The roll as the ``d20`` package prints it: ``4d6kh3 (4, 2, ~~1~~, **6**) = `12` ``."""
        if self.rolled is not None:
            return render(self.rolled)
        return _simple_text(self)

    def result_dict(self) -> JSONDict:
        out: JSONDict = {
            "total": self.total,
            "formula": self.parsed.text,
            "terms": list(self.subtotals),
            "text": self.text,
        }
        if self.rolled is not None:
            notes = annotations_of(self.rolled)
            if notes:
                out["annotations"] = notes
        return out

    def odds_dict(self) -> JSONDict:
        return formula_odds_json(self.parsed)

    def to_dict(self) -> JSONDict:
        return {
            "dice": [die.to_dict() for die in self.dice],
            "result": self.result_dict(),
            "odds": self.odds_dict(),
        }


def roll_formula(dice: DiceSource, formula: str | Formula) -> FormulaRoll:
    """Roll a formula (text or already parsed) with ``dice``."""
    if type(formula) is str:
        parsed = parse_formula(formula)
    elif isinstance(formula, Formula):
        parsed = formula
    else:
        parsed = parse_formula(formula)
    if not parsed.simple:
        rolled = evaluate(dice, parsed.tree, parsed.text)
        subtotals = tuple(_subtotals(rolled))
        return FormulaRoll(parsed, (), subtotals, int(total(rolled)), rolled)
    roll = dice.roll
    faces_of: list[tuple[int, ...]] = []
    subtotals_: list[int] = []
    for term in parsed.terms:
        if term.__class__ is ConstantTerm:
            faces_of.append(())
            subtotals_.append(term.sign * term.value)
            continue
        sign, number, sides, keep, keep_count = term  # type: ignore[misc]
        faces = roll(sides, number)
        if keep is None:
            subtotal = sum(faces)
        else:
            # Which equal faces are kept does not change the total; `dice` decides that.
            subtotal = sum(sorted(faces, reverse=keep == "h")[:keep_count])
        faces_of.append(tuple(faces))
        subtotals_.append(sign * subtotal)
    return FormulaRoll(parsed, tuple(faces_of), tuple(subtotals_), sum(subtotals_))


def _kept_flags(faces: tuple[int, ...], keep: str, keep_count: int) -> list[bool]:
    """Which dice a keep term keeps: the highest/lowest, the earliest among equal faces."""
    # Stable sort, also with reverse=True: equal faces stay in roll order.
    order = sorted(range(len(faces)), key=faces.__getitem__, reverse=keep == "h")
    flags = [False] * len(faces)
    for index in order[:keep_count]:
        flags[index] = True
    return flags


def _simple_text(roll: FormulaRoll) -> str:
    """The package's text for a fast-path roll (the same as rendering its rolled tree)."""
    parts: list[str] = []
    for index, (term, faces) in enumerate(zip(roll.parsed.terms, roll.faces, strict=True)):
        if index:
            parts.append(" + " if term.sign > 0 else " - ")
        elif term.sign < 0:
            parts.append("-")
        if isinstance(term, ConstantTerm):
            parts.append(str(term.value))
            continue
        assert isinstance(term, DiceTerm)
        flags = _kept_flags(faces, term.keep, term.keep_count) if term.keep else None
        shown = []
        for i, face in enumerate(faces):
            text = f"**{face}**" if face == 1 or face == term.sides else str(face)
            shown.append(text if flags is None or flags[i] else f"~~{text}~~")
        parts.append(f"{term.text} ({', '.join(shown)})")
    parts.append(f" = `{roll.total}`")
    return "".join(parts)


def _subtotals(rolled: Value) -> list[int | float]:
    """The signed values of the top-level sum's terms, left to right."""
    out: list[int | float] = []
    node = rolled
    while type(node) is VOp and type(node.node) is Binary and node.node.op in ("+", "-"):
        right = node.parts[1]
        out.append(total(right) if node.node.op == "+" else -total(right))
        node = node.parts[0]
    out.append(total(node))
    out.reverse()
    return out
