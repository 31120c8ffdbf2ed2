"""What a formula may ask before a single die is rolled: no endless work, no failure later.

A roll must never fail half way for some faces and not others: the answer (a 422 instead
of a roll) would tell the player what the next draws of the campaign's seed hold, or what
a hidden roll showed. So every refusal is decided here, from the text alone:

- an operation that never ends for any face (``1d6rr<7``, ``1d1e1``, ``rr`` with a ``h``
  or ``l`` selector, which always finds a die), or that the package refuses at once
  (``mi``/``ma`` with anything but a plain number);
- a divisor that can be 0: refused unless its bounds, or else its exact values, exclude 0
  (a divisor with too many values to count is refused when its bounds hold 0);
- a value that could leave ±(2^53 − 1), the integers a JSON client reads exactly;
- more than ``MAX_ROLLS`` dice rolled, rerolls and explosions included, with a chance
  above ``ROLL_RISK``: a Chernoff bound, min over t of E[exp(t·rolls)]·exp(−t·1001),
  over every term, each die followed through its operations face by face. What is
  left, a chance below 1e-9, still stops with a 422 while rolling rather than run on.

Every check treats dropped dice as if they were kept (that only adds work and values), so
a formula that drops all its dice before an endless reroll is refused, though the package
would roll it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from app.rules.errors import FormulaError
from app.rules.formula_ast import Binary, Dice, Group, Literal, Node, Unary
from app.rules.formula_dice import distribution
from app.rules.formula_dist import Budget, NoOdds, matches, members_node
from app.rules.formula_eval import MAX_ROLLS
from app.rules.message import msg

__all__ = ["MAX_VALUE", "ROLL_RISK", "check_tree"]

MAX_VALUE = 2**53 - 1
ROLL_RISK = 1e-9
_DIVISOR_WORK = 50_000
_THETAS = tuple(10 ** (k / 6) for k in range(-24, 5))  # 1e-4 .. ~4.6

Bounds = tuple[float, float]


def check_tree(tree: Node, text: str) -> tuple[int, int]:
    """Refuse what the module doc lists; answer (lowest, highest) total."""
    dice = list(_dice_nodes(tree))
    for node in dice:
        _check_operations(node, text)
    low, high = _Bounds(text).of(tree, False)
    _check_rolls(dice, text)
    return math.trunc(low), math.trunc(high)


def _dice_nodes(node: Node) -> Iterator[Dice]:
    if type(node) is Dice:
        yield node
    elif type(node) is Group:
        for item in node.items:
            yield from _dice_nodes(item)
    elif type(node) is Unary:
        yield from _dice_nodes(node.operand)
    elif type(node) is Binary:
        yield from _dice_nodes(node.left)
        yield from _dice_nodes(node.right)


def _check_operations(node: Dice, text: str) -> None:
    faces = node.faces
    for op in node.ops:
        if op.op in ("mi", "ma"):
            sel = op.sels[-1]
            if sel.cat is not None:
                raise FormulaError(
                    msg(
                        "{op_op} takes a plain number, as in {op_op}2, not {sel!r}",
                        op_op=op.op,
                        sel=str(sel),
                    ),
                    text,
                    op.pos,
                )
            continue
        if not node.number or op.op not in ("rr", "e"):
            continue
        if op.op == "rr" and any(s.cat in ("h", "l") and s.num for s in op.sels):
            raise FormulaError(
                msg("rr with h or l always finds a die to reroll: it would reroll forever"),
                text,
                op.pos,
            )
        if all(any(matches(s, f) for s in op.sels if s.cat not in ("h", "l")) for f in faces):
            verb = msg("reroll") if op.op == "rr" else msg("explode")
            raise FormulaError(
                msg(
                    "{op} picks every face of a d{node_size}: it would {verb} forever",
                    op=op,
                    node_size=node.size,
                    verb=verb,
                ),
                text,
                op.pos,
            )


class _Bounds:
    """Interval bounds of every value, and the divisor check, bottom up."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def of(self, node: Node, droppable: bool) -> Bounds:
        low, high = self._of(node, droppable)
        if max(abs(low), abs(high)) > MAX_VALUE:
            where = getattr(node, "pos", 0)
            raise FormulaError(
                msg(
                    "a value here could reach {max:.0f}, beyond the ±{max_value} a formula may "
                    "reach",
                    max=max(abs(low), abs(high)),
                    max_value=MAX_VALUE,
                ),
                self.text,
                where,
            )
        return low, high

    def _of(self, node: Node, droppable: bool) -> Bounds:
        kind = type(node)
        if kind is Literal:
            v = float(node.value)  # type: ignore[union-attr]
            return _drop((v, v), droppable)
        if kind is Dice:
            return _dice_bounds(node, droppable)  # type: ignore[arg-type]
        if kind is Unary:
            low, high = self.of(node.operand, False)  # type: ignore[union-attr]
            return _drop((-high, -low) if node.op == "-" else (low, high), droppable)  # type: ignore[union-attr]
        if kind is Binary:
            return _drop(self._binary(node), droppable)  # type: ignore[arg-type]
        group: Group = node  # type: ignore[assignment]
        if group.is_set:
            drops = droppable or bool(group.ops)
            parts = [self.of(item, drops) for item in group.items]
            return sum(p[0] for p in parts), sum(p[1] for p in parts)
        target, ops = members_node(group)
        if type(target) is Group:
            return self.of(target, droppable or bool(ops))
        return self.of(target, droppable or bool(ops))

    def _binary(self, node: Binary) -> Bounds:
        a, b = self.of(node.left, False), self.of(node.right, False)
        op = node.op
        if op == "+":
            return a[0] + b[0], a[1] + b[1]
        if op == "-":
            return a[0] - b[1], a[1] - b[0]
        if op == "*":
            products = [x * y for x in a for y in b]
            return min(products), max(products)
        if op in ("/", "//", "%"):
            divisors = self._divisors(node, b)
            if op == "%":
                return min(0.0, b[0]), max(0.0, b[1])
            quotients = [x / y for x in a for y in divisors]
            low, high = min(quotients), max(quotients)
            return (math.floor(low), math.floor(high)) if op == "//" else (low, high)
        return 0.0, 1.0  # comparisons

    def _divisors(self, node: Binary, bounds: Bounds) -> list[float]:
        """The divisor's extreme values on each side of 0; refuse a divisor that may be 0."""
        low, high = bounds
        if low > 0 or high < 0:
            return [low, high]
        values = None
        try:
            dist = distribution(node.right, Budget(_DIVISOR_WORK), 0.0)
            if dist.exact:
                values = [float(v) for v in dist.weights]
        except NoOdds:
            pass
        if values is None or 0 in values:
            what = (
                msg("is 0")
                if low == high == 0
                else msg("can be 0")
                if values
                else msg("may be 0 (it has too many values to rule 0 out)")
            )
            raise FormulaError(
                msg("the divisor of {node_op!r} {what}", node_op=node.op, what=what),
                self.text,
                node.pos,
            )
        positive = [v for v in values if v > 0]
        negative = [v for v in values if v < 0]
        return [
            *(positive and [min(positive), max(positive)]),
            *(negative and [min(negative), max(negative)]),
        ]


