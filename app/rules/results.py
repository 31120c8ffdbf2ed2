"""Immutable result values shared by every ruleset, and their JSON shape.

A roll serialises to the ``dice`` / ``result`` / ``odds`` triple of the API contract.
Results are ``NamedTuple``s: immutable, cheap to build on the hot path, and easy to
replace field by field when a roll moves on (a reroll, a choice).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple, Protocol

__all__ = ["Die", "JSONDict", "Roll", "fraction_json"]

JSONDict = dict[str, Any]


class Die(NamedTuple):
    """One die on the table: its current face and every face it showed before.

    ``sides`` is an int, or for the free formula "%" (faces 0, 10, …, 90) or "F" (fudge:
    -1, 0, +1). A formula die may also be ``exploded`` (it made another die), ``added``
    (an explosion made it) or show ``rolled``, its face before mi/ma changed it."""

    sides: int | str
    value: int
    history: tuple[int, ...] = ()
    success: bool | None = None
    kept: bool | None = None
    exploded: bool | None = None
    added: bool | None = None
    rolled: int | None = None

    def to_dict(self) -> JSONDict:
        out: JSONDict = {"sides": self.sides, "value": self.value, "history": list(self.history)}
        if self.success is not None:
            out["success"] = self.success
        if self.kept is not None:
            out["kept"] = self.kept
        if self.exploded is not None:
            out["exploded"] = self.exploded
        if self.added is not None:
            out["added"] = self.added
        if self.rolled is not None:
            out["rolled"] = self.rolled
        return out


class Roll(Protocol):
    """What every ruleset's roll result offers the service."""

    @property
    def dice(self) -> tuple[Die, ...]: ...

    def result_dict(self) -> JSONDict: ...

    def odds_dict(self) -> JSONDict: ...

    def to_dict(self) -> JSONDict: ...


def fraction_json(value: Any) -> Any:
    """Turn exact fractions (possibly nested in dicts/lists) into floats for JSON."""
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, dict):
        return {str(k): fraction_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [fraction_json(v) for v in value]
    return value
