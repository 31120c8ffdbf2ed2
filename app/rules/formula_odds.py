"""Exact odds of a free formula: the chance of every total, before the dice fall.

Counts are whole numbers of equally likely outcomes (``sides ** number`` per dice term), so
every chance is exact until the final division. A plain ``NdS`` term is N convolutions with
a uniform die (sliding sums); a keep term walks the faces from the best down (``kh``) or the
worst up (``kl``), counting how many dice show each face and how many of those are kept.

The table of totals is given only while it stays small enough to embed in every roll
(``MAX_TOTALS`` distinct totals) and cheap to compute once (``MAX_WORK`` cell updates, a
few milliseconds: a roll computes it inside its write job, and ``/odds/formula`` for
anyone): a formula beyond either keeps its exact bounds and, without keep terms, its
exact mean.
Results are memoised per formula, as tables roll the same few over and over.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from app.rules.formula import ConstantTerm, DiceTerm, Formula, parse_formula
from app.rules.results import JSONDict

__all__ = ["MAX_TOTALS", "MAX_WORK", "TotalsOdds", "formula_odds", "formula_odds_json"]

MAX_TOTALS = 200
MAX_WORK = 250_000


class TotalsOdds:
    """The exact distribution of a formula's total: ``counts[i]`` of ``outcomes`` equally
    likely outcomes give the total ``minimum + i``."""

    __slots__ = ("counts", "minimum", "outcomes")

    def __init__(self, minimum: int, counts: list[int], outcomes: int) -> None:
        self.minimum = minimum
        self.counts = counts
        self.outcomes = outcomes

    def chance(self, total: int) -> Fraction:
        index = total - self.minimum
        in_range = 0 <= index < len(self.counts)
        return Fraction(self.counts[index] if in_range else 0, self.outcomes)

    @property
    def mean(self) -> Fraction:
        weighted = sum((self.minimum + i) * n for i, n in enumerate(self.counts))
        return Fraction(weighted, self.outcomes)


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
    """A bound on the cell updates ``formula_odds`` would make."""
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


@lru_cache(maxsize=256)
def formula_odds(formula: Formula) -> TotalsOdds | None:
    """The distribution of ``formula``'s total, or ``None`` beyond the size/work bounds."""
    if formula.maximum - formula.minimum + 1 > MAX_TOTALS or _work(formula) > MAX_WORK:
        return None
    minimum, counts, outcomes = 0, [1], 1
    for term in formula.terms:
        if isinstance(term, ConstantTerm):
            minimum += term.sign * term.value
            continue
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
    return TotalsOdds(minimum, counts, outcomes)


@lru_cache(maxsize=256)
def _odds_json(formula: Formula) -> JSONDict:
    odds: JSONDict = {"min": formula.minimum, "max": formula.maximum}
    exact = formula_odds(formula)
    if exact is None:
        if formula.mean is not None:
            odds["mean"] = float(formula.mean)
        return odds
    odds["mean"] = float(exact.mean)
    odds["totals"] = {
        str(exact.minimum + i): n / exact.outcomes for i, n in enumerate(exact.counts)
    }
    return odds


def formula_odds_json(formula: Formula | str) -> JSONDict:
    """API odds shape: ``{"min", "max", "mean"?, "totals"?: {"7": p, …}}``, every total
    from min to max listed (sums of dice leave no gaps)."""
    parsed = parse_formula(formula) if isinstance(formula, str) else formula
    odds = _odds_json(parsed)
    return {**odds, "totals": dict(odds["totals"])} if "totals" in odds else dict(odds)
