"""Ruleset ``d20``: a d20 plus an ability modifier against a difficulty (seed 004).

The sheet is six ability scores and a list of conditions. A test keeps one d20 (the higher
or lower of two under advantage or disadvantage), adds the modifier and compares with the
difficulty; the kept die's natural 1 or 20 overrides the total. A saving throw is the same
test, and its failure is what puts a condition on the sheet.

``roll_test`` is on the hot path, so it checks its arguments with plain comparisons and
leaves the odds to ``odds_dict``, a memoised exact lookup.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from app.rules.dice import DiceSource
from app.rules.errors import DiceError, RollError, SheetError
from app.rules.results import Die, JSONDict

__all__ = [
    "ABILITIES",
    "DEFAULT_DIFFICULTY",
    "DIFFICULTY_PRESETS",
    "MODES",
    "D20Odds",
    "D20Sheet",
    "D20Test",
    "add_condition",
    "apply_save",
    "d20_odds",
    "derived",
    "modifier",
    "parse_ability",
    "parse_difficulty",
    "parse_sheet",
    "remove_condition",
    "roll_ability",
    "roll_save",
    "roll_test",
]

ABILITIES = ("str", "dex", "con", "wis", "cha", "int")
MIN_SCORE, MAX_SCORE = 1, 30
DIFFICULTY_PRESETS: Mapping[str, int] = MappingProxyType(
    {"easy": 9, "medium": 12, "difficult": 15, "extreme": 18}
)
DEFAULT_DIFFICULTY = 12
MIN_DIFFICULTY, MAX_DIFFICULTY = -100, 100
MAX_MODIFIER = 100
"""Bound on |modifier|: far beyond the sheet's ±4, yet keeps the odds cache finite."""
MAX_CONDITIONS = 50
MAX_CONDITION_LENGTH = 60
MODES = ("normal", "advantage", "disadvantage")

