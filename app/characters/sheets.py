"""Which engine functions check and derive a sheet, per ruleset, and which sheet fields
only a storyteller may change (counters and states in matrix, conditions in d20)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.rules import d20, matrix, threed6


@dataclass(frozen=True, slots=True)
class SheetRules:
    parse: Callable[[Any], Any]
    derive: Callable[[Any], dict[str, Any]]
    storyteller_fields: tuple[str, ...]


SHEET_RULES: dict[str, SheetRules] = {
    "3d6": SheetRules(threed6.parse_sheet, threed6.derived, ()),
    "matrix": SheetRules(matrix.parse_sheet, matrix.derived, ("counters", "states")),
    "d20": SheetRules(d20.parse_sheet, d20.derived, ("conditions",)),
}


def normalise(ruleset: str, sheet: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Validate ``sheet`` with the engine; answer the stored form and its derived values."""
    rules = SHEET_RULES[ruleset]
    parsed = rules.parse(sheet)
    return parsed.to_dict(), rules.derive(parsed)


def derived_of(ruleset: str, stored: dict[str, Any]) -> dict[str, Any]:
    rules = SHEET_RULES[ruleset]
    return rules.derive(rules.parse(stored))
