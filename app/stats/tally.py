"""What one final roll adds to the luck statistics, and keeping the tallies true in the
write that changes a roll.

A roll counts once it is final, in the hour and in the minute it was made (two rows:
``span`` 60 and 1), under its roller, character and visibility. Every write that changes
what a roll counts calls ``record(ledger, before, after)`` with the roll as it was and as
it is now (None for "not there"): a new roll (``store_roll``), a step that ends a pending
roll or a grant that reopens a final one (``steps.step``), a reveal that moves it to
``public`` (``reveal``); an import and the bulk generator tally what they write too. The
tallies are sums, so a change is the new state's contribution minus the old one's; the
ledger merges every change of one batch per row (``Tallies``) and writes them with the
batch, as one upsert per table, so a roll's tallies are committed with the roll or not at
all.

What a roll contributes (docs/api.md, "Luck statistics"):

- a **test or save** (3d6, matrix, d20, damage checks): its successes, against the
  successes its stored ``odds`` expected — the mean and variance of ``odds.successes``
  (3d6: how many dice succeed), or of one success with chance ``odds.success``;
- a **formula** (or damage) whose ``odds`` hold every total: its total, against the mean
  and variance of ``odds.totals``; one without them counts in ``rolls`` and faces only;
- **faces**: every face the server drew for it (its ``proof``: kept, dropped and rerolled
  dice alike), by die size, for dice of 2..100 sides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol

from app.core.database import Statement
from app.core.tables import TableSql
from app.stats.models import FaceTally, RollTally

MAX_SIDES = 100  # larger dice are left out of the face histograms
Key = tuple[str, str, str, int, datetime]  # user, character_key, visibility, span, starts_at
HOUR, MINUTE = 60, 1  # the spans of the rows, in minutes
SUMS = ("rolls", "tests", "observed", "expected", "variance", "totals", "total_observed",
        "total_expected", "total_variance")  # fmt: skip
_INTS = frozenset({"rolls", "tests", "totals"})


@dataclass(slots=True)
class Contribution:
    """One final roll's share of its tally rows, or the sum of several rolls' of one key
    and minute (``add_new``): the sums, and the faces by (sides, face). ``key`` is without
    the span and start: a roll counts in its hour and its minute."""

    key: tuple[str, str, str]
    at: datetime
    sums: list[float]
    faces: dict[tuple[int, int], int] = field(default_factory=dict)


def hour_of(moment: datetime) -> datetime:
    return moment.replace(minute=0, second=0, microsecond=0)


def minute_of(moment: datetime) -> datetime:
    return moment.replace(second=0, microsecond=0)


def _mean_variance(distribution: Mapping[str, Any]) -> tuple[float, float] | None:
    """Mean and variance of a ``{"value": chance}`` table (normalised: a truncated
    exploding formula's table weighs a little less than 1)."""
    try:
        return _moments(tuple(distribution.items()))
    except TypeError:  # an unhashable chance: not a table of odds
        return None


@lru_cache(maxsize=1024)
def _moments(items: tuple[tuple[str, Any], ...]) -> tuple[float, float] | None:
    """``_mean_variance`` of one table, memoised: a campaign's rolls share a few tables."""
    try:
        pairs = [(float(value), float(chance)) for value, chance in items]
    except (TypeError, ValueError):
        return None
    weight = sum(chance for _, chance in pairs)
    if not pairs or weight <= 0:
        return None
    mean = sum(value * chance for value, chance in pairs) / weight
    variance = sum((value - mean) ** 2 * chance for value, chance in pairs) / weight
    return mean, max(variance, 0.0)


def _successes(roll: Mapping[str, Any]) -> tuple[float, float, float] | None:
    """(observed, expected, variance) of a test or save, from its stored odds."""
    result, odds = roll["result"], roll["odds"]
    if roll["kind"] not in ("test", "save"):
        return None
    if isinstance(odds.get("successes"), Mapping) and isinstance(result.get("successes"), int):
        moments = _mean_variance(odds["successes"])
        return None if moments is None else (float(result["successes"]), *moments)
    chance = odds.get("success")
    if isinstance(chance, int | float) and isinstance(result.get("success"), bool):
        p = float(chance)
        return float(result["success"]), p, p * (1.0 - p)
    return None


def _total(roll: Mapping[str, Any]) -> tuple[float, float, float] | None:
    """(observed, expected, variance) of a formula's total, from its stored odds."""
    total, totals = roll["result"].get("total"), roll["odds"].get("totals")
    if roll["kind"] in ("test", "save") or not isinstance(totals, Mapping):
        return None
    if not isinstance(total, int | float) or isinstance(total, bool):
        return None
    moments = _mean_variance(totals)
    return None if moments is None else (float(total), *moments)


def _count_faces(faces: dict[tuple[int, int], int], proof: Iterable[Any]) -> None:
    for draw in proof:
        for rolled in draw.get("rolls", ()) if isinstance(draw, Mapping) else ():
            sides = rolled.get("sides") if isinstance(rolled, Mapping) else None
            if type(sides) is not int or not 2 <= sides <= MAX_SIDES:
                continue
            for face in rolled.get("faces", ()):
                if type(face) is int and 1 <= face <= sides:
                    faces[(sides, face)] = faces.get((sides, face), 0) + 1


def _key(roll: Mapping[str, Any]) -> tuple[str, str, str]:
    return roll["user_id"], roll["character_id"] or "", roll["visibility"]


def _count(share: Contribution, roll: Mapping[str, Any]) -> None:
    """Add a final ``roll``'s sums and faces to ``share``."""
    sums = share.sums
    sums[0] += 1.0
    counted = _successes(roll)
    if counted is not None:
        sums[1] += 1.0
        sums[2] += counted[0]
        sums[3] += counted[1]
        sums[4] += counted[2]
    else:
        total = _total(roll)
        if total is not None:
            sums[5] += 1.0
            sums[6] += total[0]
            sums[7] += total[1]
            sums[8] += total[2]
    _count_faces(share.faces, roll["proof"])


def contribution(roll: Mapping[str, Any]) -> Contribution | None:
    """What ``roll`` adds to its tally row; None unless it is final."""
    if roll["status"] != "final":
        return None
    share = Contribution(_key(roll), roll["created_at"], [0.0] * len(SUMS))
    _count(share, roll)
    return share


ROLL_TALLIES = TableSql(RollTally)
FACE_TALLIES = TableSql(FaceTally)
ROLL_KEY = ("campaign_id", "user_id", "character_key", "visibility", "span", "starts_at")
FACE_KEY = (*ROLL_KEY, "sides", "face")
_MOST = 1000  # rows an upsert: 15,000 parameters at most


@lru_cache(maxsize=64)
def _upsert(table: str, key: tuple[str, ...], sums: tuple[str, ...], rows: int) -> str:
    columns = (*key, *sums)
    marks = "(" + ", ".join("?" for _ in columns) + ")"
    adds = ", ".join(f"{name} = {table}.{name} + excluded.{name}" for name in sums)
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join([marks] * rows)}"  # noqa: S608
        f" ON CONFLICT ({', '.join(key)}) DO UPDATE SET {adds}"
    )


