"""Exact odds of a ``3d6`` test, computed (never simulated) as fractions.

The API shows "the exact chance of each outcome before the dice fell", so the numbers must
be exact and cheap: every configuration is computed once and memoised.

Reroll policy the odds assume: a player spends a reroll on a die that is not a success
while rerolls and such dice are left (the obvious best play when counting successes), and
picks that die without regard to its face (e.g. the first one: the rule the server plays
for a blind roll, ``app.rules.threed6.policy_die``). A rerolled die succeeds with
``p = score / 6``; a die that misses again may be rerolled again. So with ``k``
first-throw successes and ``r`` rerolls, the successes gained are
``min(n - k, Binomial(r, p))``: the trials beyond the ``n - k``-th gain are never made, but
they do not change the count.

The boon is read on the faces after the rerolls. Under that policy a die's last face is
its last throw, which stopped the rerolls on it for being a success or because they ran
out, never for its face: so, given the final successes ``k``, the ``k`` successful dice
show faces uniform on ``1..score`` and the others faces uniform on ``score+1..6``, all
independent. The boon's chance is then the sum over ``k`` of the chance of ``k`` times the
chance of three equal faces among either group (a success never shows a failure's face).
Any face-blind choice of the die gives the same odds; a player who rerolls to make or keep
a boon plays another game, which the odds do not describe.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb
from types import MappingProxyType

from app.rules.errors import RollError
from app.rules.message import msg
from app.rules.results import JSONDict

__all__ = ["MAX_REROLLS", "Odds3d6", "odds_3d6", "odds_3d6_json"]

MAX_REROLLS = 20
"""Most rerolls one test can carry; bounds both the odds table and a roll's sources."""

_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Odds3d6:
    """Exact distribution of one test's successes and outcomes.

    ``successes`` maps every count 0..dice (impossible ones included, at 0) to its chance;
    ``outcomes`` holds ``success``/``partial``/``botch``, or ``open``/``botch`` when there is
    no difficulty (no success is a botch even then); ``boon`` is the chance of three
    identical faces once the rerolls are spent (see the module for the policy).
    The mappings are read-only because a memoised value is shared by every caller.
    """

    dice: int
    score: int
    difficulty: int | None
    rerolls: int
    successes: Mapping[int, Fraction]
    outcomes: Mapping[str, Fraction]
    boon: Fraction

    def to_dict(self) -> JSONDict:
        """API odds shape: ``{"outcomes": {...}, "successes": {"0": p, ...}, "boon": p}``."""
        return {
            "outcomes": {name: float(p) for name, p in self.outcomes.items()},
            "successes": {str(k): float(p) for k, p in self.successes.items()},
            "boon": float(self.boon),
        }


def _int_in(value: object, low: int, high: int) -> bool:
    """True for a plain int in low..high; ``bool`` is an int subclass and is refused."""
    return type(value) is int and low <= value <= high


def _validate(dice: object, score: object, difficulty: object, rerolls: object) -> None:
    if not _int_in(dice, 2, 4):
        raise RollError(msg("dice must be an integer 2..4, not {dice!r}", dice=dice))
    if not _int_in(score, 0, 6):
        raise RollError(msg("score must be an integer 0..6, not {score!r}", score=score))
    if difficulty is not None and not _int_in(difficulty, 1, 4):
        raise RollError(
            msg(
                "difficulty must be None or an integer 1..4, not {difficulty!r}",
                difficulty=difficulty,
            )
        )
    if not _int_in(rerolls, 0, MAX_REROLLS):
        raise RollError(
            msg(
                "rerolls must be an integer 0..{max_rerolls}, not {rerolls!r}",
                max_rerolls=MAX_REROLLS,
                rerolls=rerolls,
            )
        )


def odds_3d6(dice: int, score: int, difficulty: int | None, rerolls: int = 0) -> Odds3d6:
    """Exact odds of a test of ``dice`` d6 against ``score``; see the module for the policy.

    Arguments are checked here, before the cache, so ``True`` never hits the entry for 1.
    """
    _validate(dice, score, difficulty, rerolls)
    return _odds(dice, score, difficulty, rerolls)


def odds_3d6_json(dice: int, score: int, difficulty: int | None, rerolls: int = 0) -> JSONDict:
    """``odds_3d6(...).to_dict()``, memoised; a fresh copy each call so callers may mutate it."""
    _validate(dice, score, difficulty, rerolls)
    cached = _odds_json(dice, score, difficulty, rerolls)
    return {
        "outcomes": dict(cached["outcomes"]),
        "successes": dict(cached["successes"]),
        "boon": cached["boon"],
    }


@cache
def _odds_json(dice: int, score: int, difficulty: int | None, rerolls: int) -> JSONDict:
    return _odds(dice, score, difficulty, rerolls).to_dict()


@cache
def _binomial(trials: int, score: int) -> tuple[Fraction, ...]:
    """Chance of exactly j successes among ``trials`` d6 each succeeding on ≤ score."""
    p = Fraction(score, 6)
    q = 1 - p
    return tuple(comb(trials, j) * p**j * q ** (trials - j) for j in range(trials + 1))


@cache
def _triple(count: int, faces: int) -> Fraction:
    """Chance that at least three of ``count`` dice, each uniform on ``faces`` faces, show
    the same face (by enumeration: at most 6**4 cases)."""
    if count < 3:
        return _ZERO
    hits = sum(
        1 for rolled in product(range(faces), repeat=count) if max(Counter(rolled).values()) >= 3
    )
    return Fraction(hits, faces**count)


def _boon(dice: int, score: int, successes: Sequence[Fraction]) -> Fraction:
    """Chance of a boon after the rerolls, from the distribution of the final successes:
    for each count ``k``, a triple among the ``k`` successes (faces 1..score) or among the
    others (faces score+1..6)."""
    total = _ZERO
    for k, p_k in enumerate(successes):
        if p_k:
            low, high = _triple(k, score), _triple(dice - k, 6 - score)
            total += p_k * (1 - (1 - low) * (1 - high))
    return total


@cache
def _odds(dice: int, score: int, difficulty: int | None, rerolls: int) -> Odds3d6:
    first = _binomial(dice, score)
    gains = _binomial(rerolls, score)
    dist = [_ZERO] * (dice + 1)
    for k, p_k in enumerate(first):
        failed = dice - k
        for j, p_j in enumerate(gains):
            dist[k + min(failed, j)] += p_k * p_j
    successes = MappingProxyType(dict(enumerate(dist)))
    botch = dist[0]
    if difficulty is None:
        outcomes: dict[str, Fraction] = {"open": 1 - botch, "botch": botch}
    else:
        success = sum(dist[difficulty:], _ZERO)
        outcomes = {"success": success, "partial": 1 - success - botch, "botch": botch}
    return Odds3d6(
        dice=dice,
        score=score,
        difficulty=difficulty,
        rerolls=rerolls,
        successes=successes,
        outcomes=MappingProxyType(outcomes),
        boon=_boon(dice, score, dist),
    )
