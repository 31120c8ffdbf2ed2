"""Ruleset ``d20``: a d20 plus an ability modifier against a difficulty (docs/rules.md).

The sheet is six ability scores and a list of conditions. A test keeps one d20 (the higher
or lower of two under advantage or disadvantage), adds the modifier and compares with the
difficulty; the kept die's natural 1 or 20 overrides the total. A saving throw is the same
test, and its failure is what puts a condition on the sheet.

``roll_test`` is on the hot path, so it checks its arguments with plain comparisons and
leaves the odds to ``odds_dict``, a memoised exact lookup.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from app.rules.d20_sheet import (
    ABILITIES,
    ABILITY_SET,
    MODIFIERS,
    D20Sheet,
    add_condition,
    checked_condition,
    derived,
    modifier,
    parse_ability,
    parse_sheet,
    remove_condition,
    unknown_ability,
)
from app.rules.dice import DiceSource
from app.rules.errors import DiceError, RollError, short_repr
from app.rules.message import msg
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

DIFFICULTY_PRESETS: Mapping[str, int] = MappingProxyType(
    {"easy": 9, "medium": 12, "difficult": 15, "extreme": 18}
)
DEFAULT_DIFFICULTY = 12
MIN_DIFFICULTY, MAX_DIFFICULTY = -100, 100
MAX_MODIFIER = 100
"""Bound on |modifier|: far beyond the sheet's ±4, yet keeps the odds cache finite."""
MODES = ("normal", "advantage", "disadvantage")


def parse_difficulty(value: int | str | None) -> int:
    """Read a difficulty as the API receives it: absent, a preset name, or an integer."""
    if value is None:
        return DEFAULT_DIFFICULTY
    if isinstance(value, str):
        preset = DIFFICULTY_PRESETS.get(value.strip().lower())
        if preset is None:
            raise RollError(
                msg(
                    "unknown difficulty {value}: expected an integer -100..100 or one of easy, "
                    "medium, difficult, extreme",
                    value=short_repr(value),
                )
            )
        return preset
    _check_difficulty(value)
    return value


def _check_difficulty(value: object) -> None:
    if type(value) is not int or not MIN_DIFFICULTY <= value <= MAX_DIFFICULTY:
        raise RollError(
            msg("difficulty must be an integer -100..100, not {value}", value=short_repr(value))
        )


def _check_modifier(value: object) -> None:
    if type(value) is not int or not -MAX_MODIFIER <= value <= MAX_MODIFIER:
        raise RollError(
            msg("modifier must be an integer -100..100, not {value}", value=short_repr(value))
        )


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
        raise RollError(
            msg(
                "mode must be one of normal, advantage, disadvantage, not {mode}",
                mode=short_repr(mode),
            )
        )
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
            msg(
                "advantage and disadvantage must be booleans, not {advantage} and {disadvantage}",
                advantage=short_repr(advantage),
                disadvantage=short_repr(disadvantage),
            )
        )
    if ability is not None and ability not in ABILITY_SET:
        raise unknown_ability(ability)
    if advantage is disadvantage:  # neither, or both, which cancel
        kept = dice.roll(20)[0]
        if not 0 < kept < 21:
            raise DiceError(msg("a d20 cannot show {kept}", kept=kept))
        mode = "normal"
        rolled: tuple[Die, ...] = (Die(20, kept),)
    else:
        first, second = dice.roll(20, 2)
        if not (0 < first < 21 and 0 < second < 21):
            raise DiceError(
                msg("a d20 cannot show {first} and {second}", first=first, second=second)
            )
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
    name = checked_condition(condition)
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
        raise RollError(msg("expected a D20Sheet, not {sheet}", sheet=short_repr(sheet)))
    if ability not in ABILITY_SET:
        raise unknown_ability(ability)
    name = None if condition is None else checked_condition(condition)
    mod = MODIFIERS[sheet.abilities[ability]]
    return _roll(dice, mod, difficulty, advantage, disadvantage, ability, name)


def apply_save(sheet: D20Sheet, save: D20Test) -> D20Sheet:
    """The sheet after a saving throw: its condition added on failure, unchanged on success."""
    if not save.is_save or save.condition is None:
        raise RollError(msg("only a saving throw can apply a condition"))
    return add_condition(sheet, save.condition) if save.condition_applied else sheet
