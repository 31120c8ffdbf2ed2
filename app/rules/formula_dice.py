"""The distribution of a formula tree's value, before the dice fall.

Subtrees are independent (each rolls its own dice), so sums convolve and other operators
combine pairs of values (``app.rules.formula_dist``). A dice term is counted, fastest
first, as

1. one die at a time, when every operation treats each die on its own (selectors ``N``,
   ``<N``, ``>N``; ``rr``, ``ro``, ``e``, ``k``, ``p``, ``mi``, ``ma``): the term is
   the sum of N independent copies of one die's contribution, its explosions included;
2. keep or drop with one ``hN``/``lN`` selector, last, after rerolls or mi/ma: the values
   are walked from the best down, counting how many dice show each (``kept_sum``);
3. otherwise every sequence of faces (``app.rules.formula_enum``), when the term has no
   unbounded reroll or explosion.

Nothing here depends on a roll.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from app.rules.formula_ast import Binary, Dice, Group, Literal, Node, Op, Unary
from app.rules.formula_dist import (
    Budget,
    Dist,
    NoOdds,
    Number,
    add,
    combined,
    from_chances,
    kept_sum,
    mapped,
    members_node,
    mixture,
    picks,
    point,
    repeated,
    set_distribution,
    summed,
)
from app.rules.formula_enum import enumerate_dice

__all__ = ["dice_distribution", "dice_mean", "distribution", "per_die"]


def distribution(node: Node, budget: Budget, tol: float) -> Dist:
    """The distribution of ``node``'s value; raises ``NoOdds`` when it cannot be counted."""
    if isinstance(node, Literal):
        return point(node.value)
    if isinstance(node, Dice):
        return dice_distribution(node, list(node.ops), budget, tol)
    if isinstance(node, Unary):
        inner = distribution(node.operand, budget, tol)
        return mapped(inner, (lambda v: -v) if node.op == "-" else (lambda v: +v))
    if isinstance(node, Binary):
        left = distribution(node.left, budget, tol)
        right = distribution(node.right, budget, tol)
        return combined(left, right, _OPERATORS[node.op], budget)
    if not node.is_set and not node.ops:
        return distribution(node.items[0], budget, tol)
    target, ops = members_node(node) if not node.is_set else (node, list(node.ops))
    if isinstance(target, Dice):
        return dice_distribution(target, [*target.ops, *ops], budget, tol)
    if isinstance(target, Group):
        parts = [distribution(item, budget, tol) for item in target.items]
    else:
        parts = [distribution(target, budget, tol)]
    return set_distribution(parts, ops, budget)


def _divide(op: Callable[[Number, Number], Number]) -> Callable[[Number, Number], Number]:
    def checked(x: Number, y: Number) -> Number:
        if y == 0:
            raise NoOdds  # formula_check refuses a divisor that can be 0
        return op(x, y)

    return checked


