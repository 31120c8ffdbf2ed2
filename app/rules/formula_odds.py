"""The odds of a free formula: the chance of every total, before the dice fall.

Sums of ``NdS`` / ``NdSkhK`` / ``NdSklK`` terms and constants are counted as whole numbers
of equally likely outcomes (``sides ** number`` per dice term): a plain term is N
convolutions with a uniform die (sliding sums), a keep term walks the faces from the best
down, counting how many dice show each face and how many of those are kept. Any other
formula goes through ``app.rules.formula_dist``: exact where the outcomes are finite
(rerolls until none is picked included), cut below ``TRUNCATION`` for exploding dice.

The table of totals is given only while it stays small enough to embed in every roll
(``MAX_TOTALS`` distinct totals) and cheap to compute once (``MAX_WORK`` steps, a few tens
of milliseconds at worst: a roll computes it inside its write job, and ``/odds/formula``
for anyone). Without it the answer keeps bounds the total never leaves, a mean where one
is known by linearity, and says why (``no_totals``). Results are memoised per formula.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from fractions import Fraction
from functools import lru_cache
from math import comb

from app.rules.formula_ast import Binary, Dice, Group, Literal, Node, Unary
from app.rules.formula_dice import dice_mean, distribution
from app.rules.formula_dist import TRUNCATION, Budget, NoOdds, TooCostly, mapped
from app.rules.formula_parse import ConstantTerm, DiceTerm, Formula, parse_formula
from app.rules.formula_syntax import MAX_FORMULA_LENGTH
from app.rules.results import JSONDict

__all__ = [
    "MAX_TOTALS",
    "MAX_WORK",
    "TRUNCATION",
    "TotalsOdds",
    "formula_odds",
    "formula_odds_json",
    "odds_known",
]

MAX_TOTALS = 200
MAX_WORK = 250_000
_MEAN_WORK = 20_000


class TotalsOdds:
    """The distribution of a formula's total: ``weights[t] / outcomes`` is the chance of
    total t. ``missing`` (0 when exact) bounds the chance of the totals left out."""

    __slots__ = ("missing", "outcomes", "weights")

    def __init__(self, weights: dict[int, int | float], outcomes: int, missing: float = 0.0):
        self.weights = dict(sorted(weights.items()))
        self.outcomes = outcomes
        self.missing = missing

    @property
    def exact(self) -> bool:
        return not self.missing and all(type(w) is int for w in self.weights.values())

    @property
    def minimum(self) -> int:
        return next(iter(self.weights))

    @property
    def counts(self) -> list[int | float]:
        """The weight of every total from the lowest to the highest, gaps at 0."""
        low, high = self.minimum, max(self.weights)
        return [self.weights.get(t, 0) for t in range(low, high + 1)]

    def chance(self, total: int) -> Fraction | float:
        weight = self.weights.get(total, 0)
        return Fraction(weight, self.outcomes) if self.exact else weight / self.outcomes  # type: ignore[arg-type]

    @property
    def mean(self) -> Fraction | float:
        weighted = sum(t * w for t, w in self.weights.items())
        return Fraction(weighted, self.outcomes) if self.exact else weighted / self.outcomes  # type: ignore[arg-type]


# --- sums of plain and keep terms ---------------------------------------------------------


def _uniform_sum(number: int, sides: int) -> list[int]:
    """Ways for ``number`` dice of ``sides`` faces to total ``number + i``."""
    counts = [1]
    for _ in range(number):
        running, nxt = 0, []
        for i in range(len(counts) + sides - 1):
            running += counts[i] if i < len(counts) else 0
            running -= counts[i - sides] if i >= sides else 0
            nxt.append(running)
        counts = nxt
    return counts


def _kept_sum(number: int, sides: int, keep: int, highest: bool) -> list[int]:
    """Ways for the ``keep`` highest (or lowest) of ``number`` dice to total ``keep + i``.

    ``ways[m][s]``: the m dice placed so far (all better than the face at hand) keep a sum
    s. Placing c dice on the next face keeps those of them still within the first ``keep``."""
    width = keep * sides + 1
    ways = [[0] * width for _ in range(number + 1)]
    ways[0][0] = 1
    faces = range(sides, 0, -1) if highest else range(1, sides + 1)
    for face in faces:
        nxt = [[0] * width for _ in range(number + 1)]
        for placed, row in enumerate(ways):
            left = number - placed
            for count in range(left + 1):
                weight = comb(left, count)
                gain = max(0, min(count, keep - placed)) * face
                target = nxt[placed + count]
                for total, ways_here in enumerate(row):
                    if ways_here:
                        target[total + gain] += ways_here * weight
        ways = nxt
    return ways[number][keep:]


def _work(formula: Formula) -> int:
    """A bound on the cell updates counting a sum of plain and keep terms makes."""
    work = 0
    for term in formula.terms:
        if isinstance(term, DiceTerm):
            if term.keep:
                work += term.sides * (term.number + 1) ** 2 * (term.keep_count * term.sides + 1)
            else:
                work += term.number * (term.number * term.sides + term.sides)
    return work + (formula.maximum - formula.minimum + 1) * len(formula.terms)


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _simple_odds(formula: Formula) -> TotalsOdds | None:
    if formula.maximum - formula.minimum + 1 > MAX_TOTALS or _work(formula) > MAX_WORK:
        return None
    minimum, counts, outcomes = 0, [1], 1
    for term in formula.terms:
        if isinstance(term, ConstantTerm):
            minimum += term.sign * term.value
            continue
        assert isinstance(term, DiceTerm)
        if term.keep:
            ways = _kept_sum(term.number, term.sides, term.keep_count, term.keep == "h")
            low = term.keep_count
        else:
            ways, low = _uniform_sum(term.number, term.sides), term.number
        if term.sign < 0:  # the term's values run from -(low + len - 1) up to -low
            ways, low = ways[::-1], -(low + len(ways) - 1)
        minimum += low
        counts = _convolve(counts, ways)
        outcomes *= term.sides**term.number
    return TotalsOdds({minimum + i: n for i, n in enumerate(counts) if n}, outcomes)


# --- any formula ----------------------------------------------------------------------------


def _exploding(node: Node) -> int:
    """How many dice terms of ``node`` explode (each gets a share of the truncation)."""
    if type(node) is Dice:
        return int(any(op.op == "e" for op in node.ops))
    if type(node) is Group:
        return sum(_exploding(item) for item in node.items)
    if type(node) is Unary:
        return _exploding(node.operand)
    if type(node) is Binary:
        return _exploding(node.left) + _exploding(node.right)
    return 0


def _rich_odds(formula: Formula) -> TotalsOdds | str:
    """The odds of any formula, or why there are none. Exploding dice spend half of
    ``TRUNCATION`` on the chains they cut, and half on the least likely totals, left out
    of the table so that it keeps to ``MAX_TOTALS``."""
    tol = TRUNCATION / 2 / (_exploding(formula.tree) + 1)
    try:
        dist = mapped(distribution(formula.tree, Budget(MAX_WORK), tol), int)
    except TooCostly:
        return "counting them would take too long"
    except NoOdds:
        return "this kind of formula is not counted"
    weights = {int(v): w for v, w in dist.weights.items() if w}
    missing = dist.missing
    if not dist.exact and len(weights) > MAX_TOTALS:
        for value, chance in sorted(weights.items(), key=lambda item: item[1]):
            if len(weights) <= MAX_TOTALS or missing + chance > TRUNCATION:
                break
            del weights[value]
            missing += chance
    if len(weights) > MAX_TOTALS:
        return f"more than {MAX_TOTALS} possible totals"
    if missing > TRUNCATION:
        return "counting them would take too long"
    return TotalsOdds(weights, dist.den, missing)


@lru_cache(maxsize=256)
def _odds_for(text: str) -> TotalsOdds | str:
    formula = parse_formula(text, 2 * MAX_FORMULA_LENGTH)
    if not formula.simple:
        return _rich_odds(formula)
    if formula.maximum - formula.minimum + 1 > MAX_TOTALS:
        return f"more than {MAX_TOTALS} possible totals"
    return _simple_odds(formula) or "counting them would take too long"


def formula_odds(formula: Formula) -> TotalsOdds | None:
    """The distribution of ``formula``'s total, or ``None`` when it is not counted."""
    odds = _odds_for(formula.text)
    return odds if isinstance(odds, TotalsOdds) else None


