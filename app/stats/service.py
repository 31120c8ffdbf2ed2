"""Luck statistics for a viewer: per roller (or roller and character), over the final
rolls the viewer may see in a window of time.

The whole hours of the window are read from the hour tallies (app/stats/tally.py: a few
rows per roller and hour, whatever the size of the log); the whole minutes of an hour the
window cuts (``since`` at 20:17:30 cuts the 20:00 hour) from the minute tallies; the part
of a minute left at either edge from the rolls themselves, through the time index, counted
with the same rule. So the answer is exact to the microsecond and no request walks the
log: what it reads from the rolls is at most two minutes of play. An edge older than the
minute rows' retention (app/stats/retention.py) reads its part of an hour from the rolls
instead: still exact, at most two hours of play. The viewer's visibility
rule is the log's own SQL condition (``app.rolls.repository.seen_by``), on the tallies as
on the rolls: a roll the viewer may not see counts nowhere, not in ``rolls``, not in a face.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from app.campaigns.seats import Seat
from app.core.database import Db
from app.core.db import rfc3339
from app.core.errors import InvalidFields
from app.rules import luck
from app.stats import repository as repo
from app.stats import retention, tally

_HOUR = timedelta(hours=1)
_MINUTE = timedelta(minutes=1)
_DIGITS = 9  # sums of floats: a reopened or revealed roll leaves ~1e-16 behind


@dataclass(slots=True)
class _Group:
    sums: list[float] = field(default_factory=lambda: [0.0] * 9)
    faces: dict[tuple[int, int], int] = field(default_factory=dict)


def _luck(observed: float, expected: float, variance: float) -> dict[str, float]:
    """z-score and percentile; 0 and 50 without variance (no roll, or only sure ones: the
    observed value is then the expected one)."""
    z = (observed - expected) / math.sqrt(variance) if variance > 1e-12 else 0.0
    return {
        "observed": round(observed, _DIGITS),
        "expected": round(expected, _DIGITS),
        "variance": round(variance, _DIGITS),
        "z": round(z, _DIGITS),
        "percentile": round(100.0 * luck.normal_cdf(z), _DIGITS),
    }


def _faces(faces: dict[tuple[int, int], int]) -> list[dict[str, Any]]:
    out = []
    for sides in sorted({s for s, _ in faces}):
        counts = [faces.get((sides, f), 0) for f in range(1, sides + 1)]
        tested = luck.chi_square(counts)
        if tested is None:
            continue
        statistic, p_value = tested
        out.append({"sides": sides, "counts": counts, "chi_square": round(statistic, _DIGITS),
                    "p_value": round(p_value, _DIGITS)})  # fmt: skip
    return out


def _item(by: str, user_id: str, character_key: str, group: _Group) -> dict[str, Any]:
    s = group.sums
    return {
        "user_id": user_id,
        "character_id": (character_key or None) if by == "character" else None,
        "rolls": round(s[0]),
        "tests": round(s[1]),
        **_luck(s[2], s[3], s[4]),
        "totals": {"rolls": round(s[5]), **_luck(s[6], s[7], s[8])},
        "faces": _faces(group.faces),
    }


def _count_roll(groups: dict[tuple[str, str], _Group], by: str, roll: dict[str, Any]) -> None:
    """A roll read from the log (at a window's edge) into its group, by the tallies' rule."""
    part = tally.contribution(roll)
    if part is None or (by == "character" and not roll["character_id"]):
        return
    key = roll["character_id"] if by == "character" else ""
    group = groups.setdefault((roll["user_id"], key), _Group())
    group.sums = [a + b for a, b in zip(group.sums, part.sums, strict=True)]
    for at, n in part.faces.items():
        group.faces[at] = group.faces.get(at, 0) + n


Window = tuple[datetime | None, datetime | None]


def _split(
    since: datetime | None, until: datetime | None, span: timedelta
) -> tuple[Window | None, list[tuple[datetime, datetime]]]:
    """[since, until) as the whole spans inside it (None: none) and the parts of a span
    left at its edges."""
    floor = tally.hour_of if span == _HOUR else tally.minute_of
    first = None if since is None else _ceil(since, floor, span)
    end = None if until is None else floor(until)
    if since is not None and until is not None and first is not None and end is not None:  # noqa: SIM102
        if first >= end:  # no whole span inside
            return None, [(since, until)]
    edges = []
    if since is not None and first is not None and since < first:
        edges.append((since, first))
    if until is not None and end is not None and end < until:
        edges.append((end, until))
    return (first, end), edges


def _ceil(moment: datetime, floor: Callable[[datetime], datetime], span: timedelta) -> datetime:
    down = floor(moment)
    if down == moment:
        return down
    try:
        return down + span
    except OverflowError:  # within the last span of year 9999
        return datetime.max.replace(tzinfo=UTC)


async def stats(
    db: Db, seat: Seat, by: str, since: datetime | None, until: datetime | None
) -> dict[str, Any]:
    """The statistics ``seat`` may read (docs/api.md, "Luck statistics"): the whole hours
    of the window from the hour rows, the whole minutes at its edges from the minute rows
    (while they are kept), and the rest of its edges from the rolls themselves."""
    if since is not None and until is not None and since > until:
        raise InvalidFields([{"loc": ("query", "since"), "msg": "since is after until"}])
    viewer, storyteller, cid = seat.user_id, seat.is_storyteller, seat.campaign.id
    groups: dict[tuple[str, str], _Group] = {}
    spans: list[tuple[int, Window]] = []
    raw: list[tuple[datetime, datetime]] = []
    hours, edges = _split(since, until, _HOUR)
    if hours is not None:
        spans.append((tally.HOUR, hours))
    # An edge older than the minute rows kept is read from its rolls (a query only asked
    # when the window cuts an hour).
    horizon = await retention.horizon(db) if edges else None
    for low, high in edges:
        minutes, parts = _split(low, high, _MINUTE)
        if horizon is None or low < horizon or minutes is None:
            raw.append((low, high))
            continue
        spans.append((tally.MINUTE, minutes))
        raw += parts
    for span, (first, end) in spans:
        for user_id, key, *sums in await repo.sums(
            db, cid, viewer, storyteller, by, span, first, end
        ):
            group = groups.setdefault((user_id, key), _Group())
            group.sums = [a + float(b or 0) for a, b in zip(group.sums, sums, strict=True)]
        for user_id, key, sides, face, n in await repo.faces(
            db, cid, viewer, storyteller, by, span, first, end
        ):
            group = groups.setdefault((user_id, key), _Group())
            group.faces[(sides, face)] = group.faces.get((sides, face), 0) + int(n)
    for low, high in raw:
        async for page in repo.final_between(db, cid, viewer, storyteller, low, high):
            for roll in page:
                _count_roll(groups, by, roll)
            await asyncio.sleep(0)  # an old edge may be an hour of a busy table
    items = [
        _item(by, user_id, key, group)
        for (user_id, key), group in sorted(groups.items())
        if round(group.sums[0]) > 0
    ]
    return {
        "by": by,
        "since": None if since is None else rfc3339(since),
        "until": None if until is None else rfc3339(until),
        "items": items,
    }
