"""The free dice formula any campaign may roll: ``NdS`` terms, constants, ``+``/``-``, keep.

Grammar (spaces are allowed around operators and at both ends, not inside a term)::

    formula  := ["-"] term (("+" | "-") term)*
    term     := dice | constant
    dice     := [N] ("d" | "D") S [("kh" | "kl") K]
    constant := 0..1000000

Limits are checked while parsing, before a single die is rolled, so a formula can never ask
the server for unbounded work. Parsing is memoised because tables roll the same few
formulas over and over; the roll loop itself stays lean (it is benchmarked against ``d20``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Literal, NamedTuple

from app.rules.dice import DiceSource
from app.rules.errors import FormulaError
from app.rules.results import Die, JSONDict

__all__ = [
    "MAX_CONSTANT",
    "MAX_DICE_PER_TERM",
    "MAX_FORMULA_LENGTH",
    "MAX_SIDES_PER_TERM",
    "MAX_TERMS",
    "ConstantTerm",
    "DiceTerm",
    "Formula",
    "FormulaRoll",
    "Term",
    "parse_formula",
    "roll_formula",
]

MAX_DICE_PER_TERM = 100
MAX_SIDES_PER_TERM = 1000
MAX_TERMS = 20
MAX_CONSTANT = 1_000_000
MAX_FORMULA_LENGTH = 200

_DIGITS = frozenset("0123456789")  # ASCII only: str.isdigit() also accepts '²' or '٣'
_SPACES = frozenset(" \t")

Keep = Literal["h", "l"]


class DiceTerm(NamedTuple):
    """``number`` dice of ``sides`` faces; with ``keep``, only ``keep_count`` of them count."""

    sign: int
    number: int
    sides: int
    keep: Keep | None = None
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


Term = DiceTerm | ConstantTerm


class Formula(NamedTuple):
    """A parsed formula with its exact bounds, computed once when it is parsed."""

    text: str
    terms: tuple[Term, ...]
    minimum: int
    maximum: int
    mean: Fraction | None
    """Exact mean, or ``None`` when a keep term makes it costly to compute."""


class FormulaRoll(NamedTuple):
    """A rolled formula: the faces of each term (``()`` for a constant), signed subtotals, total.

    ``dice`` is built on access rather than on the hot path: the faces are the whole truth,
    and most rolls are serialised once.
    """

    parsed: Formula
    faces: tuple[tuple[int, ...], ...]
    subtotals: tuple[int, ...]
    total: int

    @property
    def formula(self) -> str:
        return self.parsed.text

    @property
    def dice(self) -> tuple[Die, ...]:
        """Every die in term order; ``kept`` is True/False on keep terms, None elsewhere."""
        out: list[Die] = []
        for term, faces in zip(self.parsed.terms, self.faces, strict=True):
            if isinstance(term, ConstantTerm):
                continue
            if term.keep is None:
                out += [Die(term.sides, face) for face in faces]
            else:
                flags = _kept_flags(faces, term.keep, term.keep_count)
                out += [Die(term.sides, f, kept=k) for f, k in zip(faces, flags, strict=True)]
        return tuple(out)

    def result_dict(self) -> JSONDict:
        return {"total": self.total, "formula": self.parsed.text, "terms": list(self.subtotals)}

    def odds_dict(self) -> JSONDict:
        from app.rules.formula_odds import formula_odds_json  # it builds on this module

        return formula_odds_json(self.parsed)

    def to_dict(self) -> JSONDict:
        return {
            "dice": [die.to_dict() for die in self.dice],
            "result": self.result_dict(),
            "odds": self.odds_dict(),
        }


def parse_formula(text: str) -> Formula:
    """Parse and validate ``text``; raise ``FormulaError`` naming the offending position."""
    if type(text) is not str:
        if not isinstance(text, str):
            raise FormulaError(f"a formula must be a string, not {type(text).__name__}", "", 0)
        text = str(text)
    return _parse_cached(text)


def roll_formula(dice: DiceSource, formula: str | Formula) -> FormulaRoll:
    """Roll a formula (text or already parsed) with ``dice``.

    With ``khK``/``klK`` the K highest/lowest dice count; among equal faces the earliest dice
    are kept, so the result does not depend on anything but the faces' order.
    """
    if type(formula) is str:
        parsed = _parse_cached(formula)
    elif isinstance(formula, Formula):
        parsed = formula
    else:
        parsed = parse_formula(formula)
    roll = dice.roll
    rolled: list[tuple[int, ...]] = []
    subtotals: list[int] = []
    for term in parsed.terms:
        if term.__class__ is ConstantTerm:
            rolled.append(())
            subtotals.append(term.sign * term.value)
            continue
        sign, number, sides, keep, keep_count = term  # type: ignore[misc]
        faces = roll(sides, number)
        if keep is None:
            subtotal = sum(faces)
        else:
            # Which equal faces are kept does not change the total; `dice` decides that.
            subtotal = sum(sorted(faces, reverse=keep == "h")[:keep_count])
        rolled.append(tuple(faces))
        subtotals.append(sign * subtotal)
    return FormulaRoll(parsed, tuple(rolled), tuple(subtotals), sum(subtotals))


def _kept_flags(faces: tuple[int, ...], keep: Keep, keep_count: int) -> list[bool]:
    """Which dice a keep term keeps: the highest/lowest, the earliest among equal faces."""
    # Stable sort, also with reverse=True: equal faces stay in roll order.
    order = sorted(range(len(faces)), key=faces.__getitem__, reverse=keep == "h")
    flags = [False] * len(faces)
    for index in order[:keep_count]:
        flags[index] = True
    return flags


# --- parsing ---------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def _parse_cached(text: str) -> Formula:
    terms = _Parser(text).parse()
    return _build(terms)


def _build(terms: list[Term]) -> Formula:
    parts: list[str] = []
    minimum = maximum = 0
    mean: Fraction | None = Fraction(0)
    for term in terms:
        if parts or term.sign < 0:
            parts.append("+" if term.sign > 0 else "-")
        parts.append(term.text)
        if isinstance(term, ConstantTerm):
            low = high = term.value
            term_mean: Fraction | None = Fraction(term.value)
        else:
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
    return Formula("".join(parts), tuple(terms), minimum, maximum, mean)


class _Parser:
    """A one-pass scanner; every error names the first character that cannot be accepted."""

    __slots__ = ("end", "pos", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.end = len(text)

    def fail(self, message: str, position: int) -> FormulaError:
        return FormulaError(message, self.text, position)

    def skip_spaces(self) -> bool:
        """Skip blanks; say whether there were any (to explain a missing operator)."""
        start = self.pos
        while self.pos < self.end and self.text[self.pos] in _SPACES:
            self.pos += 1
        return self.pos > start

    def number(self) -> int | None:
        start = self.pos
        while self.pos < self.end and self.text[self.pos] in _DIGITS:
            self.pos += 1
        return int(self.text[start : self.pos]) if self.pos > start else None

    def char(self) -> str:
        return self.text[self.pos] if self.pos < self.end else ""

    def parse(self) -> list[Term]:
        if self.end > MAX_FORMULA_LENGTH:
            raise self.fail(
                f"the formula is too long ({self.end} characters, at most {MAX_FORMULA_LENGTH})",
                MAX_FORMULA_LENGTH,
            )
        self.skip_spaces()
        if self.pos == self.end:
            raise self.fail("the formula is empty", 0)
        sign = 1
        if self.char() == "-":
            sign = -1
            self.pos += 1
            self.skip_spaces()
        elif self.char() == "+":
            raise self.fail("a formula cannot start with '+'", self.pos)
        terms: list[Term] = []
        while True:
            if len(terms) == MAX_TERMS:
                raise self.fail(f"too many terms (at most {MAX_TERMS})", self.pos)
            terms.append(self.term(sign))
            spaced = self.skip_spaces()
            op = self.char()
            if op == "":
                return terms
            if op not in "+-":
                raise self.after_term_error(op, spaced, terms[-1])
            sign = 1 if op == "+" else -1
            self.pos += 1
            self.skip_spaces()

    def after_term_error(self, char: str, spaced: bool, previous: Term) -> FormulaError:
        if char in _DIGITS or char in "dD":
            return self.fail("expected '+' or '-' between terms", self.pos)
        if char in "kK":
            if spaced:
                return self.fail("write keep right after the dice, as in 4d6kh3", self.pos)
            if isinstance(previous, DiceTerm):
                return self.fail("a dice term can keep only once", self.pos)
        return self.fail(f"unexpected character {char!r}", self.pos)

    def term(self, sign: int) -> Term:
        start = self.pos
        number = self.number()
        char = self.char()
        if char in ("d", "D"):
            return self.dice(sign, start, 1 if number is None else number)
        if number is None:
            found = f", not {char!r}" if char else ""
            raise self.fail(f"expected a dice term or a number{found}", start)
        if number > MAX_CONSTANT:
            raise self.fail(f"a constant must be at most {MAX_CONSTANT}, not {number}", start)
        if char in ("k", "K"):
            raise self.fail("keep (kh/kl) only applies to dice, as in 4d6kh3", self.pos)
        return ConstantTerm(sign, number)

    def dice(self, sign: int, start: int, count: int) -> DiceTerm:
        if count < 1:
            raise self.fail("a dice term needs at least 1 die", start)
        if count > MAX_DICE_PER_TERM:
            raise self.fail(
                f"too many dice in one term ({count}, at most {MAX_DICE_PER_TERM})", start
            )
        self.pos += 1  # the 'd'
        sides_at = self.pos
        sides = self.number()
        if sides is None:
            raise self.fail("expected the number of sides after 'd'", sides_at)
        if not 1 <= sides <= MAX_SIDES_PER_TERM:
            raise self.fail(f"a die must have 1..{MAX_SIDES_PER_TERM} sides, not {sides}", sides_at)
        if self.char() not in ("k", "K"):
            return DiceTerm(sign, count, sides)
        self.pos += 1
        mode = self.char().lower()
        if mode not in ("h", "l"):
            raise self.fail("expected 'h' (keep highest) or 'l' (keep lowest) after 'k'", self.pos)
        self.pos += 1
        keep_at = self.pos
        keep_count = self.number()
        if keep_count is None:
            raise self.fail(f"expected how many dice to keep after 'k{mode}'", keep_at)
        if keep_count < 1:
            raise self.fail("must keep at least 1 die", keep_at)
        if keep_count > count:
            raise self.fail(f"cannot keep {keep_count} of {count} dice", keep_at)
        return DiceTerm(sign, count, sides, "h" if mode == "h" else "l", keep_count)
