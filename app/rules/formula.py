"""The free dice formula any campaign may roll, in the notation of the ``d20`` package.

``parse_formula`` reads the text (``app.rules.formula_syntax``: the grammar, the size
caps) and refuses, before any die is rolled, whatever could fail or run long
(``app.rules.formula_check``); ``roll_formula`` rolls it (``app.rules.formula_eval``: the
package's semantics, draw for draw) and the roll renders itself for the API
(``app.rules.formula_render``). Odds: ``app.rules.formula_odds``.

The formulas tables roll most, sums of ``NdS``, ``NdSkhK``/``NdSklK`` and constants, take
a fast path that gives the very same roll; parsing is memoised, as tables roll the same
few formulas over and over.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from app.rules.dice import DiceSource
from app.rules.errors import FormulaError
from app.rules.formula_ast import Binary, Dice, Literal, Node, Unary, normal_text
from app.rules.formula_check import MAX_VALUE, ROLL_RISK, check_tree
from app.rules.formula_eval import MAX_ROLLS, Value, VOp, evaluate, total
from app.rules.formula_render import annotations_of, dice_of, render
from app.rules.formula_syntax import (
    MAX_CONSTANT,
    MAX_DEPTH,
    MAX_DICE_PER_TERM,
    MAX_FORMULA_LENGTH,
    MAX_SIDES_PER_TERM,
    parse_tree,
)
from app.rules.message import msg
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


class DiceTerm(NamedTuple):
    """``number`` dice of ``sides`` faces; with ``keep``, only ``keep_count`` of them count."""

    sign: int
    number: int
    sides: int
    keep: str | None = None
    keep_count: int = 0

    @property
    def text(self) -> str:
        suffix = f"k{self.keep}{self.keep_count}" if self.keep else ""
        return f"{self.number}d{self.sides}{suffix}"

    @property
    def kept(self) -> int:
        return self.keep_count if self.keep else self.number


class ConstantTerm(NamedTuple):
    sign: int
    value: int

    @property
    def text(self) -> str:
        return str(self.value)


class ExprTerm(NamedTuple):
    """Any other term of the top-level sum: a product, a set, dice with operations…"""

    sign: int
    node: Node

    @property
    def text(self) -> str:
        return normal_text(self.node)


Term = DiceTerm | ConstantTerm | ExprTerm


class Formula(NamedTuple):
    """A parsed formula: its standard text, its top-level signed terms, bounds its total
    never leaves (exact for sums of dice and constants), the exact mean of such a sum
    without keep (else None), and the tree. ``simple``: the fast path rolls it."""

    text: str
    terms: tuple[Term, ...]
    minimum: int
    maximum: int
    mean: Fraction | None
    tree: Node
    simple: bool


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
        from app.rules.formula_odds import formula_odds_json  # it builds on this module

        return formula_odds_json(self.parsed)

    def to_dict(self) -> JSONDict:
        return {
            "dice": [die.to_dict() for die in self.dice],
            "result": self.result_dict(),
            "odds": self.odds_dict(),
        }


def parse_formula(text: str, max_length: int = MAX_FORMULA_LENGTH) -> Formula:
    """Parse and check ``text``; raise ``FormulaError`` naming the offending position.

    ``max_length`` is for texts the server wrote itself (a stored roll's standard text,
    which spells out every dice count, is replayed by the verifier)."""
    if type(text) is not str:
        if not isinstance(text, str):
            raise FormulaError(
                msg("a formula must be a string, not {text_type}", text_type=type(text).__name__),
                "",
                0,
            )
        text = str(text)
    return _parse_cached(text, max_length)


def roll_formula(dice: DiceSource, formula: str | Formula) -> FormulaRoll:
    """Roll a formula (text or already parsed) with ``dice``."""
    if type(formula) is str:
        parsed = _parse_cached(formula, MAX_FORMULA_LENGTH)
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


# --- parsing ---------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def _parse_cached(text: str, max_length: int) -> Formula:
    tree = parse_tree(text, max_length)
    low, high = check_tree(tree, text)
    terms = _terms(tree)
    simple = all(not isinstance(t, ExprTerm) for t in terms)
    if not simple:
        return Formula(normal_text(tree), terms, low, high, None, tree, False)
    minimum = maximum = 0
    mean: Fraction | None = Fraction(0)
    for term in terms:
        if isinstance(term, ConstantTerm):
            low = high = term.value
            term_mean: Fraction | None = Fraction(term.value)
        else:
            assert isinstance(term, DiceTerm)
            low, high = term.kept, term.kept * term.sides
            term_mean = None if term.keep else Fraction(term.number * (term.sides + 1), 2)
        if term.sign > 0:
            minimum, maximum = minimum + low, maximum + high
        else:
            minimum, maximum = minimum - high, maximum - low
        if mean is not None and term_mean is not None:
            mean += term.sign * term_mean
        else:
            mean = None
    return Formula(normal_text(tree), terms, minimum, maximum, mean, tree, True)


def _terms(tree: Node) -> tuple[Term, ...]:
    """The top-level sum's signed terms; a leading '-' on a lone dice term or constant is
    its sign (elsewhere it belongs to its factor: ``-7//2`` is (-7)//2)."""
    rights: list[tuple[int, Node]] = []
    node = tree
    while type(node) is Binary and node.op in ("+", "-"):
        rights.append((1 if node.op == "+" else -1, node.right))
        node = node.left
    first_sign = 1
    if type(node) is Unary and node.op == "-" and _simple_term(1, node.operand) is not None:
        first_sign, node = -1, node.operand
    return tuple(
        _simple_term(sign, item) or ExprTerm(sign, item)
        for sign, item in [(first_sign, node), *reversed(rights)]
    )


def _simple_term(sign: int, node: Node) -> DiceTerm | ConstantTerm | None:
    if type(node) is Literal and type(node.value) is int and not node.note:
        return ConstantTerm(sign, node.value)
    if type(node) is not Dice or node.note or type(node.size) is not int or node.number < 1:
        return None
    if not node.ops:
        return DiceTerm(sign, node.number, node.size)
    if len(node.ops) != 1 or node.ops[0].op != "k" or len(node.ops[0].sels) != 1:
        return None
    cat, num = node.ops[0].sels[0]
    if cat not in ("h", "l") or not 1 <= num <= node.number:
        return None
    return DiceTerm(sign, node.number, node.size, cat, num)