def _drop(bounds: Bounds, droppable: bool) -> Bounds:
    return (min(0.0, bounds[0]), max(0.0, bounds[1])) if droppable else bounds


def _dice_bounds(node: Dice, droppable: bool) -> Bounds:
    """The term's bounds from the values a die may hold after its operations (a set of
    faces and mi/ma numbers: ``rr`` removes what it picks), times the dice it may count."""
    if not node.number:
        return 0.0, 0.0
    faces = set(node.faces)
    values = set(faces)
    extra = 0
    for op in node.ops:
        name, bound = op.op, op.sels[-1].num
        plain = [s for s in op.sels if s.cat not in ("h", "l")]
        if name == "mi" or name == "ma":
            values = {max(v, bound) if name == "mi" else min(v, bound) for v in values}
        elif name in ("k", "p"):
            droppable = True
        elif name == "rr" and len(plain) == len(op.sels):
            values = {v for v in values | faces if not any(matches(s, v) for s in plain)}
        else:
            values |= faces
            extra = MAX_ROLLS if name == "e" else extra + (name == "ra")
    low, high = float(min(values)), float(max(values))
    most = min(MAX_ROLLS, node.number + extra)
    least = 0 if droppable else node.number
    return min(least * low, most * low), max(least * high, most * high)


# --- how many dice a formula rolls -------------------------------------------------------


def _check_rolls(dice: list[Dice], text: str) -> None:
    unbounded = [d for d in dice if d.number and any(op.op in ("rr", "e") for op in d.ops)]
    if not unbounded and sum(_most_rolls(d) for d in dice) <= MAX_ROLLS:
        return
    where = (unbounded or dice)[0].pos
    if sum(d.number for d in dice) > MAX_ROLLS:
        raise FormulaError(
            msg("the formula rolls more than {max_rolls} dice", max_rolls=MAX_ROLLS), text, where
        )
    risk = min(_risk(dice, theta) for theta in _THETAS)
    if risk > ROLL_RISK:
        raise FormulaError(
            msg(
                "the formula could roll more than {max_rolls} dice, rerolls and explosions "
                "included (a chance above {roll_risk:g})",
                max_rolls=MAX_ROLLS,
                roll_risk=ROLL_RISK,
            ),
            text,
            where,
        )


