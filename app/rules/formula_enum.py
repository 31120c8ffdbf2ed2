"""Counting a dice term by rolling every sequence of faces through the roller itself.

The slow, general path of ``app.rules.formula_dist``: for terms whose operations look at
several dice at once (``ra``, ``ph1`` after ``ro``, merged ``kh1kl1``…) and never reroll
or explode without bound. An odometer dice source walks the tree of draws: each run reads
the faces of one path, the first draw past the path starts at face 1, and the next run
turns the last wheel that is not at its highest face.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm, prod

from app.rules.formula_ast import Dice, Op
from app.rules.formula_dist import Budget, Dist, Number
from app.rules.formula_eval import evaluate, total

__all__ = ["Odometer", "enumerate_dice"]


class Odometer:
    """A dice source replaying ``path`` and extending it with 1s; ``advance`` moves on."""

    __slots__ = ("at", "path", "sides")

    def __init__(self) -> None:
        self.path: list[int] = []
        self.sides: list[int] = []
        self.at = 0

    def roll(self, sides: int, count: int = 1) -> list[int]:
        out = []
        for _ in range(count):
            if self.at == len(self.path):
                self.path.append(1)
                self.sides.append(sides)
            out.append(self.path[self.at])
            self.at += 1
        return out

    @property
    def chance(self) -> Fraction:
        return Fraction(1, prod(self.sides))

    def advance(self) -> bool:
        """Move to the next path; False once every path was read."""
        del self.path[self.at :], self.sides[self.at :]
        while self.path and self.path[-1] == self.sides[-1]:
            self.path.pop()
            self.sides.pop()
        if not self.path:
            return False
        self.path[-1] += 1
        self.at = 0
        return True


def enumerate_dice(node: Dice, ops: list[Op], budget: Budget) -> Dist:
    """The exact distribution of a dice term with ``ops``, over every path of draws."""
    term = node._replace(ops=tuple(ops), note="")
    odometer = Odometer()
    chances: dict[Number, Fraction] = {}
    while True:
        budget.spend(150 * (node.number + len(ops) + 1))  # a run: some 150 dict steps a die
        value = total(evaluate(odometer, term, ""))
        chances[value] = chances.get(value, Fraction(0)) + odometer.chance
        if not odometer.advance():
            break
    den = lcm(*(c.denominator for c in chances.values()))
    return Dist({v: int(c * den) for v, c in chances.items()}, den)