_ABILITY_SET = frozenset(ABILITIES)
# The seed's French abbreviations (FOR, SAG, CHAR) name the same abilities.
_ABILITY_ALIASES = {a: a for a in ABILITIES} | {"for": "str", "sag": "wis", "char": "cha"}
# Modifier by score, indexed 0..30 (index 0 unused): 1-3 → -4, then one step per two points,
# capped at +4 from 18 up.
_MODIFIERS = (0, *(max(-4, min(4, (s - 10) // 2)) for s in range(1, MAX_SCORE + 1)))
_SHEET_FIELDS = ("abilities", "conditions")


def _show(value: object) -> str:
    """A short repr for error messages, so a huge bad input cannot flood a log line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def modifier(score: int) -> int:
    """The modifier of an ability score, per the seed's table."""
    if type(score) is not int or not MIN_SCORE <= score <= MAX_SCORE:
        raise RollError(f"an ability score must be an integer 1..30, not {_show(score)}")
    return _MODIFIERS[score]


def parse_difficulty(value: int | str | None) -> int:
    """Read a difficulty as the API receives it: absent, a preset name, or an integer."""
    if value is None:
        return DEFAULT_DIFFICULTY
    if isinstance(value, str):
        preset = DIFFICULTY_PRESETS.get(value.strip().lower())
        if preset is None:
            raise RollError(
                f"unknown difficulty {_show(value)}: expected an integer -100..100 "
                "or one of easy, medium, difficult, extreme"
            )
        return preset
    _check_difficulty(value)
    return value


def parse_ability(name: object) -> str:
    """The canonical code of an ability, accepting any case and the French abbreviations."""
    code = _ABILITY_ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
    if code is None:
        raise _unknown_ability(name)
    return code


def _unknown_ability(name: object) -> RollError:
    return RollError(f"unknown ability {_show(name)}: expected one of {', '.join(ABILITIES)}")


def _check_difficulty(value: object) -> None:
    if type(value) is not int or not MIN_DIFFICULTY <= value <= MAX_DIFFICULTY:
        raise RollError(f"difficulty must be an integer -100..100, not {_show(value)}")


def _check_modifier(value: object) -> None:
    if type(value) is not int or not -MAX_MODIFIER <= value <= MAX_MODIFIER:
        raise RollError(f"modifier must be an integer -100..100, not {_show(value)}")


# --- sheet -------------------------------------------------------------------------------


def _condition_problem(value: object) -> str | None:
    """Why ``value`` is not a valid condition name, or ``None`` when it is."""
    if not isinstance(value, str):
        return f"a condition must be a string, not {_show(value)}"
    name = value.strip()
    if not name:
        return "a condition must not be empty"
    if len(name) > MAX_CONDITION_LENGTH:
        return f"a condition is at most {MAX_CONDITION_LENGTH} characters, not {len(name)}"
    if not name.isprintable():
        return f"a condition must not contain control characters: {_show(value)}"
    return None


def _checked_condition(value: object) -> str:
    problem = _condition_problem(value)
    if problem is not None or not isinstance(value, str):
        raise RollError(problem or "a condition must be a string")
    return value.strip()


def _checked_abilities(value: object) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise SheetError(
            f"must be an object of the six ability scores, not {_show(value)}", ("abilities",)
        )
    for key in value:
        if key not in _ABILITY_SET:
            raise SheetError(
                f"unknown ability; expected {', '.join(ABILITIES)}", ("abilities", str(key))
            )
    scores: dict[str, int] = {}
    for ability in ABILITIES:
        if ability not in value:
            raise SheetError("missing ability score", ("abilities", ability))
        score = value[ability]
        if type(score) is not int or not MIN_SCORE <= score <= MAX_SCORE:
            raise SheetError(
                f"an ability score must be an integer 1..30, not {_show(score)}",
                ("abilities", ability),
            )
        scores[ability] = score
    return scores


def _checked_conditions(value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise SheetError(f"must be a list of strings, not {_show(value)}", ("conditions",))
    if len(value) > MAX_CONDITIONS:
        raise SheetError(f"at most {MAX_CONDITIONS} conditions, not {len(value)}", ("conditions",))
    names: list[str] = []
    seen: set[str] = set()
    for index, item in enumerate(value):
        problem = _condition_problem(item)
        if problem is not None:
            raise SheetError(problem, ("conditions", index))
        name = item.strip()
        if name.casefold() in seen:
            raise SheetError(f"duplicate condition {_show(name)}", ("conditions", index))
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
        folded = _checked_condition(condition).casefold()
        return any(c.casefold() == folded for c in self.conditions)

    def to_dict(self) -> JSONDict:
        return {"abilities": dict(self.abilities), "conditions": list(self.conditions)}


def parse_sheet(data: object) -> D20Sheet:
    """Build a sheet from its API shape ``{abilities: {...}, conditions?: [...]}``."""
    if not isinstance(data, Mapping):
        raise SheetError(f"a d20 sheet must be an object, not {_show(data)}")
    for key in data:
        if key not in _SHEET_FIELDS:
            raise SheetError("unknown field; a d20 sheet has abilities and conditions", (str(key),))
    if "abilities" not in data:
        raise SheetError("missing field", ("abilities",))
    return D20Sheet(data["abilities"], data.get("conditions", ()))


def derived(sheet: D20Sheet) -> JSONDict:
    """The values a client shows but never stores: the six modifiers."""
    return {"modifiers": {a: _MODIFIERS[s] for a, s in sheet.abilities.items()}}


def add_condition(sheet: D20Sheet, condition: str) -> D20Sheet:
    """The sheet with ``condition`` added; already present, the sheet is returned unchanged.

    Failing a second save against a condition one already suffers changes nothing, so this
    is not an error.
    """
    name = _checked_condition(condition)
    if sheet.has_condition(name):
        return sheet
    if len(sheet.conditions) >= MAX_CONDITIONS:
        raise RollError(f"a sheet holds at most {MAX_CONDITIONS} conditions")
    return D20Sheet(sheet.abilities, (*sheet.conditions, name))


def remove_condition(sheet: D20Sheet, condition: str) -> D20Sheet:
    """The sheet without ``condition``; removing what is not there is an error."""
    folded = _checked_condition(condition).casefold()
    kept = tuple(c for c in sheet.conditions if c.casefold() != folded)
    if len(kept) == len(sheet.conditions):
        present = ", ".join(sheet.conditions) or "none"
        raise RollError(
            f"condition {_show(condition.strip())} is not on the sheet (conditions: {present})"
        )
    return D20Sheet(sheet.abilities, kept)


# --- odds --------------------------------------------------------------------------------


class D20Odds(NamedTuple):
    """Exact chances of a test before the dice fall; both criticals are part of the total."""

    success: Fraction
    critical_success: Fraction
    critical_failure: Fraction

    def to_dict(self) -> JSONDict:
        return dict(zip(self._fields, map(float, self), strict=True))


# How many of the equally likely outcomes keep each face 1..20, and out of how many: of the
# 400 pairs, 2k-1 have k as their higher die and 41-2k as their lower.
_KEPT_WEIGHTS = {
    "normal": ((1,) * 20, 20),
    "advantage": (tuple(2 * k - 1 for k in range(1, 21)), 400),
    "disadvantage": (tuple(41 - 2 * k for k in range(1, 21)), 400),
}


@lru_cache(maxsize=4096)
def _odds(modifier: int, difficulty: int, mode: str) -> D20Odds:
    weights, total = _KEPT_WEIGHTS[mode]
    wins = sum(
        weight
        for face, weight in enumerate(weights, 1)
        if face == 20 or (face != 1 and face + modifier >= difficulty)
    )
    return D20Odds(Fraction(wins, total), Fraction(weights[19], total), Fraction(weights[0], total))


def d20_odds(modifier: int, difficulty: int, mode: str = "normal") -> D20Odds:
    """Exact odds of a test, computed from the kept die's distribution and memoised."""
    _check_modifier(modifier)
    _check_difficulty(difficulty)
    if mode not in MODES:
        raise RollError(f"mode must be one of normal, advantage, disadvantage, not {_show(mode)}")
    return _odds(modifier, difficulty, mode)


# --- rolls -------------------------------------------------------------------------------


class D20Test(NamedTuple):
    """One test or saving throw, as it fell."""

    dice: tuple[Die, ...]
    kept: int
    modifier: int
    total: int
    difficulty: int
    mode: str
    success: bool
    critical: str | None
    ability: str | None = None
    condition: str | None = None
    is_save: bool = False

    @property
    def condition_applied(self) -> bool:
        """A failed save puts its condition on the sheet; a test never does."""
        return self.is_save and not self.success

    def odds(self) -> D20Odds:
        return _odds(self.modifier, self.difficulty, self.mode)

    def result_dict(self) -> JSONDict:
        out: JSONDict = {
            "kept": self.kept,
            "modifier": self.modifier,
            "total": self.total,
            "difficulty": self.difficulty,
            "success": self.success,
            "critical": self.critical,
            "mode": self.mode,
            "ability": self.ability,
        }
        if self.is_save:
            out["condition"] = self.condition
            out["condition_applied"] = not self.success
        return out

    def odds_dict(self) -> JSONDict:
        return self.odds().to_dict()

    def to_dict(self) -> JSONDict:
        return {
            "dice": [die.to_dict() for die in self.dice],
            "result": self.result_dict(),
            "odds": self.odds_dict(),
        }


def _roll(
    dice: DiceSource,
    modifier: int,
    difficulty: int,
    advantage: bool,
    disadvantage: bool,
    ability: str | None,
    condition: str | None,
) -> D20Test:
    _check_modifier(modifier)
    _check_difficulty(difficulty)
    if type(advantage) is not bool or type(disadvantage) is not bool:
        raise RollError(
            f"advantage and disadvantage must be booleans, not "
            f"{_show(advantage)} and {_show(disadvantage)}"
        )
    if ability is not None and ability not in _ABILITY_SET:
        raise _unknown_ability(ability)
    if advantage is disadvantage:  # neither, or both, which cancel
        kept = dice.roll(20)[0]
        if not 0 < kept < 21:
            raise DiceError(f"a d20 cannot show {kept}")
        mode = "normal"
        rolled: tuple[Die, ...] = (Die(20, kept),)
    else:
        first, second = dice.roll(20, 2)
        if not (0 < first < 21 and 0 < second < 21):
            raise DiceError(f"a d20 cannot show {first} and {second}")
        # On equal faces the first die is the kept one.
        keep_first = first >= second if advantage else first <= second
        kept = first if keep_first else second
        mode = "advantage" if advantage else "disadvantage"
        rolled = (Die(20, first, (), None, keep_first), Die(20, second, (), None, not keep_first))
    total = kept + modifier
    if kept == 20:
        success, critical = True, "success"
    elif kept == 1:
        success, critical = False, "failure"
    else:
        success, critical = total >= difficulty, None
    test = (kept, modifier, total, difficulty, mode, success, critical, ability, condition)
    return D20Test(rolled, *test, condition is not None)


def roll_test(
    dice: DiceSource,
    modifier: int,
    *,
    difficulty: int = DEFAULT_DIFFICULTY,
    advantage: bool = False,
    disadvantage: bool = False,
    ability: str | None = None,
) -> D20Test:
    """Roll a test: d20 (or the better/worse of two) + modifier ≥ difficulty."""
    return _roll(dice, modifier, difficulty, advantage, disadvantage, ability, None)


def roll_save(
    dice: DiceSource,
    modifier: int,
    *,
    difficulty: int,
    condition: str,
    advantage: bool = False,
    disadvantage: bool = False,
    ability: str | None = None,
) -> D20Test:
    """Roll a saving throw against ``condition``; see ``apply_save`` for its effect."""
    name = _checked_condition(condition)
    return _roll(dice, modifier, difficulty, advantage, disadvantage, ability, name)


def roll_ability(
    dice: DiceSource,
    sheet: D20Sheet,
    ability: str,
    *,
    difficulty: int = DEFAULT_DIFFICULTY,
    advantage: bool = False,
    disadvantage: bool = False,
    condition: str | None = None,
) -> D20Test:
    """Roll a test of one of the sheet's abilities, or a save when a condition is named."""
    if not isinstance(sheet, D20Sheet):
        raise RollError(f"expected a D20Sheet, not {_show(sheet)}")
    if ability not in _ABILITY_SET:
        raise _unknown_ability(ability)
    name = None if condition is None else _checked_condition(condition)
    mod = _MODIFIERS[sheet.abilities[ability]]
    return _roll(dice, mod, difficulty, advantage, disadvantage, ability, name)


def apply_save(sheet: D20Sheet, save: D20Test) -> D20Sheet:
    """The sheet after a saving throw: its condition added on failure, unchanged on success."""
    if not save.is_save or save.condition is None:
        raise RollError("only a saving throw can apply a condition")
    return add_condition(sheet, save.condition) if save.condition_applied else sheet