def _most_rolls(node: Dice) -> int:
    rolls = node.number
    for op in node.ops:
        rolls += node.number if op.op == "ro" else 1 if op.op == "ra" else 0
    return rolls


def _risk(dice: list[Dice], theta: float) -> float:
    """exp(Σ log E[exp(θ·rolls)] − θ·(MAX_ROLLS + 1)), or inf where the bound diverges."""
    log_mgf = 0.0
    for node in dice:
        if node.number:
            term = _log_mgf(node, theta)
            if term == math.inf:
                return math.inf
            log_mgf += term
    exponent = log_mgf - theta * (MAX_ROLLS + 1)
    return math.exp(exponent) if exponent < 700 else math.inf


Klass = tuple[int, ...]


class _Classes(NamedTuple):
    """A term's values grouped by how its operations treat them: the faces in each class,
    per operation the classes its selectors pick, and where mi/ma move each class."""

    weight: dict[Klass, int]
    classes: tuple[Klass, ...]
    picked: tuple[frozenset[Klass], ...]
    moved: tuple[dict[Klass, Klass] | None, ...]
    span: int


@lru_cache(maxsize=256)
def _classes(node: Dice) -> _Classes:
    marks = sorted({s.num for op in node.ops for s in op.sels})

    def klass(v: int) -> Klass:
        return tuple((v > m) - (v < m) for m in marks)

    values = {*node.faces, *(op.sels[-1].num for op in node.ops if op.op in ("mi", "ma"))}
    reps = {klass(v): v for v in sorted(values, reverse=True)}
    weight: dict[Klass, int] = {}
    for f in node.faces:
        weight[klass(f)] = weight.get(klass(f), 0) + 1
    picked, moved = [], []
    for op in node.ops:
        sels = [s for s in op.sels if s.cat not in ("h", "l")]
        picked.append(frozenset(k for k, v in reps.items() if any(matches(s, v) for s in sels)))
        bound = op.sels[-1].num
        clamp = max if op.op == "mi" else min
        moved.append(
            {k: klass(clamp(v, bound)) for k, v in reps.items()} if op.op in ("mi", "ma") else None
        )
    return _Classes(weight, tuple(reps), tuple(picked), tuple(moved), len(values))


def _log_mgf(node: Dice, theta: float) -> float:
    """log E[exp(θ·rolls)] for one term: each die's continuation G, from the last
    operation back, for every class of values it may hold (values on the same side of
    every selector and mi/ma number behave alike); ``ra`` and the ``h``/``l`` part of an
    explosion multiply the whole term (a bounded number of extra chains)."""
    weight, classes, picks, moves, span = _classes(node)
    grow, size = math.exp(theta), len(node.faces)
    cont = dict.fromkeys(classes, 1.0)
    extra = 0.0  # log of the term-wide factors
    for index in range(len(node.ops) - 1, -1, -1):
        op, picked, moved = node.ops[index], picks[index], moves[index]
        name = op.op
        stop = sum(n * cont[k] for k, n in weight.items() if k not in picked) / size
        go = sum(n * cont[k] for k, n in weight.items() if k in picked) / size
        chance = sum(n for k, n in weight.items() if k in picked) / size
        if moved is not None:  # mi, ma
            cont = {k: cont[moved[k]] for k in classes}
        elif name == "rr":
            if grow * chance >= 1:
                return math.inf
            again = grow * stop / (1 - grow * chance)
            cont = {k: again if k in picked else g for k, g in cont.items()}
        elif name == "ro":
            cont = {k: grow * (stop + go) if k in picked else g for k, g in cont.items()}
        elif name == "e":
            if grow * go >= 1:
                return math.inf
            chain = grow * stop / (1 - grow * go)
            tops = sum(s.num * (s.num * (span - 1) + 1) for s in op.sels if s.cat in ("h", "l"))
            extra += min(tops, MAX_ROLLS + 1) * math.log(chain)
            cont = {k: g * chain if k in picked else g for k, g in cont.items()}
        elif name == "ra":
            extra += math.log(grow * (stop + go))
    first = grow * sum(n * cont[k] for k, n in weight.items()) / size
    return node.number * math.log(first) + extra
