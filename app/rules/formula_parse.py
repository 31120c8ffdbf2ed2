"""A formula read and checked, before any die is rolled: its standard text, its top-level
signed terms, the bounds of its total and, for a sum of dice and constants, its exact
mean (``parse_formula``). Rolling it is ``app.rules.formula``'s; its odds are
``app.rules.formula_odds``', which only needs this half.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from app.rules.errors import FormulaError
from app.rules.formula_ast import Binary, Dice, Literal, Node, Unary, normal_text
from app.rules.formula_check import check_tree
from app.rules.formula_syntax import MAX_FORMULA_LENGTH, parse_tree
from app.rules.message import msg

__all__ = ["ConstantTerm", "DiceTerm", "ExprTerm", "Formula", "Term", "parse_formula"]


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
