"""Rolling a parsed formula tree: the ``d20`` package's semantics, draw for draw.

Evaluation runs left to right, depth first. A dice term draws its N dice in one call to the
dice source, then applies its operations in order; each reroll and each die an explosion
adds is one more draw of one die. Operations work on the values still kept:

- ``k`` keeps what a selector picks and drops the rest; ``p`` drops what it picks.
- ``rr`` rerolls every picked die until none is picked; ``ro`` rerolls the picked dice
  once; ``ra`` adds one die for the first picked die; ``e`` adds a die for every picked
  die, and for every added die that is picked in turn, each die exploding at most once.
- ``mi``/``ma`` raise/lower every kept die to at least/at most their number.
- ``hN``/``lN`` pick the N highest/lowest (the earliest among equal values), a number the
  values equal to it, ``<N``/``>N`` the values below/above it.

Dice picked together are rerolled left to right (the package walks a Python set, whose
order follows memory addresses; no total depends on that order, only which die shows
which of the new faces). Operations on a parenthesised dice term, ``(4d6)kh3``, reach its
dice; on a set, its elements. Arithmetic is Python's on ints and floats, as the package's:
``/`` divides exactly into a float, ``//`` floors, comparisons give 1 or 0, and the total
is the value truncated toward zero.
"""

from __future__ import annotations

from typing import Any

from app.rules.dice import DiceSource
from app.rules.errors import FormulaError
from app.rules.formula_ast import Binary, Dice, Group, Literal, Node, Op, Selector, Unary
from app.rules.message import msg

__all__ = ["MAX_ROLLS", "VDice", "VDie", "VGroup", "VLit", "VOp", "Value", "evaluate", "total"]

MAX_ROLLS = 1000
"""Dice rolled by one formula, rerolls and explosions included (the package's limit)."""

Number = int | float


class VLit:
    __slots__ = ("kept", "node", "value")

    def __init__(self, node: Literal) -> None:
        self.node = node
        self.value: Number = node.value
        self.kept = True


class VDie:
    """One die: ``value`` now, the faces it showed before a reroll (``past``: each the
    face's values, mi/ma changes included, and whether it exploded), its own changes."""

    __slots__ = ("added", "boom", "forced", "kept", "past", "value")

    def __init__(self, value: int, added: bool = False) -> None:
        self.value = value
        self.kept = True
        self.added = added
        self.boom = False
        self.forced: list[int] | None = None
        self.past: list[tuple[tuple[int, ...], bool]] | None = None

    def reroll(self, value: int) -> None:
        if self.past is None:
            self.past = []
        self.past.append((tuple(self.forced or (self.value,)), self.boom))
        self.value, self.forced, self.boom = value, None, False

    def force(self, value: int) -> None:
        if self.forced is None:
            self.forced = [self.value]
        self.forced.append(value)
        self.value = value


class VDice:
    __slots__ = ("dice", "kept", "node")

    def __init__(self, node: Dice, dice: list[VDie]) -> None:
        self.node = node
        self.dice = dice
        self.kept = True


class VGroup:
    __slots__ = ("items", "kept", "node")

    def __init__(self, node: Group, items: list[Value]) -> None:
        self.node = node
        self.items = items
        self.kept = True


class VOp:
    """A unary or binary operation and its value, fixed once its operands are."""

    __slots__ = ("kept", "node", "parts", "value")

    def __init__(self, node: Unary | Binary, parts: tuple[Value, ...], value: Number) -> None:
        self.node = node
        self.parts = parts
        self.value = value
        self.kept = True


Value = VLit | VDice | VGroup | VOp
Element = VLit | VDie | VDice | VGroup | VOp


def total(value: Element) -> Number:
    """The value counted for ``value``: 0 when it is dropped."""
    if not value.kept:
        return 0
    if type(value) is VDice:
        return sum(d.value for d in value.dice if d.kept)
    if type(value) is VGroup:
        if value.node.is_set:
            return sum(total(item) for item in value.items if item.kept)
        return total(value.items[0])
    return value.value  # type: ignore[union-attr]


def members(value: Value) -> list[Any]:
    """What a set operation on ``value`` works on: dice, a set's elements, or itself."""
    while type(value) is VGroup and not value.node.is_set:
        value = value.items[0]
    if type(value) is VDice:
        return value.dice
    if type(value) is VGroup:
        return value.items
    return [value]


def _binary(op: str, left: Number, right: Number, node: Binary, text: str) -> Number:
    try:
        if op == "+":
            return left + right
        if op == "-":
            return left - right
        if op == "*":
            return left * right
        if op == "/":
            return left / right
        if op == "//":
            return left // right
        if op == "%":
            return left % right
        return int(
            left == right
            if op == "=="
            else left != right
            if op == "!="
            else left < right
            if op == "<"
            else left > right
            if op == ">"
            else left <= right
            if op == "<="
            else left >= right
        )
    except ZeroDivisionError:  # formula_check refuses a divisor that can be 0: never here
        raise FormulaError(msg("cannot divide by zero"), text, node.pos) from None


