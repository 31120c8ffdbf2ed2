"""Ruleset ``3d6``: the test roll as a small state machine (the sheet, re-exported here,
is ``app.rules.threed6_sheet``).

A test rolls 2, 3 or 4 d6 against one quality; each face ≤ the score is a success. The roll
may then move on, one step at a time, each step returning a new immutable value:

- ``reroll``: spend the next reroll source on one die (not a success, unless the campaign
  allows any die); the old face goes to that die's history.
- ``choose``: on a ``partial`` outcome, ``fail`` or ``complication``; this ends the roll.
- ``finalize``: the player declines the rerolls left.
- ``grant``: a storyteller adds a reroll for a clever idea: to a pending roll, or to a
  final one, which it reopens (a choice made on a partial is undone with it).
- ``settle``: the choices a player stated before the roll (a blind roll's): every reroll
  spent on the first die without success, the rest declined, a partial settled.

A roll is **pending** while it can still change on the player's word:
``(not finalized and rerolls_left > 0 and some die may be rerolled)`` or
``(outcome == "partial" and choice is None)``. Otherwise it is **final**.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple, cast

from app.rules.dice import DiceSource
from app.rules.errors import RollError
from app.rules.message import msg
from app.rules.results import Die, JSONDict
from app.rules.threed6_odds import MAX_REROLLS, odds_3d6_json
from app.rules.threed6_sheet import MAX_ENTRY_NAME, ThreeD6Sheet, derived, parse_sheet

__all__ = [
    "CHOICES",
    "DIFFICULTIES",
    "REROLL_KINDS",
    "RerollSource",
    "SpentReroll",
    "ThreeD6Roll",
    "ThreeD6Sheet",
    "check_reroll_sources",
    "choose",
    "derived",
    "dice_count",
    "finalize",
    "grant",
    "parse_difficulty",
    "parse_sheet",
    "policy_die",
    "reroll",
    "roll_test",
    "settle",
]

DIFFICULTIES: Final = {"easy": 1, "medium": 2, "difficult": 3, "legendary": 4}
CHOICES: Final = ("fail", "complication")
REROLL_KINDS: Final = ("item", "gift", "storyteller")

MAX_GRANT_ID = 26

RerollKind = Literal["item", "gift", "storyteller"]
Outcome = Literal["success", "partial", "botch", "open"]


def _int_in(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def parse_difficulty(value: int | str | None) -> int | None:
    """``None`` (open action), 1..4, or a level name in any case: easy … legendary."""
    if value is None:
        return None
    if isinstance(value, str):
        level = DIFFICULTIES.get(value.strip().lower())
        if level is None:
            names = ", ".join(DIFFICULTIES)
            raise RollError(
                msg(
                    "unknown difficulty {value!r}: use 1..4 or one of {names}",
                    value=value,
                    names=names,
                )
            )
        return level
    if not _int_in(value, 1, 4):
        raise RollError(
            msg("difficulty must be 1..4, a level name or absent, not {value!r}", value=value)
        )
    return value


def dice_count(advantage: bool, disadvantage: bool) -> int:
    """4 with advantage, 2 with disadvantage, 3 otherwise; both cancel and nothing stacks."""
    if type(advantage) is not bool or type(disadvantage) is not bool:
        raise RollError(msg("advantage and disadvantage must be true or false"))
    if advantage == disadvantage:
        return 3
    return 4 if advantage else 2


@dataclass(frozen=True, slots=True)
class RerollSource:
    """Where one reroll comes from: a named item or gift, or the storyteller (name optional).

    ``grant`` names the storyteller's grant made before the roll that this reroll uses up
    (the service's record of it); a storyteller citing a reroll directly has none."""

    kind: RerollKind
    name: str | None = None
    grant: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in REROLL_KINDS:
            raise RollError(
                msg("reroll source must be item, gift or storyteller, not {kind!r}", kind=self.kind)
            )
        if self.name is not None and (not isinstance(self.name, str) or not self.name.strip()):
            raise RollError(
                msg(
                    "a reroll source's name must be a non-empty string, not {name!r}",
                    name=self.name,
                )
            )
        if self.name is None and self.kind != "storyteller":
            raise RollError(msg("a reroll from a sheet's {kind} must name it", kind=self.kind))
        if self.name is not None and len(self.name) > MAX_ENTRY_NAME:
            raise RollError(
                msg(
                    "a reroll source's name has at most {max_entry_name} characters",
                    max_entry_name=MAX_ENTRY_NAME,
                )
            )
        if self.grant is not None:
            if self.kind != "storyteller":
                raise RollError(msg("only a storyteller's reroll comes from a grant"))
            if not isinstance(self.grant, str) or not 1 <= len(self.grant) <= MAX_GRANT_ID:
                raise RollError(
                    msg(
                        "a grant id is a string of 1..{max_grant_id} characters",
                        max_grant_id=MAX_GRANT_ID,
                    )
                )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RerollSource:
        """From the API shape ``{"source": kind, "name"?: str, "grant_id"?: str}``."""
        if not isinstance(data, Mapping) or set(data) - {"source", "name", "grant_id"}:
            raise RollError(
                msg('a reroll is {"source": "item"|"gift"|"storyteller", "name"?: str}')
            )
        kind = data.get("source")
        if kind not in REROLL_KINDS:
            raise RollError(
                msg("reroll source must be item, gift or storyteller, not {kind!r}", kind=kind)
            )
        return cls(cast(RerollKind, kind), data.get("name"), data.get("grant_id"))

    def to_dict(self) -> JSONDict:
        """The API shape; ``grant_id`` only for a reroll that used up a grant."""
        if self.grant is None:
            return {"source": self.kind, "name": self.name}
        return {"source": self.kind, "name": self.name, "grant_id": self.grant}


def _as_tuple(sources: Iterable[Any]) -> tuple[Any, ...]:
    if isinstance(sources, RerollSource | str | Mapping):
        raise RollError(msg("rerolls must be a list of reroll sources"))
    try:
        return tuple(sources)
    except TypeError:
        raise RollError(msg("rerolls must be a list of reroll sources")) from None


def _check_sources(sources: Sequence[RerollSource]) -> None:
    """At most MAX_REROLLS, all RerollSource, each item or gift cited once."""
    if len(sources) > MAX_REROLLS:
        raise RollError(msg("at most {max_rerolls} rerolls on one roll", max_rerolls=MAX_REROLLS))
    cited: set[tuple[str, str | None]] = set()
    for source in sources:
        if not isinstance(source, RerollSource):
            raise RollError(
                msg("a reroll source must be a RerollSource, not {source!r}", source=source)
            )
        if source.kind != "storyteller":
            key = (source.kind, source.name)
            if key in cited:
                raise RollError(
                    msg(
                        "{source_kind} {source_name!r} grants one reroll per roll",
                        source_kind=source.kind,
                        source_name=source.name,
                    )
                )
            cited.add(key)


def check_reroll_sources(
    sheet: ThreeD6Sheet, sources: Iterable[RerollSource | Mapping[str, Any]]
) -> tuple[RerollSource, ...]:
    """Sources a player may cite: items/gifts on their own sheet, each once per roll.

    Storyteller sources pass here; the service checks that only a storyteller grants them.
    """
    if not isinstance(sheet, ThreeD6Sheet):
        raise RollError(
            msg("expected a 3d6 sheet, not {sheet_type}", sheet_type=type(sheet).__name__)
        )
    checked = tuple(
        s if isinstance(s, RerollSource) else RerollSource.from_dict(s) for s in _as_tuple(sources)
    )
    _check_sources(checked)
    for source in checked:
        owned = sheet.items if source.kind == "item" else sheet.gifts
        if source.kind != "storyteller" and source.name not in owned:
            raise RollError(
                msg(
                    "{source_kind} {source_name!r} is not on the character's sheet",
                    source_kind=source.kind,
                    source_name=source.name,
                )
            )
    return checked


class SpentReroll(NamedTuple):
    """One reroll used: which die, from which source, and the faces before and after."""

    die: int
    source: RerollSource
    old: int
    new: int

    def to_dict(self) -> JSONDict:
        return {"die": self.die, **self.source.to_dict(), "old": self.old, "new": self.new}


class ThreeD6Roll(NamedTuple):
    """A test roll at one moment of its life; see the module docstring for ``status``."""

    score: int
    difficulty: int | None
    dice: tuple[Die, ...]
    sources: tuple[RerollSource, ...] = ()
    spent: tuple[SpentReroll, ...] = ()
    reroll_any_die: bool = False
    choice: str | None = None
    finalized: bool = False
    rerolls_at_start: int = 0
    granted: int = 0  # rerolls a storyteller granted on the roll itself, after it started

    @property
    def successes(self) -> int:
        return sum(1 for die in self.dice if die.success)

    @property
    def outcome(self) -> Outcome:
        """No success is a botch, with or without a difficulty (docs/rules.md's worked example:
        quality 3, dice 4, 4, 6 -> botch); otherwise an open action is just ``open``."""
        successes = self.successes
        if successes == 0:
            return "botch"
        if self.difficulty is None:
            return "open"
        return "success" if successes >= self.difficulty else "partial"

    @property
    def boon(self) -> bool:
        faces = [die.value for die in self.dice]
        # Three equal faces among n dice include one of the first n - 2.
        return any(faces.count(face) >= 3 for face in faces[:-2])

    @property
    def rerolls_left(self) -> int:
        return len(self.sources)

    @property
    def can_reroll(self) -> bool:
        """A reroll is open: not declined, a source left, and a die it may target."""
        if self.finalized or not self.sources:
            return False
        return self.reroll_any_die or not all(die.success for die in self.dice)

    @property
    def status(self) -> Literal["pending", "final"]:
        if self.can_reroll or (self.choice is None and self.outcome == "partial"):
            return "pending"
        return "final"

    def result_dict(self) -> JSONDict:
        return {
            "successes": self.successes,
            "difficulty": self.difficulty,
            "outcome": self.outcome,
            "boon": self.boon,
            "choice": self.choice,
            "rerolls_left": self.rerolls_left,
            "rerolls": [spent.to_dict() for spent in self.spent],
        }

    def odds_dict(self) -> JSONDict:
        """Odds before the dice fell, with every reroll the roll has held: the ones it
        started with and the ones granted on it since (each grant is a new state)."""
        rerolls = self.rerolls_at_start + self.granted
        return odds_3d6_json(len(self.dice), self.score, self.difficulty, rerolls)

    def to_dict(self) -> JSONDict:
        return {
            "dice": [die.to_dict() for die in self.dice],
            "result": self.result_dict(),
            "odds": self.odds_dict(),
        }


def roll_test(
    dice: DiceSource,
    score: int,
    *,
    difficulty: int | None = None,
    advantage: bool = False,
    disadvantage: bool = False,
    rerolls: Sequence[RerollSource] = (),
    reroll_any_die: bool = False,
) -> ThreeD6Roll:
    """Roll a test of ``score``; rerolls are spent later, one ``reroll`` call each."""
    if not _int_in(score, 0, 6):
        raise RollError(msg("score must be an integer 0..6, not {score!r}", score=score))
    if difficulty is not None and not _int_in(difficulty, 1, 4):
        raise RollError(
            msg(
                "difficulty must be 1..4 or absent (open action), not {difficulty!r}",
                difficulty=difficulty,
            )
        )
    if type(reroll_any_die) is not bool:
        raise RollError(msg("reroll_any_die must be true or false"))
    sources = _as_tuple(rerolls)
    if sources:
        _check_sources(sources)
    count = dice_count(advantage, disadvantage)
    fresh = _FRESH_D6[score]
    dice_rolled = tuple([fresh[face] for face in dice.roll(6, count)])
    return ThreeD6Roll(
        score, difficulty, dice_rolled, sources, (), reroll_any_die, None, False, len(sources)
    )


# A freshly rolled d6 is one of twelve immutable values per score: share them rather than
# build three new ones on every roll (the hot path of a test).
_FRESH_D6: tuple[tuple[Die, ...], ...] = tuple(
    tuple(Die(6, face, (), face <= score) for face in range(7)) for score in range(7)
)  # index 0 is never read: faces are 1..6


def _require_pending(roll: ThreeD6Roll) -> None:
    if not isinstance(roll, ThreeD6Roll):
        raise RollError(msg("expected a 3d6 roll, not {roll_type}", roll_type=type(roll).__name__))
    if roll.status == "final":
        raise RollError(msg("the roll is already final"))


def reroll(roll: ThreeD6Roll, die_index: int, dice: DiceSource) -> ThreeD6Roll:
    """Spend the next source left on die ``die_index``; its old face joins its history."""
    _require_pending(roll)
    if not roll.can_reroll:
        raise RollError(msg("no reroll left: the roll only awaits the player's choice"))
    if not _int_in(die_index, 0, len(roll.dice) - 1):
        raise RollError(
            msg(
                "die index must be 0..{value}, not {die_index!r}",
                value=len(roll.dice) - 1,
                die_index=die_index,
            )
        )
    old = roll.dice[die_index]
    if old.success and not roll.reroll_any_die:
        raise RollError(
            msg(
                "die {die_index} is a success; only a die without success is rerolled",
                die_index=die_index,
            )
        )
    (face,) = dice.roll(6, 1)
    new = Die(6, face, (*old.history, old.value), face <= roll.score)
    source, *left = roll.sources
    return roll._replace(
        dice=(*roll.dice[:die_index], new, *roll.dice[die_index + 1 :]),
        sources=tuple(left),
        spent=(*roll.spent, SpentReroll(die_index, source, old.value, face)),
    )


def choose(roll: ThreeD6Roll, choice: str) -> ThreeD6Roll:
    """Settle a partial: ``fail`` or ``complication``. Ends the roll, declining rerolls left."""
    if not isinstance(roll, ThreeD6Roll):
        raise RollError(msg("expected a 3d6 roll, not {roll_type}", roll_type=type(roll).__name__))
    if choice not in CHOICES:
        raise RollError(
            msg("choice must be 'fail' or 'complication', not {choice!r}", choice=choice)
        )
    if roll.outcome != "partial":
        raise RollError(
            msg(
                "only a partial outcome takes a choice; this one is {roll_outcome}",
                roll_outcome=roll.outcome,
            )
        )
    if roll.choice is not None:
        raise RollError(msg("the choice was already made: {roll_choice}", roll_choice=roll.choice))
    return roll._replace(choice=choice, sources=(), finalized=True)


def finalize(roll: ThreeD6Roll) -> ThreeD6Roll:
    """The player declines the rerolls left; a partial still awaits its choice afterwards."""
    _require_pending(roll)
    if not roll.can_reroll:
        raise RollError(msg("no reroll left to decline: the roll awaits the player's choice"))
    return roll._replace(sources=(), finalized=True)


def grant(roll: ThreeD6Roll, source: RerollSource) -> ThreeD6Roll:
    """Add one reroll (the storyteller's, for a clever idea) to a pending roll, or reopen a
    final one for it. Declined rerolls are open again; a choice made on a partial is
    undone, since the reroll changes the faces the choice was about: the outcome is read
    again afterwards, and a partial awaits a new choice. Refused when no die could take
    the reroll (every die a success, and the campaign rerolls only dice without one)."""
    if not isinstance(roll, ThreeD6Roll):
        raise RollError(msg("expected a 3d6 roll, not {roll_type}", roll_type=type(roll).__name__))
    if not isinstance(source, RerollSource):
        raise RollError(
            msg("a reroll source must be a RerollSource, not {source!r}", source=source)
        )
    _check_sources((*roll.sources, *(spent.source for spent in roll.spent), source))
    opened = roll._replace(
        sources=(*roll.sources, source), finalized=False, choice=None, granted=roll.granted + 1
    )
    if not opened.can_reroll:
        raise RollError(msg("every die is a success: a reroll would have no die to take"))
    return opened


def policy_die(roll: ThreeD6Roll) -> int | None:
    """The die a reroll spent on the player's stated word goes to: the first die without a
    success, or None when every die is one. The rule never looks at faces beyond success,
    so it is the policy the odds assume (``app.rules.threed6_odds``)."""
    for index, die in enumerate(roll.dice):
        if not die.success:
            return index
    return None


def settle(
    roll: ThreeD6Roll, draws: Sequence[DiceSource], on_partial: str | None
) -> tuple[ThreeD6Roll, int]:
    """Apply the choices a player stated before the roll, as a blind roll needs them.

    Each reroll source, in order, is spent on ``policy_die`` with its own draw from
    ``draws`` (one per source, so a caller can reserve them all before the dice fall),
    while a die without success is left; the sources left are declined. A partial is then
    settled with ``on_partial`` (None leaves it awaiting its choice). Answers the roll
    and how many of ``draws`` it used."""
    _require_as_fallen(roll)
    if on_partial is not None and on_partial not in CHOICES:
        raise RollError(
            msg(
                "on_partial must be 'fail' or 'complication', not {on_partial!r}",
                on_partial=on_partial,
            )
        )
    if len(draws) != len(roll.sources):
        raise RollError(
            msg(
                "{roll_sources_count} rerolls need as many draws, not {draws_count}",
                roll_sources_count=len(roll.sources),
                draws_count=len(draws),
            )
        )
    used = 0
    for dice in draws:
        die = policy_die(roll)
        if die is None or not roll.can_reroll:
            break
        roll = reroll(roll, die, dice)
        used += 1
    roll = roll._replace(sources=(), finalized=True)
    if on_partial is not None and roll.outcome == "partial" and roll.choice is None:
        roll = choose(roll, on_partial)
    return roll, used


def _require_as_fallen(roll: ThreeD6Roll) -> None:
    if not isinstance(roll, ThreeD6Roll):
        raise RollError(msg("expected a 3d6 roll, not {roll_type}", roll_type=type(roll).__name__))
    if roll.spent or roll.choice is not None or roll.finalized:
        raise RollError(msg("stated choices apply to a roll as it fell, before any step"))