class Tallies:
    """The tally changes of one batch, merged per row: a ledger accumulator (each row is
    written once per batch, as one statement of the batch must not touch a row another
    touches; on SQLite the jobs of a batch merge theirs and write them once)."""

    __slots__ = ("campaign_id", "faces", "rows")

    def __init__(self, campaign_id: str) -> None:
        self.campaign_id = campaign_id
        self.rows: dict[Key, list[float]] = {}
        self.faces: dict[tuple[Key, int, int], int] = {}

    def add(self, part: Contribution, sign: int, minutes_from: datetime | None = None) -> None:
        """``part`` in its hour's row and its minute's, unless that minute is before
        ``minutes_from`` (past its retention: the purge would take it at once)."""
        keys = [(*part.key, HOUR, hour_of(part.at))]
        minute = minute_of(part.at)
        if minutes_from is None or minute >= minutes_from:
            keys.append((*part.key, MINUTE, minute))
        for key in keys:
            sums = self.rows.setdefault(key, [0.0] * len(SUMS))
            for i, value in enumerate(part.sums):
                sums[i] += sign * value
            for (sides, face), n in part.faces.items():
                at = (key, sides, face)
                self.faces[at] = self.faces.get(at, 0) + sign * n

    def merge(self, other: Tallies) -> None:
        """Add ``other``'s changes (another job's, of the same campaign)."""
        for key, sums in other.rows.items():
            mine = self.rows.setdefault(key, [0.0] * len(SUMS))
            for i, value in enumerate(sums):
                mine[i] += value
        for at, n in other.faces.items():
            self.faces[at] = self.faces.get(at, 0) + n

    def __len__(self) -> int:
        return len(self.rows) + len(self.faces)

    def roll_rows(self) -> list[tuple[Any, ...]]:
        """The changed roll tally rows, in ``ROLL_KEY + SUMS`` order, typed as the columns."""
        out = []
        for key, sums in self.rows.items():
            if any(sums):
                typed = zip(SUMS, sums, strict=True)
                values = [int(v) if name in _INTS else float(v) for name, v in typed]
                out.append((self.campaign_id, *key, *values))
        return out

    def face_rows(self) -> list[tuple[Any, ...]]:
        """The changed face tally rows, in ``FACE_KEY + ("n",)`` order."""
        return [
            (self.campaign_id, *key, sides, face, n)
            for (key, sides, face), n in self.faces.items()
            if n != 0
        ]

    def statements(self) -> list[Statement]:
        """The upserts of this batch's changes (none when nothing changed), at most
        ``_MOST`` rows a statement (SQLite binds at most 32,766 parameters)."""
        out: list[Statement] = []
        for table, key, sums, rows in (
            ("roll_tallies", ROLL_KEY, SUMS, self.roll_rows()),
            ("face_tallies", FACE_KEY, ("n",), self.face_rows()),
        ):
            for start in range(0, len(rows), _MOST):
                chunk = rows[start : start + _MOST]
                params = [value for row in chunk for value in row]
                out.append((_upsert(table, key, sums, len(chunk)), params))
        return out


