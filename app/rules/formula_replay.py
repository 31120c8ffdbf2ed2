"""Do a formula roll's dice follow its draw? The verifier's check for ``kind: "formula"``.

A formula roll is one draw (one nonce). Its faces, read in order, must be exactly what
rolling the recorded formula (``result.formula``, the standard text) consumes, die size by
die size, and rolling it with them must give the recorded dice and total: rerolls,
explosions, keeps and drops included, since the engine decides those from the faces alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.errors import RulesError
from app.rules.formula import MAX_FORMULA_LENGTH, parse_formula, roll_formula

__all__ = ["formula_dice_problem"]


class _Replay:
    """The draw's faces, handed out in order; a die of another size is a mismatch."""

    __slots__ = ("at", "faces", "problem")

    def __init__(self, faces: list[tuple[int, int]]) -> None:
        self.faces = faces
        self.at = 0
        self.problem: str | None = None

    def roll(self, sides: int, count: int = 1) -> list[int]:
        out = []
        for _ in range(count):
            if self.at == len(self.faces):
                self.problem = f"the formula rolls more dice than the draw's {len(self.faces)}"
                raise _Stop
            drawn_sides, face = self.faces[self.at]
            if drawn_sides != sides:
                self.problem = (
                    f"draw face {self.at} is a d{drawn_sides}, where the formula rolls a d{sides}"
                )
                raise _Stop
            out.append(face)
            self.at += 1
        return out


class _Stop(Exception):
    pass


def formula_dice_problem(record: Mapping[str, Any]) -> str | None:
    """Why a formula roll's dice are not what its draw gives, or None (see the module doc)."""
    proof, result = record["proof"], record["result"]
    if len(proof) != 1:
        return f"a formula roll is one draw, not {len(proof)}"
    faces = [(int(e["sides"]), int(f)) for e in proof[0]["rolls"] for f in e["faces"]]
    text = result["formula"]
    try:
        parsed = parse_formula(text, 2 * MAX_FORMULA_LENGTH)
    except RulesError as exc:
        return f"the recorded formula does not parse: {exc}"
    source = _Replay(faces)
    try:
        roll = roll_formula(source, parsed)
    except _Stop:
        return source.problem
    except RulesError as exc:
        return f"the formula does not roll with the draw's faces: {exc}"
    if source.at != len(faces):
        return f"the draw has {len(faces) - source.at} faces the formula does not use"
    dice = [die.to_dict() for die in roll.dice]
    if dice != list(record["dice"]):
        return f"the dice are not what {text!r} gives with the draw's faces: {dice}"
    if roll.total != result.get("total"):
        return f"the total is {result.get('total')!r}, but the draw's faces give {roll.total}"
    return None
