"""Distributions of formula values: whole-number weights over a common denominator.

A finite distribution is exact: ``weights[v] / den`` is the chance of v. Exploding dice
have infinitely many outcomes; their chains are cut where what is left weighs less than a
share of ``TRUNCATION``, the weights turn into float chances (den 1) and ``missing``
bounds the probability left out. Every step spends from a ``Budget``; past it the count
stops (``TooCostly``), so no formula can make the server count for long. A unit is about
one dictionary update (0.1-0.3 µs). What the trees and dice terms make of these:
``app.rules.formula_dice``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from math import comb, lcm

from app.rules.formula_ast import Group, Node, Op, Selector

__all__ = [
    "TRUNCATION",
    "Budget",
    "Dist",
    "NoOdds",
    "Number",
    "TooCostly",
    "add",
    "combined",
    "from_chances",
    "kept_sum",
    "mapped",
    "matches",
    "members_node",
    "mixture",
    "picks",
    "point",
    "repeated",
    "set_distribution",
    "summed",
]

TRUNCATION = 1e-9
"""The most probability an inexact distribution may leave out, in all."""

Number = int | float


class NoOdds(Exception):
    """The distribution has no form this module counts."""


class TooCostly(NoOdds):
    """Counting would take more than the budget."""


class Budget:
    __slots__ = ("left",)

    def __init__(self, work: int) -> None:
        self.left = work

    def spend(self, work: int) -> None:
        self.left -= work
        if self.left < 0:
            raise TooCostly


class Dist:
    """``weights[v] / den`` is the chance of v; inexact ones hold float chances (den 1)."""

    __slots__ = ("den", "missing", "weights")

    def __init__(self, weights: dict[Number, int | float], den: int = 1, missing: float = 0.0):
        self.weights = weights
        self.den = den
        self.missing = missing

    @property
    def exact(self) -> bool:
        return not self.missing and all(type(w) is int for w in self.weights.values())

    def floats(self) -> dict[Number, float]:
        if self.den == 1 and self.missing:  # already float chances: not copied, not changed
            return self.weights
        return {v: w / self.den for v, w in self.weights.items()}

    def chances(self) -> dict[Number, Fraction | float]:
        if self.exact:
            return {v: Fraction(int(w), self.den) for v, w in self.weights.items()}
        return dict(self.floats())


def point(value: Number) -> Dist:
    return Dist({value: 1})


def uniform(values: Iterable[Number]) -> Dist:
    weights: dict[Number, int | float] = {}
    for v in values:
        weights[v] = weights.get(v, 0) + 1
    return Dist(weights, sum(int(w) for w in weights.values()))


def mapped(dist: Dist, f: Callable[[Number], Number]) -> Dist:
    out: dict[Number, int | float] = {}
    for v, w in dist.weights.items():
        key = f(v)
        out[key] = out.get(key, 0) + w
    return Dist(out, dist.den, dist.missing)


def combined(a: Dist, b: Dist, f: Callable[[Number, Number], Number], budget: Budget) -> Dist:
    """The distribution of ``f(x, y)`` for independent x ~ a and y ~ b."""
    budget.spend(len(a.weights) * len(b.weights))
    if a.exact and b.exact:
        aw, bw, den = a.weights, b.weights, a.den * b.den
    else:
        aw, bw, den = a.floats(), b.floats(), 1
    out: dict[Number, int | float] = {}
    get = out.get
    if f is add:  # the common case, without a call per pair
        for x, wx in aw.items():
            for y, wy in bw.items():
                out[x + y] = get(x + y, 0) + wx * wy
    else:
        for x, wx in aw.items():
            for y, wy in bw.items():
                key = f(x, y)
                out[key] = get(key, 0) + wx * wy
    return Dist(out, den, a.missing + b.missing)


def add(x: Number, y: Number) -> Number:
    return x + y


def summed(a: Dist, b: Dist, budget: Budget) -> Dist:
    return combined(a, b, add, budget)


def repeated(one: Dist, times: int, budget: Budget) -> Dist:
    """The sum of ``times`` independent copies of ``one``."""
    result, base = point(0), one
    while times:
        if times & 1:
            result = summed(result, base, budget)
        times >>= 1
        if times:
            base = summed(base, base, budget)
    return result


def mixture(parts: list[tuple[Fraction, Dist]]) -> Dist:
    """``Σ chance × dist`` for chances that add up to 1 (or less, the rest left out)."""
    if all(d.exact for _, d in parts):
        den = lcm(*(c.denominator for c, _ in parts)) * lcm(*(d.den for _, d in parts))
        out: dict[Number, int | float] = {}
        for chance, dist in parts:
            scale = chance.numerator * (den // chance.denominator) // dist.den
            for v, w in dist.weights.items():
                out[v] = out.get(v, 0) + int(w) * scale
        return Dist(out, den)
    floats: dict[Number, int | float] = {}
    missing = 0.0
    for chance, dist in parts:
        c = float(chance)
        missing += c * dist.missing
        for v, p in dist.floats().items():
            floats[v] = floats.get(v, 0.0) + c * p
    return Dist(floats, 1, missing)


def matches(sel: Selector, value: Number) -> bool:
    """Whether a selector other than hN/lN picks ``value``."""
    cat, num = sel
    return value == num if cat is None else value > num if cat == ">" else value < num


def picks(sels: tuple[Selector, ...], value: Number) -> bool:
    return any(matches(s, value) for s in sels)


def members_node(node: Group) -> tuple[Node, list[Op]]:
    """What a group's operations reach (its dice, set or lone value) and the operations
    stacked on it by the parentheses around, innermost first."""
    ops = list(node.ops)
    inner: Node = node
    while type(inner) is Group and not inner.is_set:
        inner = inner.items[0]
        if type(inner) is Group:
            ops[:0] = inner.ops
    return inner, ops


def set_distribution(parts: list[Dist], ops: list[Op], budget: Budget) -> Dist:
    """Keep/drop on independent elements: every combination of their values, walked."""
    if not ops:
        result = point(0)
        for part in parts:
            result = summed(result, part, budget)
        return result
    combos: list[tuple[tuple[Number, ...], Fraction | float]] = [((), Fraction(1))]
    for part in parts:  # a combination costs about 20 dictionary steps per value
        budget.spend(len(combos) * len(part.weights) * 20 * (len(parts) + len(ops)))
        chances = part.chances()
        combos = [((*vs, v), c * p) for vs, c in combos for v, p in chances.items()]
    out: dict[Number, Fraction | float] = {}
    for values, chance in combos:
        key = _kept_total(list(values), ops)
        out[key] = out.get(key, 0) + chance
    missing = sum(p.missing for p in parts)
    return from_chances(out, missing)


def from_chances(chances: dict[Number, Fraction | float], missing: float) -> Dist:
    if not missing and all(isinstance(c, Fraction) for c in chances.values()):
        den = lcm(*(c.denominator for c in chances.values()))  # type: ignore[union-attr]
        return Dist({v: int(c * den) for v, c in chances.items()}, den)
    return Dist({v: float(c) for v, c in chances.items()}, 1, missing)


def _kept_total(values: list[Number], ops: list[Op]) -> Number:
    """The package's keep (k) and drop (p) on plain values, then the sum of those kept."""
    kept = [True] * len(values)
    for op in ops:
        live = [i for i in range(len(values)) if kept[i]]
        chosen: set[int] = set()
        for cat, num in op.sels:
            if cat == "h":
                chosen.update(sorted(live, key=lambda i: values[i], reverse=True)[:num])
            elif cat == "l":
                chosen.update(sorted(live, key=lambda i: values[i])[:num])
            else:
                chosen.update(i for i in live if matches(Selector(cat, num), values[i]))
        for i in live:
            if (i in chosen) != (op.op == "k"):
                kept[i] = False
    return sum(v for v, k in zip(values, kept, strict=True) if k)


def kept_sum(values: Dist, number: int, keep: int, highest: bool, budget: Budget) -> Dist:
    """The sum of the ``keep`` highest (or lowest) of ``number`` dice, each ~ ``values``.

    ``ways[m]`` maps the sum kept by the m dice placed so far (all better than the value at
    hand) to its weight; placing c dice on the next value keeps those of them still within
    the first ``keep``, with C(left, c) · w^c ways."""
    order = sorted(values.weights, reverse=highest)
    weights, den = values.weights, values.den
    ways: list[dict[Number, int | float]] = [{} for _ in range(number + 1)]
    ways[0][0] = 1
    for value in order:
        w = weights[value]
        nxt: list[dict[Number, int | float]] = [{} for _ in range(number + 1)]
        for placed, row in enumerate(ways):
            if not row:
                continue
            left = number - placed
            budget.spend((left + 1) * len(row))
            for count in range(left + 1):
                factor = comb(left, count) * w**count
                gain = max(0, min(count, keep - placed)) * value
                target = nxt[placed + count]
                for s, ways_here in row.items():
                    target[s + gain] = target.get(s + gain, 0) + ways_here * factor
        ways = nxt
    return Dist(ways[number], den**number, values.missing * number)