Roll = Mapping[str, Any]


def change(tallies: Tallies, before: Roll | None, after: Roll | None) -> None:
    """Move ``before``'s contribution out of the tallies and ``after``'s in."""
    old = contribution(before) if before is not None else None
    new = contribution(after) if after is not None else None
    if old is not None:
        tallies.add(old, -1)
    if new is not None:
        tallies.add(new, +1)


def add_new(tallies: Tallies, rolls: Iterable[Roll], minutes_from: datetime | None = None) -> None:
    """New rolls' contributions (an import's piece, a generator's order), summed per tally
    key and minute first, so that each tally row is added once a minute, not once a roll:
    most of what tallying a batch of rolls cost. ``minutes_from``: the first minute whose
    row is kept, the older ones being past their retention (a bulk write's, once the
    purge's floor is there: app/stats/retention.py); the rolls before it are summed per
    hour, which is all they add to (a campaign spread over months: most of its rolls)."""
    shares: dict[tuple[tuple[str, str, str], int, datetime], Contribution] = {}
    for roll in rolls:
        if roll["status"] != "final":
            continue
        key, at = _key(roll), roll["created_at"]
        minute = minute_of(at)
        kept = minutes_from is None or minute >= minutes_from
        slot = (key, MINUTE, minute) if kept else (key, HOUR, hour_of(at))
        share = shares.get(slot)
        if share is None:
            share = shares[slot] = Contribution(key, at, [0.0] * len(SUMS))
        _count(share, roll)
    for share in shares.values():
        tallies.add(share, +1, minutes_from)


class _Ledger(Protocol):
    campaign_id: str

    def accumulate(self, name: str, make: Callable[[], Tallies]) -> Tallies: ...


def record(ledger: _Ledger, before: Roll | None, after: Roll | None) -> None:
    """``change`` in the tallies of ``ledger``'s batch: the roll as it was (None: new) and
    as the batch writes it."""
    change(ledger.accumulate("stats", lambda: Tallies(ledger.campaign_id)), before, after)


def of_rolls(campaign_id: str, rolls: Iterable[Mapping[str, Any]]) -> list[Statement]:
    """The tallies of rolls written outside a ledger (an import), as upserts."""
    tallies = Tallies(campaign_id)
    for roll in rolls:
        change(tallies, None, roll)
    return tallies.statements()
