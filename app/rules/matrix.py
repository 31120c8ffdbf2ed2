"""Ruleset ``matrix``: a d20 roll-under over a 3×4 matrix of rows and columns (docs/rules.md).

A stat is an *effective* row plus a column. Three counters (fatigue, mortality, madness)
wear the rows down by one point per 5 counter points, so a battered character fails more
often; damage and the checks it triggers live in ``app.rules.matrix_damage``.

A test succeeds when the d20 face is ≤ the stat. The margin is read straight off the die:

- face ≤ stat: margin of success = the face;
- face > stat: margin of failure = face − stat.

With a difficulty D (0 = none) a success also needs margin ≥ D, i.e. face ≥ D. A face that
is under the stat but below D is a *failure whose margin is the face* (the margin of success
that fell short), so ``margin`` always stays the number read on the table; such a failure
says so in ``below_difficulty`` (``shortfall`` = D − face), since its margin alone could be
read as a face over the stat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from app.rules.dice import DiceSource
from app.rules.errors import RollError, SheetError
from app.rules.message import msg
from app.rules.results import Die, JSONDict, fraction_json

__all__ = [
    "COLUMNS",
    "COUNTERS",
    "COUNTER_LIMIT",
    "COUNTER_ROW",
    "ROWS",
    "STATES",
    "STATS",
    "MatrixOdds",
    "MatrixSheet",
    "MatrixTest",
    "derived",
    "effective_rows",
    "faith_test",
    "matrix_odds",
    "parse_sheet",
    "roll_test",
    "roll_trait",
    "set_counters",
    "stats",
    "trait_stat",
]

ROWS = ("body", "mind", "soul")
COLUMNS = ("power", "resistance", "maneuver", "precision")
COUNTERS = ("fatigue", "mortality", "madness")
STATES = ("unconscious", "dead", "panicked")
STATS: dict[str, tuple[str, str]] = {
    "strength": ("body", "power"),
    "endurance": ("body", "resistance"),
    "agility": ("body", "maneuver"),
    "dexterity": ("body", "precision"),
    "memory": ("mind", "power"),
    "concentration": ("mind", "resistance"),
    "intelligence": ("mind", "maneuver"),
    "perception": ("mind", "precision"),
    "faith": ("soul", "power"),
    "morale": ("soul", "resistance"),
    "persuasion": ("soul", "maneuver"),
    "empathy": ("soul", "precision"),
}
COUNTER_ROW: dict[str, str] = {"fatigue": "soul", "mortality": "body", "madness": "mind"}
"""Which row each counter wears down (one point per 5 counter points)."""
_ROW_COUNTER = {row: counter for counter, row in COUNTER_ROW.items()}

VALUE_MIN, VALUE_MAX = 1, 10
COUNTER_LIMIT = 10_000
"""Counters saturate here: far beyond any living character, small enough to stay sane."""
STAT_MAX = 20
_SIDES = 20
_TRAIT_NAMES = ", ".join(STATS)
_SHEET_FIELDS = ("rows", "columns", "counters", "states")


# --- the sheet ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatrixSheet:
    """A character's seven matrix values, three counters and three states.

    Flat fields keep it immutable and cheap; ``rows``/``columns``/``counters``/``states``
    give the API's grouped view. Build one through ``parse_sheet`` or ``set_counters``,
    which validate; the constructor trusts its caller.
    """

    body: int
    mind: int
    soul: int
    power: int
    resistance: int
    maneuver: int
    precision: int
    fatigue: int = 0
    mortality: int = 0
    madness: int = 0
    unconscious: bool = False
    dead: bool = False
    panicked: bool = False

    @property
    def rows(self) -> dict[str, int]:
        return {"body": self.body, "mind": self.mind, "soul": self.soul}

    @property
    def columns(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in COLUMNS}

    @property
    def counters(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in COUNTERS}

    @property
    def states(self) -> dict[str, bool]:
        return {name: getattr(self, name) for name in STATES}

    def to_dict(self) -> JSONDict:
        return {
            "rows": self.rows,
            "columns": self.columns,
            "counters": self.counters,
            "states": self.states,
        }


def _int(value: Any, low: int, high: int, path: tuple[str, ...]) -> int:
    if type(value) is not int:
        kind = "a boolean" if isinstance(value, bool) else type(value).__name__
        raise SheetError(
            msg("must be an integer {low}..{high}, not {kind}", low=low, high=high, kind=kind), path
        )
    if not low <= value <= high:
        raise SheetError(
            msg("must be {low}..{high}, not {value}", low=low, high=high, value=value), path
        )
    return value


def _bool(value: Any, path: tuple[str, ...]) -> bool:
    if type(value) is not bool:
        raise SheetError(
            msg("must be true or false, not {value_type}", value_type=type(value).__name__), path
        )
    return value


def _group(data: Any, section: str, names: tuple[str, ...], *, complete: bool) -> Mapping[str, Any]:
    """Check one section is an object whose keys are among ``names`` (all of them if
    ``complete``), so a typo never silently becomes a default."""
    expected = ", ".join(names)
    if not isinstance(data, Mapping):
        raise SheetError(msg("must be an object with {expected}", expected=expected), (section,))
    for key in data:
        if key not in names:
            raise SheetError(
                msg("unknown name; expected {expected}", expected=expected), (section, str(key))
            )
    if complete:
        for name in names:
            if name not in data:
                raise SheetError(msg("missing"), (section, name))
    return data


def parse_sheet(data: Any) -> MatrixSheet:
    """Validate an API sheet ``{rows, columns, counters?, states?}`` into a ``MatrixSheet``.

    Rows and columns must name every value; counters and states may name only some
    (the others default to 0 / false, as for a fresh character).
    """
    if not isinstance(data, Mapping):
        raise SheetError(
            msg("a matrix sheet must be an object with rows, columns, counters, states")
        )
    for key in data:
        if key not in _SHEET_FIELDS:
            raise SheetError(
                msg("unknown field; expected rows, columns, counters, states"), (str(key),)
            )
    for key in ("rows", "columns"):
        if key not in data:
            raise SheetError(msg("missing"), (key,))
    rows = _group(data["rows"], "rows", ROWS, complete=True)
    columns = _group(data["columns"], "columns", COLUMNS, complete=True)
    counters = _group(data.get("counters", {}), "counters", COUNTERS, complete=False)
    states = _group(data.get("states", {}), "states", STATES, complete=False)
    values: dict[str, Any] = {}
    for name in ROWS:
        values[name] = _int(rows[name], VALUE_MIN, VALUE_MAX, ("rows", name))
    for name in COLUMNS:
        values[name] = _int(columns[name], VALUE_MIN, VALUE_MAX, ("columns", name))
    for name, value in counters.items():
        values[name] = _int(value, 0, COUNTER_LIMIT, ("counters", name))
    for name, flag in states.items():
        values[name] = _bool(flag, ("states", name))
    return MatrixSheet(**values)


def set_counters(
    sheet: MatrixSheet,
    counters: Mapping[str, Any] | None = None,
    states: Mapping[str, Any] | None = None,
) -> MatrixSheet:
    """A storyteller's direct edit (rest, healing, revival): set some counters and states.

    Names not given keep their value. Counters may go down here, unlike through damage.
    """
    if not isinstance(sheet, MatrixSheet):
        raise SheetError(
            msg("expected a MatrixSheet, not {sheet_type}", sheet_type=type(sheet).__name__)
        )
    changes: dict[str, Any] = {}
    if counters is not None:
        for name, value in _group(counters, "counters", COUNTERS, complete=False).items():
            changes[name] = _int(value, 0, COUNTER_LIMIT, ("counters", name))
    if states is not None:
        for name, flag in _group(states, "states", STATES, complete=False).items():
            changes[name] = _bool(flag, ("states", name))
    return replace(sheet, **changes) if changes else sheet


# --- derived values -------------------------------------------------------------------------


def _effective(base: int, counter: int) -> int:
    return max(base - counter // 5, 0)


def effective_rows(sheet: MatrixSheet) -> dict[str, int]:
    """Rows after wear: each 5 points of a counter take one point off its row, floor 0."""
    return {
        "body": _effective(sheet.body, sheet.mortality),
        "mind": _effective(sheet.mind, sheet.madness),
        "soul": _effective(sheet.soul, sheet.fatigue),
    }


def stats(sheet: MatrixSheet) -> dict[str, int]:
    """The twelve stats (effective row + column), by their English names."""
    rows = effective_rows(sheet)
    return {name: rows[row] + getattr(sheet, column) for name, (row, column) in STATS.items()}


def derived(sheet: MatrixSheet) -> JSONDict:
    """What the API shows beside the sheet: the twelve stats and the effective rows."""
    return {"stats": stats(sheet), "effective_rows": effective_rows(sheet)}


def trait_stat(sheet: MatrixSheet, trait: str) -> int:
    """One stat of ``sheet`` without building all twelve (the hot path of a test)."""
    if not isinstance(trait, str) or trait not in STATS:
        raise RollError(
            msg(
                "unknown matrix trait {trait!r}; expected one of {trait_names}",
                trait=trait,
                trait_names=_TRAIT_NAMES,
            )
        )
    if not isinstance(sheet, MatrixSheet):
        raise SheetError(
            msg("expected a MatrixSheet, not {sheet_type}", sheet_type=type(sheet).__name__)
        )
    row, column = STATS[trait]
    base: int = getattr(sheet, row)
    counter: int = getattr(sheet, _ROW_COUNTER[row])
    value: int = getattr(sheet, column)
    return _effective(base, counter) + value


# --- odds -----------------------------------------------------------------------------------


class MatrixOdds(NamedTuple):
    """Exact chances of one test: success, failure, and each margin of either.

    ``margins["below_difficulty"]`` holds the failures under the stat but below D alone (by
    their margin, the face); ``margins["failure"]`` counts them too, with the faces over the
    stat, so both of its readings add up there."""

    success: Fraction
    failure: Fraction
    margins: Mapping[str, Mapping[int, Fraction]]

    def to_dict(self) -> JSONDict:
        return {
            "success": float(self.success),
            "failure": float(self.failure),
            "margins": {kind: fraction_json(dict(m)) for kind, m in self.margins.items()},
        }


@lru_cache(maxsize=512, typed=True)
def matrix_odds(stat: int, difficulty: int = 0) -> MatrixOdds:
    """Exact odds of a test at ``stat`` against ``difficulty``, counting the 20 faces.

    A failure margin may come from two faces (e.g. stat 5, D 3: face 1 falls short of D with
    margin 1, face 6 overshoots by 1); their chances add up.
    """
    _check_test(stat, difficulty)
    one = Fraction(1, _SIDES)
    won: dict[int, Fraction] = {}
    lost: dict[int, Fraction] = {}
    short: dict[int, Fraction] = {}
    for face in range(1, _SIDES + 1):
        success, margin = _judge(face, stat, difficulty)
        table = won if success else lost
        table[margin] = table.get(margin, Fraction(0)) + one
        if not success and face <= stat:
            short[margin] = one
    return MatrixOdds(
        success=sum(won.values(), Fraction(0)),
        failure=sum(lost.values(), Fraction(0)),
        margins=MappingProxyType(
            {
                "success": MappingProxyType(dict(sorted(won.items()))),
                "failure": MappingProxyType(dict(sorted(lost.items()))),
                "below_difficulty": MappingProxyType(short),
            }
        ),
    )


@lru_cache(maxsize=512, typed=True)
def _odds_json(stat: int, difficulty: int) -> JSONDict:
    return matrix_odds(stat, difficulty).to_dict()


# --- the test -------------------------------------------------------------------------------


def _judge(face: int, stat: int, difficulty: int) -> tuple[bool, int]:
    if face > stat:
        return False, face - stat
    return face >= difficulty, face


class MatrixTest(NamedTuple):
    """One d20 test, already decided: there is no step after the die falls."""

    trait: str | None
    stat: int
    difficulty: int
    face: int
    success: bool
    margin: int

    @property
    def dice(self) -> tuple[Die, ...]:
        return (Die(_SIDES, self.face, (), self.success),)

    @property
    def below_difficulty(self) -> bool:
        """A failure under the stat: the face fell short of D (its margin is that face)."""
        return not self.success and self.face <= self.stat

    def result_dict(self) -> JSONDict:
        below = self.below_difficulty
        return {
            "stat": self.stat,
            "face": self.face,
            "success": self.success,
            "margin": self.margin,
            "below_difficulty": below,
            "shortfall": self.difficulty - self.face if below else None,
            "difficulty": self.difficulty,
            "trait": self.trait,
        }

    def odds_dict(self) -> JSONDict:
        cached = _odds_json(self.stat, self.difficulty)
        margins = cached["margins"]
        return {
            "success": cached["success"],
            "failure": cached["failure"],
            "margins": {kind: dict(table) for kind, table in margins.items()},
        }

    def to_dict(self) -> JSONDict:
        return {
            "dice": [die.to_dict() for die in self.dice],
            "result": self.result_dict(),
            "odds": self.odds_dict(),
        }


def _check_test(stat: Any, difficulty: Any) -> None:
    if type(stat) is not int or not 0 <= stat <= STAT_MAX:
        raise RollError(
            msg(
                "a matrix stat must be an integer 0..{stat_max}, not {stat!r}",
                stat_max=STAT_MAX,
                stat=stat,
            )
        )
    if type(difficulty) is not int or not 0 <= difficulty <= _SIDES:
        raise RollError(
            msg(
                "a matrix difficulty must be an integer 0..{sides} (0 = none), not {difficulty!r}",
                sides=_SIDES,
                difficulty=difficulty,
            )
        )


def roll_test(
    dice: DiceSource, stat: int, *, difficulty: int = 0, trait: str | None = None
) -> MatrixTest:
    """Roll 1d20 under ``stat``. Stats may fall to 0 when counters wear a row away."""
    _check_test(stat, difficulty)
    if trait is not None and (not isinstance(trait, str) or trait not in STATS):
        raise RollError(
            msg(
                "unknown matrix trait {trait!r}; expected one of {trait_names}",
                trait=trait,
                trait_names=_TRAIT_NAMES,
            )
        )
    face = dice.roll(_SIDES, 1)[0]
    if face > stat:
        return MatrixTest(trait, stat, difficulty, face, False, face - stat)
    return MatrixTest(trait, stat, difficulty, face, face >= difficulty, face)


def roll_trait(
    dice: DiceSource, sheet: MatrixSheet, trait: str, *, difficulty: int = 0
) -> MatrixTest:
    """Roll a test on one of the twelve stats of ``sheet``, from its effective rows."""
    return roll_test(dice, trait_stat(sheet, trait), difficulty=difficulty, trait=trait)


def faith_test(sheet: MatrixSheet, dice: DiceSource) -> tuple[MatrixTest, MatrixSheet]:
    """Roll faith; a success ends panic. A character who is not panicked may roll too
    (the sheet just comes back unchanged)."""
    test = roll_trait(dice, sheet, "faith")
    if test.success and sheet.panicked:
        return test, replace(sheet, panicked=False)
    return test, sheet
