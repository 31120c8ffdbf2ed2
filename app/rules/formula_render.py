"""A rolled formula as a client shows it: the package's text, the dice, the annotations.

``text`` is what ``str(d20.roll(...))`` prints (its Markdown stringifier): every dice term
followed by its faces, ``~~struck~~`` when dropped or rerolled, ``**bold**`` on a 1 or the
highest face (and on -1 for fudge dice), ``a -> b`` where mi/ma changed a face, ``!`` on a
face that exploded, annotations after their value, and ``= `total` `` at the end.
"""

from __future__ import annotations

from app.rules.formula_ast import Dice, Unary
from app.rules.formula_eval import Value, VDice, VDie, VGroup, VLit, VOp, total
from app.rules.results import Die, JSONDict

__all__ = ["annotations_of", "dice_of", "render"]


def render(value: Value) -> str:
    """The package's Markdown rendering of a rolled formula, with its total."""
    out: list[str] = []
    _node(value, out, False)
    out.append(f" = `{int(total(value))}`")
    return "".join(out)


def _node(value: Value, out: list[str], dropped: bool) -> None:
    if not value.kept and not dropped:
        out.append("~~")
        _inner(value, out, True)
        out.append("~~")
    else:
        _inner(value, out, dropped)


def _inner(value: Value, out: list[str], dropped: bool) -> None:
    kind = type(value)
    if kind is VDice:
        rolled: VDice = value  # type: ignore[assignment]
        node = rolled.node
        out.append(f"{node.number}d{node.size}{''.join(map(str, node.ops))} (")
        for index, die in enumerate(rolled.dice):
            if index:
                out.append(", ")
            if not die.kept and not dropped:
                out.append("~~")
                _die(die, node, out, True)
                out.append("~~")
            else:
                _die(die, node, out, dropped)
        out.append(")")
    elif kind is VLit:
        out.append(str(value.value))  # type: ignore[union-attr]
    elif kind is VOp:
        op: VOp = value  # type: ignore[assignment]
        if type(op.node) is Unary:
            out.append(op.node.op)
            _node(op.parts[0], out, dropped)
        else:
            _node(op.parts[0], out, dropped)
            out.append(f" {op.node.op} ")
            _node(op.parts[1], out, dropped)
        return  # an operation carries no annotation of its own
    else:
        group: VGroup = value  # type: ignore[assignment]
        out.append("(")
        for index, item in enumerate(group.items):
            if index:
                out.append(", ")
            _node(item, out, dropped)
        out.append(",)" if group.node.is_set and len(group.items) == 1 else ")")
        out.append("".join(map(str, group.node.ops)))
    note = value.node.note  # type: ignore[union-attr]
    if note:
        out.append(f" {note}")


def _die(die: VDie, node: Dice, out: list[str], dropped: bool) -> None:
    faces = [*(die.past or ()), (tuple(die.forced or (die.value,)), die.boom)]
    last = len(faces) - 1
    for index, (values, boom) in enumerate(faces):
        if index:
            out.append(", ")
        inside = " -> ".join(map(str, values)) + ("!" if boom else "")
        if index < last and not dropped:  # a face rerolled away is dropped
            inside = f"~~{inside}~~"
        shown = values[-1]
        if shown == 1 or shown == node.size or (node.size == "F" and shown == -1):
            inside = f"**{inside}**"
        out.append(inside)


def dice_of(value: Value) -> tuple[Die, ...]:
    """Every die, left to right: ``sides`` (an int, "%" or "F"), ``value``, ``history``
    (the values it showed before each reroll), ``kept`` under a keep or drop (false when
    it does not count, its own drop or a dropped set element or group's), ``exploded``
    when it made another die, ``added`` when an explosion made it, ``rolled`` the face it
    showed before mi/ma changed it."""
    out: list[Die] = []
    _collect(value, out, scoped=False, counted=True)
    return tuple(out)


def _collect(value: Value, out: list[Die], scoped: bool, counted: bool) -> None:
    counted = counted and value.kept
    kind = type(value)
    if kind is VDice:
        rolled: VDice = value  # type: ignore[assignment]
        node = rolled.node
        scoped = scoped or any(op.op in ("k", "p") for op in node.ops)
        for die in rolled.dice:
            kept = (counted and die.kept) if scoped else None
            out.append(
                Die(
                    node.size,
                    die.value,
                    tuple(values[-1] for values, _ in die.past or ()),
                    kept=kept,
                    exploded=True if die.boom or any(b for _, b in die.past or ()) else None,
                    added=True if die.added else None,
                    rolled=die.forced[0] if die.forced else None,
                )
            )
    elif kind is VGroup:
        group: VGroup = value  # type: ignore[assignment]
        scoped = scoped or bool(group.node.ops)
        for item in group.items:
            _collect(item, out, scoped, counted)
    elif kind is VOp:
        for part in value.parts:  # type: ignore[union-attr]
            _collect(part, out, scoped, counted)


def annotations_of(value: Value) -> list[JSONDict]:
    """``[{"text": "[fire]", "value": 9}, …]``: each annotated value, left to right."""
    out: list[JSONDict] = []
    _notes(value, out)
    return out


def _notes(value: Value, out: list[JSONDict]) -> None:
    """In text order: what a value holds, then the value's own annotation."""
    if type(value) is VGroup:
        for item in value.items:
            _notes(item, out)
    elif type(value) is VOp:
        for part in value.parts:
            _notes(part, out)
        return
    note = value.node.note  # type: ignore[union-attr]
    if note:
        out.append({"text": note, "value": total(value)})
