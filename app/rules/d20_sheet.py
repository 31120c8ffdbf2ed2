"""The ``d20`` sheet: six ability scores, their modifiers, and the conditions it suffers.

Split from ``app.rules.d20`` (which re-exports all of it) so the rolls read on their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from app.rules.errors import RollError, SheetError, short_repr
from app.rules.message import msg
from app.rules.results import JSONDict

__all__ = [
    "ABILITIES",
    "D20Sheet",
    "add_condition",
    "derived",
    "modifier",
    "parse_ability",
    "parse_sheet",
    "remove_condition",
]

ABILITIES = ("str", "dex", "con", "wis", "cha", "int")
MIN_SCORE, MAX_SCORE = 1, 30
MAX_CONDITIONS = 50
MAX_CONDITION_LENGTH = 60

ABILITY_SET = frozenset(ABILITIES)
# The seed's French abbreviations (FOR, SAG, CHAR) name the same abilities.
_ABILITY_ALIASES = {a: a for a in ABILITIES} | {"for": "str", "sag": "wis", "char": "cha"}
# Modifier by score, indexed 0..30 (index 0 unused): 1-3 → -4, then one step per two points,
# capped at +4 from 18 up.
MODIFIERS = (0, *(max(-4, min(4, (s - 10) // 2)) for s in range(1, MAX_SCORE + 1)))
_SHEET_FIELDS = ("abilities", "conditions")


def modifier(score: int) -> int:
    """The modifier of an ability score, per the seed's table."""
    if type(score) is not int or not MIN_SCORE <= score <= MAX_SCORE:
        raise RollError(
            msg("an ability score must be an integer 1..30, not {score}", score=short_repr(score))
        )
    return MODIFIERS[score]


def parse_ability(name: object) -> str:
    """The canonical code of an ability, accepting any case and the French abbreviations."""
    code = _ABILITY_ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
    if code is None:
        raise unknown_ability(name)
    return code


def unknown_ability(name: object) -> RollError:
    return RollError(
        msg(
            "unknown ability {name}: expected one of {join}",
            name=short_repr(name),
            join=", ".join(ABILITIES),
        )
    )


def _condition_problem(value: object) -> str | None:
    """Why ``value`` is not a valid condition name, or ``None`` when it is."""
    if not isinstance(value, str):
        return msg("a condition must be a string, not {value}", value=short_repr(value))
    name = value.strip()
    if not name:
        return msg("a condition must not be empty")
    if len(name) > MAX_CONDITION_LENGTH:
        return msg(
            "a condition is at most {max_length} characters, not {length}",
            max_length=MAX_CONDITION_LENGTH,
            length=len(name),
        )
    if not name.isprintable():
        return msg(
            "a condition must not contain control characters: {value}", value=short_repr(value)
        )
    return None


def checked_condition(value: object) -> str:
    problem = _condition_problem(value)
    if problem is not None or not isinstance(value, str):
        raise RollError(problem or msg("a condition must be a string"))
    return value.strip()


def _checked_abilities(value: object) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise SheetError(
            msg(
                "must be an object of the six ability scores, not {value}", value=short_repr(value)
            ),
            ("abilities",),
        )
    for key in value:
        if key not in ABILITY_SET:
            raise SheetError(
                msg("unknown ability; expected {join}", join=", ".join(ABILITIES)),
                ("abilities", str(key)),
            )
    scores: dict[str, int] = {}
    for ability in ABILITIES:
        if ability not in value:
            raise SheetError(msg("missing ability score"), ("abilities", ability))
        score = value[ability]
        if type(score) is not int or not MIN_SCORE <= score <= MAX_SCORE:
            raise SheetError(
                msg(
                    "an ability score must be an integer 1..30, not {score}",
                    score=short_repr(score),
                ),
                ("abilities", ability),
            )
        scores[ability] = score
    return scores


def _checked_conditions(value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise SheetError(
            msg("must be a list of strings, not {value}", value=short_repr(value)), ("conditions",)
        )
    if len(value) > MAX_CONDITIONS:
        raise SheetError(
            msg(
                "at most {max_conditions} conditions, not {value_count}",
                max_conditions=MAX_CONDITIONS,
                value_count=len(value),
            ),
            ("conditions",),
        )
    names: list[str] = []
    seen: set[str] = set()
    for index, item in enumerate(value):
        problem = _condition_problem(item)
        if problem is not None:
            raise SheetError(problem, ("conditions", index))
        name = item.strip()
        if name.casefold() in seen:
            raise SheetError(
                msg("duplicate condition {name}", name=short_repr(name)), ("conditions", index)
            )
        seen.add(name.casefold())
        names.append(name)
    return tuple(names)


@dataclass(frozen=True, slots=True)
class D20Sheet:
    """A d20 character: six ability scores (1..30) and the conditions it suffers.

    Conditions keep the spelling they were given but compare case-insensitively, so a
    storyteller removing "poisoned" clears "Poisoned".
    """

    abilities: Mapping[str, int]
    conditions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Validate even on direct construction, and freeze the mapping so the sheet
        # really is immutable.
        scores = MappingProxyType(_checked_abilities(self.abilities))
        object.__setattr__(self, "abilities", scores)
        object.__setattr__(self, "conditions", _checked_conditions(self.conditions))

    def __hash__(self) -> int:
        return hash((tuple(self.abilities.values()), self.conditions))

    def has_condition(self, condition: str) -> bool:
        folded = checked_condition(condition).casefold()
        return any(c.casefold() == folded for c in self.conditions)

    def to_dict(self) -> JSONDict:
        return {"abilities": dict(self.abilities), "conditions": list(self.conditions)}


def parse_sheet(data: object) -> D20Sheet:
    """Build a sheet from its API shape ``{abilities: {...}, conditions?: [...]}``."""
    if not isinstance(data, Mapping):
        raise SheetError(msg("a d20 sheet must be an object, not {data}", data=short_repr(data)))
    for key in data:
        if key not in _SHEET_FIELDS:
            raise SheetError(
                msg("unknown field; a d20 sheet has abilities and conditions"), (str(key),)
            )
    if "abilities" not in data:
        raise SheetError(msg("missing field"), ("abilities",))
    return D20Sheet(data["abilities"], data.get("conditions", ()))


def derived(sheet: D20Sheet) -> JSONDict:
    """The values a client shows but never stores: the six modifiers."""
    return {"modifiers": {a: MODIFIERS[s] for a, s in sheet.abilities.items()}}


def add_condition(sheet: D20Sheet, condition: str) -> D20Sheet:
    """The sheet with ``condition`` added; already present, the sheet is returned unchanged.

    Failing a second save against a condition one already suffers changes nothing, so this
    is not an error.
    """
    name = checked_condition(condition)
    if sheet.has_condition(name):
        return sheet
    if len(sheet.conditions) >= MAX_CONDITIONS:
        raise RollError(
            msg("a sheet holds at most {max_conditions} conditions", max_conditions=MAX_CONDITIONS)
        )
    return D20Sheet(sheet.abilities, (*sheet.conditions, name))


def remove_condition(sheet: D20Sheet, condition: str) -> D20Sheet:
    """The sheet without ``condition``; removing what is not there is an error."""
    folded = checked_condition(condition).casefold()
    kept = tuple(c for c in sheet.conditions if c.casefold() != folded)
    if len(kept) == len(sheet.conditions):
        present = ", ".join(sheet.conditions) or "none"
        raise RollError(
            msg(
                "condition {strip} is not on the sheet (conditions: {present})",
                strip=short_repr(condition.strip()),
                present=present,
            )
        )
    return D20Sheet(sheet.abilities, kept)