_OPERATORS: dict[str, Callable[[Number, Number], Number]] = {
    "+": add,
    "-": lambda x, y: x - y,
    "*": lambda x, y: x * y,
    "/": _divide(lambda x, y: x / y),
    "//": _divide(lambda x, y: x // y),
    "%": _divide(lambda x, y: x % y),
    "==": lambda x, y: int(x == y),
    "!=": lambda x, y: int(x != y),
    "<": lambda x, y: int(x < y),
    ">": lambda x, y: int(x > y),
    "<=": lambda x, y: int(x <= y),
    ">=": lambda x, y: int(x >= y),
}


# --- dice terms ---------------------------------------------------------------------------


def per_die(ops: list[Op] | tuple[Op, ...]) -> bool:
    """Whether every operation treats each die on its own (no ra, no hN/lN selector)."""
    return all(
        op.op in ("mi", "ma") or (op.op != "ra" and all(s.cat not in ("h", "l") for s in op.sels))
        for op in ops
    )


def dice_distribution(node: Dice, ops: list[Op], budget: Budget, tol: float) -> Dist:
    faces = node.faces
    if node.number == 0:
        return point(0)
    if per_die(ops):
        one = _Die(faces, ops, budget, tol / node.number).contribution(0, _start(faces))
        return repeated(one, node.number, budget)
    *prefix, last = ops
    if (
        last.op in ("k", "p")
        and len(last.sels) == 1
        and last.sels[0].cat in ("h", "l")
        and all(op.op in ("rr", "ro", "mi", "ma") for op in prefix)
        and all(all(s.cat not in ("h", "l") for s in op.sels) for op in prefix)
    ):
        die = _Die(faces, prefix, budget, tol)
        states = die.states(0, len(prefix), _start(faces))
        values = states_to_values(states)
        cat, num = last.sels[0]
        keep = min(num, node.number)
        if last.op == "p":
            keep, cat = node.number - keep, "l" if cat == "h" else "h"
        return kept_sum(values, node.number, keep, cat == "h", budget)
    if any(op.op in ("rr", "e") for op in ops):
        raise NoOdds
    return enumerate_dice(node, ops, budget)


State = tuple[Number, bool]


def _start(faces: tuple[int, ...]) -> dict[State, Fraction]:
    return {(f, True): Fraction(1, len(faces)) for f in faces}


def states_to_values(states: dict[State, Fraction]) -> Dist:
    return from_chances({v: c for (v, _), c in states.items()}, 0.0)


class _Die:
    """One die through a list of per-die operations: its states and its contribution."""

    __slots__ = ("budget", "chains", "faces", "memo", "ops", "tol")

    def __init__(self, faces: tuple[int, ...], ops: list[Op], budget: Budget, tol: float):
        self.faces = faces
        self.ops = ops
        self.budget = budget
        self.tol = tol
        self.memo: dict[tuple[int, State], Dist] = {}
        self.chains: dict[int, Dist] = {}

    def states(self, j: int, stop: int, states: dict[State, Fraction]) -> dict[State, Fraction]:
        """The states after operations ``j`` up to ``stop`` (none of them ``e``)."""
        faces = self.faces
        for op in self.ops[j:stop]:  # exact chances: some 10 dictionary steps each
            self.budget.spend(10 * (len(states) + len(faces)))
            name, sels = op.op, op.sels
            out: dict[State, Fraction] = {}
            rerolled = Fraction(0)  # the chance that rr/ro draws a new face
            for (v, kept), c in states.items():
                if not kept:
                    state: State = (v, False)
                elif name == "k" or name == "p":
                    state = (v, picks(sels, v) == (name == "k"))
                elif name == "mi" or name == "ma":
                    bound = sels[-1].num
                    state = (bound if (v < bound if name == "mi" else v > bound) else v, True)
                elif picks(sels, v):
                    rerolled += c
                    continue
                else:
                    state = (v, True)
                out[state] = out.get(state, 0) + c
            if rerolled:  # rr: a face none selects; ro: any face
                pool = [f for f in faces if name == "ro" or not picks(sels, f)]
                if not pool:
                    raise NoOdds  # formula_check refuses an endless reroll
                share = rerolled / len(pool)
                for f in pool:
                    out[(f, True)] = out.get((f, True), 0) + share
            states = out
        return states

    def contribution(self, j: int, states: dict[State, Fraction]) -> Dist:
        """What the die (and the dice it makes explode) adds, from operation ``j`` on."""
        stop = next((i for i in range(j, len(self.ops)) if self.ops[i].op == "e"), None)
        if stop is None:
            end = self.states(j, len(self.ops), states)
            return from_chances(_value_chances(end), 0.0)
        states = self.states(j, stop, states)
        self.budget.spend(10 * len(states))
        sels = self.ops[stop].sels
        parts = []
        for state, chance in states.items():
            part = self.after(stop + 1, state)
            if state[1] and picks(sels, state[0]):
                part = summed(part, self.chain(stop), self.budget)
            parts.append((chance, part))
        return mixture(parts)

    def expected(self, j: int, states: dict[State, Fraction]) -> Fraction:
        """The exact mean of ``contribution(j, states)``; an explosion's chain solves
        E[chain] = Σ_f E[after f] / F + p·E[chain]."""
        stop = next((i for i in range(j, len(self.ops)) if self.ops[i].op == "e"), None)
        if stop is None:
            end = self.states(j, len(self.ops), states)
            return sum((c * Fraction(v) for (v, kept), c in end.items() if kept), Fraction(0))
        states = self.states(j, stop, states)
        sels, share = self.ops[stop].sels, Fraction(1, len(self.faces))
        chain = sum(
            (share * self.expected(stop + 1, {(f, True): Fraction(1)}) for f in self.faces),
            Fraction(0),
        )
        chain /= 1 - share * sum(1 for f in self.faces if picks(sels, f))
        mean = Fraction(0)
        for (v, kept), c in states.items():
            mean += c * self.expected(stop + 1, {(v, kept): Fraction(1)})
            if kept and picks(sels, v):
                mean += c * chain
        return mean

    def after(self, j: int, state: State) -> Dist:
        key = (j, state)
        if key not in self.memo:
            self.memo[key] = self.contribution(j, {state: Fraction(1)})
        return self.memo[key]

    def chain(self, j: int) -> Dist:
        """What one die added by the explosion at operation ``j`` contributes, with the
        dice it makes explode in turn: Σ_k B^k ⊕ A, cut once p^k is below ``tol``."""
        if j in self.chains:
            return self.chains[j]
        sels, share = self.ops[j].sels, Fraction(1, len(self.faces))
        self.budget.spend(10 * len(self.faces))
        stops = [(share, self.after(j + 1, (f, True))) for f in self.faces if not picks(sels, f)]
        goes = [(share, self.after(j + 1, (f, True))) for f in self.faces if picks(sels, f)]
        p = float(len(goes)) / len(self.faces)
        if not stops:
            raise NoOdds  # formula_check refuses an endless explosion
        a = mixture(stops)
        if not goes:
            self.chains[j] = a
            return a
        b = mixture(goes)
        chances, term, left, missing = dict(a.floats()), a, p, a.missing
        while left > self.tol:
            term = summed(b, term, self.budget)
            self.budget.spend(len(term.weights))
            for v, c in term.floats().items():
                chances[v] = chances.get(v, 0.0) + c
            missing += term.missing
            left *= p
        result = Dist(dict(chances), 1, missing + left)
        self.chains[j] = result
        return result


def dice_mean(node: Dice, budget: Budget) -> Fraction | None:
    """The exact mean of a dice term whose dice each count on their own, else None."""
    if not node.number:
        return Fraction(0)
    if not per_die(node.ops):
        return None
    die = _Die(node.faces, list(node.ops), budget, 0.0)
    return node.number * die.expected(0, _start(node.faces))


def _value_chances(states: dict[State, Fraction]) -> dict[Number, Fraction | float]:
    out: dict[Number, Fraction | float] = {}
    for (v, kept), c in states.items():
        key = v if kept else 0
        out[key] = out.get(key, 0) + c
    return out
