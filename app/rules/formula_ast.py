"""The free formula's tree: what ``app.rules.formula_syntax`` reads a text into.

Nodes are immutable (hashable: parsing and odds are memoised on them) and keep the
position where they start in the text, for error messages. ``note`` is the annotation
written after a value (``[fire]``, several run together: ``[a][b]``).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Binary", "Dice", "Group", "Literal", "Node", "Op", "Selector", "Unary", "normal_text"]


class Selector(NamedTuple):
    """Which values an operation takes: ``cat`` None (equal to), "h"/"l" (the highest/lowest
    ``num``), "<" or ">" (below/above ``num``)."""

    cat: str | None
    num: int

    def __str__(self) -> str:
        return f"{self.cat or ''}{self.num}"


class Op(NamedTuple):
    """An operation on a set of dice or values; merged operations carry several selectors."""

    op: str
    sels: tuple[Selector, ...]
    pos: int

    def __str__(self) -> str:
        return "".join(f"{self.op}{sel}" for sel in self.sels)


class Literal(NamedTuple):
    value: int | float
    text: str
    pos: int
    note: str = ""


class Dice(NamedTuple):
    """``count`` dice of ``size`` faces: an int, "%" (0, 10, …, 90) or "F" (-1, 0, +1)."""

    number: int
    size: int | str
    ops: tuple[Op, ...]
    pos: int
    note: str = ""

    @property
    def faces(self) -> tuple[int, ...]:
        if self.size == "%":
            return tuple(range(0, 100, 10))
        if self.size == "F":
            return (-1, 0, 1)
        assert isinstance(self.size, int)
        return tuple(range(1, self.size + 1))

    @property
    def sides(self) -> int:
        """The die drawn from the dice source: a d10 for "%", a d3 for "F"."""
        return 10 if self.size == "%" else 3 if self.size == "F" else int(self.size)


class Group(NamedTuple):
    """``(a, b, …)`` (a set, ``is_set``) or ``(a)`` (a parenthesised value)."""

    items: tuple[Node, ...]
    is_set: bool
    ops: tuple[Op, ...]
    pos: int
    note: str = ""


class Unary(NamedTuple):
    op: str
    operand: Node
    pos: int


class Binary(NamedTuple):
    op: str
    left: Node
    right: Node
    pos: int


Node = Literal | Dice | Group | Unary | Binary


def normal_text(node: Node) -> str:
    """The formula in a standard form: no blanks outside annotations, every dice count
    written, numbers without leading zeros. It parses back to the same tree."""
    kind = type(node)
    if kind is Literal:
        assert isinstance(node, Literal)
        return node.text + node.note
    if kind is Dice:
        assert isinstance(node, Dice)
        return f"{node.number}d{node.size}{''.join(map(str, node.ops))}{node.note}"
    if kind is Group:
        assert isinstance(node, Group)
        inner = ",".join(normal_text(item) for item in node.items)
        comma = "," if node.is_set and len(node.items) == 1 else ""
        return f"({inner}{comma}){''.join(map(str, node.ops))}{node.note}"
    if kind is Unary:
        assert isinstance(node, Unary)
        return node.op + normal_text(node.operand)
    assert isinstance(node, Binary)
    return normal_text(node.left) + node.op + normal_text(node.right)
