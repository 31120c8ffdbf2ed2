"""The engine's exception tree.

Every error the engine raises on bad input is a ``RulesError``; the service maps the whole
tree to one 4xx problem answer, so a new subclass never needs a new handler.

    RulesError
    ├── DiceError        a dice source was asked for something impossible
    ├── FormulaError     a dice formula or damage formula does not parse or is too large
    ├── SheetError       a character sheet is malformed
    └── RollError        a test or a step of a roll is not allowed (wrong die, no reroll…)
"""

from __future__ import annotations

from app.rules.message import msg

__all__ = ["DiceError", "FormulaError", "RollError", "RulesError", "SheetError", "short_repr"]


class RulesError(ValueError):
    """Base of every error the rules engine raises for input it cannot accept."""


class DiceError(RulesError):
    """A dice source was asked for an impossible die, or a script ran out."""


class FormulaError(RulesError):
    """A formula is malformed or exceeds the limits; ``position`` is a 0-based index."""

    def __init__(self, message: str, formula: str, position: int) -> None:
        self.formula = formula
        self.position = position
        super().__init__(
            msg(
                "{message} at position {position} of {formula!r}",
                message=message,
                position=position,
                formula=formula,
            )
        )


class SheetError(RulesError):
    """A character sheet does not match its ruleset; ``path`` names the offending field."""

    def __init__(self, message: str, path: tuple[str | int, ...] = ()) -> None:
        self.path = path
        where = ".".join(str(p) for p in path)
        super().__init__(
            msg("{path}: {message}", path=where, message=message) if where else message
        )


class RollError(RulesError):
    """A roll or a step of a roll breaks the rules (e.g. rerolling a success)."""


def short_repr(value: object) -> str:
    """A short repr for error messages, so a huge bad input cannot flood a log line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