def _linear_mean(node: Node) -> Fraction | None:
    """The mean of an integer-valued sum (scaled by constants) of terms whose dice each
    count on their own, by linearity; None for anything else."""
    if isinstance(node, Literal):
        return Fraction(node.value) if type(node.value) is int else None
    if isinstance(node, Dice):
        try:
            return dice_mean(node, Budget(_MEAN_WORK))
        except NoOdds:
            return None
    if isinstance(node, Unary):
        inner = _linear_mean(node.operand)
        return None if inner is None else -inner if node.op == "-" else inner
    if isinstance(node, Group):
        return _linear_mean(node.items[0]) if not node.is_set and not node.ops else None
    if node.op not in ("+", "-", "*"):
        return None
    left, right = _linear_mean(node.left), _linear_mean(node.right)
    if left is None or right is None:
        return None
    if node.op == "*":
        constant = isinstance(node.left, Literal) or isinstance(node.right, Literal)
        return left * right if constant else None
    return left + right if node.op == "+" else left - right


_MEMO: OrderedDict[str, JSONDict] = OrderedDict()
_MEMO_SIZE = 256
_MEMO_LOCK = threading.Lock()  # counted in a worker thread, read on the event loop


def _odds_json(text: str) -> JSONDict:
    """``_count_odds_json``, memoised (least recently used out, as ``lru_cache``, but
    with a membership test: ``odds_known``)."""
    with _MEMO_LOCK:
        found = _MEMO.get(text)
        if found is not None:
            _MEMO.move_to_end(text)
            return found
    counted = _count_odds_json(text)
    with _MEMO_LOCK:
        _MEMO[text] = counted
        if len(_MEMO) > _MEMO_SIZE:
            _MEMO.popitem(last=False)
    return counted