class _Roller:
    __slots__ = ("dice", "rolls", "text")

    def __init__(self, dice: DiceSource, text: str) -> None:
        self.dice = dice
        self.text = text
        self.rolls = 0

    def count(self, n: int, node: Dice) -> None:
        self.rolls += n
        if self.rolls > MAX_ROLLS:  # formula_check makes this a chance below 1e-9
            raise FormulaError(
                msg("the roll needed more than {max_rolls} dice", max_rolls=MAX_ROLLS),
                self.text,
                node.pos,
            )

    def draw(self, node: Dice, n: int) -> list[int]:
        self.count(n, node)
        faces = self.dice.roll(node.sides, n)
        if node.size == "%":
            return [(f - 1) * 10 for f in faces]
        if node.size == "F":
            return [f - 2 for f in faces]
        return faces

    def eval(self, node: Node) -> Value:
        kind = type(node)
        if kind is Dice:
            dice: Dice = node  # type: ignore[assignment]
            faces = self.draw(dice, dice.number) if dice.number else []
            rolled = VDice(dice, [VDie(f) for f in faces])
            for op in dice.ops:
                self.operate(op, rolled.dice, dice)
            return rolled
        if kind is Literal:
            return VLit(node)  # type: ignore[arg-type]
        if kind is Binary:
            binary: Binary = node  # type: ignore[assignment]
            left = self.eval(binary.left)
            right = self.eval(binary.right)
            value = _binary(binary.op, total(left), total(right), binary, self.text)
            return VOp(binary, (left, right), value)
        if kind is Unary:
            unary: Unary = node  # type: ignore[assignment]
            operand = self.eval(unary.operand)
            inner = total(operand)
            return VOp(unary, (operand,), -inner if unary.op == "-" else +inner)
        group: Group = node  # type: ignore[assignment]
        rolled_group = VGroup(group, [self.eval(item) for item in group.items])
        for op in group.ops:
            self.operate(op, members(rolled_group), None)
        return rolled_group

    def operate(self, op: Op, target: list[Any], dice: Dice | None) -> None:
        name = op.op
        if name == "k":
            chosen = select(target, op.sels)
            for item in [t for t in target if t.kept]:
                if id(item) not in chosen:
                    item.kept = False
        elif name == "p":
            for item in select_in_order(target, op.sels):
                item.kept = False
        elif dice is None:  # the grammar gives sets k and p only
            raise AssertionError(name)
        elif name == "mi" or name == "ma":
            bound = op.sels[-1].num  # formula_check refuses h/l/</> here
            for die in target:
                if die.kept and (die.value < bound if name == "mi" else die.value > bound):
                    die.force(bound)
        elif name == "rr" or name == "ro":
            picked = select_in_order(target, op.sels)
            while picked:
                for die in picked:
                    die.reroll(self.draw(dice, 1)[0])
                picked = select_in_order(target, op.sels) if name == "rr" else []
        elif name == "e":
            done: set[int] = set()
            picked = select_in_order(target, op.sels)
            while picked:
                for die in picked:
                    die.boom = True
                    target.append(VDie(self.draw(dice, 1)[0], added=True))
                done.update(id(d) for d in picked)
                picked = [d for d in select_in_order(target, op.sels) if id(d) not in done]
        else:  # ra
            first = select_first(target, op.sels)
            if first is not None:
                first.boom = True
                target.append(VDie(self.draw(dice, 1)[0], added=True))


def _picks(kept: list[Any], sel: Selector) -> list[Any]:
    cat, num = sel
    if cat is None:
        return [t for t in kept if _val(t) == num]
    if cat == "h":
        return sorted(kept, key=_val, reverse=True)[:num]
    if cat == "l":
        return sorted(kept, key=_val)[:num]
    if cat == ">":
        return [t for t in kept if _val(t) > num]
    return [t for t in kept if _val(t) < num]


def _val(item: Any) -> Number:
    return item.value if type(item) is VDie else total(item)


def select(target: list[Any], sels: tuple[Selector, ...]) -> set[int]:
    """The ids of the kept items any of ``sels`` picks."""
    kept = [t for t in target if t.kept]
    chosen: set[int] = set()
    for sel in sels:
        chosen.update(id(t) for t in _picks(kept, sel))
    return chosen


def select_in_order(target: list[Any], sels: tuple[Selector, ...]) -> list[Any]:
    """The kept items any of ``sels`` picks, left to right."""
    if len(sels) == 1 and sels[0].cat not in ("h", "l"):
        return _picks([t for t in target if t.kept], sels[0])
    chosen = select(target, sels)
    return [t for t in target if id(t) in chosen]


def select_first(target: list[Any], sels: tuple[Selector, ...]) -> Any:
    """What ``ra`` takes: the first pick of the first selector that picks anything."""
    kept = [t for t in target if t.kept]
    for sel in sels:
        picks = _picks(kept, sel)
        if picks:
            return picks[0]
    return None


def evaluate(dice: DiceSource, node: Node, text: str) -> Value:
    """Roll ``node`` with ``dice``: the tree of rolled values (see the module doc)."""
    return _Roller(dice, text).eval(node)