def _count_odds_json(text: str) -> JSONDict:
    formula = parse_formula(text, 2 * MAX_FORMULA_LENGTH)
    odds = _odds_for(text)
    if isinstance(odds, str):
        out: JSONDict = {"min": formula.minimum, "max": formula.maximum}
        linear = formula.mean if formula.simple else _linear_mean(formula.tree)
        if linear is not None:
            out["mean"] = float(linear)
        out["no_totals"] = odds
        return out
    totals = {str(t): float(odds.chance(t)) for t in odds.weights}
    mean: Fraction | float
    if odds.exact:
        low, high, mean = odds.minimum, max(odds.weights), odds.mean
    else:  # exploding dice: the bounds under the roll cap, the mean exact where linear
        low, high = formula.minimum, formula.maximum
        linear = _linear_mean(formula.tree)
        mean = odds.mean if linear is None else linear
    out = {"min": low, "max": high, "mean": float(mean), "totals": totals}
    if not odds.exact:
        out["exact"] = False
        out["truncated_below"] = TRUNCATION
    return out


def odds_known(formula: Formula) -> bool:
    """Are ``formula``'s odds memoised? Counting them the first time may take tens of
    milliseconds: a service counts them off the event loop first (``formula_odds_json``
    in a worker thread), then the roll reads them from the memo."""
    return formula.text in _MEMO


def formula_odds_json(formula: Formula | str) -> JSONDict:
    """API odds shape: ``{"min", "max", "mean"?, "totals"?: {"7": p, …}}``, every possible
    total listed; with ``"exact": false, "truncated_below": 1e-9`` when exploding dice
    leave out totals whose chances add up to less than that; without ``totals``, a
    ``no_totals`` reason."""
    parsed = parse_formula(formula) if isinstance(formula, str) else formula
    odds = _odds_json(parsed.text)
    return {**odds, "totals": dict(odds["totals"])} if "totals" in odds else dict(odds)
