"""Every query of the luck statistics: sums of the tally rows of one span (hours or
minutes) a viewer may see, and the final rolls at the edges of a window that no tally row
covers (read from the rolls table)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from app.core.database import Db
from app.rolls.repository import seen_by

_SUMS = (
    "SUM(rolls), SUM(tests), SUM(observed), SUM(expected), SUM(variance), SUM(totals),"
    " SUM(total_observed), SUM(total_expected), SUM(total_variance)"
)
# Grouped by roller, or by roller and character (rolls without a character left out).
_GROUPS = {"user": "user_id", "character": "user_id, character_key"}
_ONLY = {"user": "", "character": " AND character_key <> ''"}
_EDGE_NAMES = ("user_id", "character_id", "visibility", "status", "kind", "result", "odds",
               "proof", "created_at")  # fmt: skip
_EDGE = f"SELECT {', '.join(_EDGE_NAMES)}, id FROM rolls WHERE campaign_id = ? AND status = 'final'"  # noqa: S608
EDGE_PAGE = 500


def _rows(span: int, first: datetime | None, end: datetime | None) -> tuple[str, list[Any]]:
    sql, params = " AND span = ?", list[Any]([span])
    if first is not None:
        sql, params = sql + " AND starts_at >= ?", [*params, first]
    if end is not None:
        sql, params = sql + " AND starts_at < ?", [*params, end]
    return sql, params


async def sums(
    db: Db,
    campaign_id: str,
    viewer_id: str,
    viewer_is_storyteller: bool,
    by: str,
    span: int,
    first: datetime | None,
    end: datetime | None,
) -> list[tuple[Any, ...]]:
    """(user_id, character_key or '', the nine sums) per group, over the tally rows of
    ``span`` starting in [first, end) that the viewer may see."""
    rows, params = _rows(span, first, end)
    groups = _GROUPS[by]
    key = groups if by == "character" else "user_id, ''"
    sql = (
        f"SELECT {key}, {_SUMS} FROM roll_tallies WHERE campaign_id = ?"  # noqa: S608
        f"{seen_by(viewer_is_storyteller)}{_ONLY[by]}{rows} GROUP BY {groups}"
    )
    return await db.fetchall(sql, campaign_id, viewer_id, *params)


async def faces(
    db: Db,
    campaign_id: str,
    viewer_id: str,
    viewer_is_storyteller: bool,
    by: str,
    span: int,
    first: datetime | None,
    end: datetime | None,
) -> list[tuple[Any, ...]]:
    """(user_id, character_key or '', sides, face, n) over the same rows as ``sums``."""
    rows, params = _rows(span, first, end)
    groups = _GROUPS[by]
    key = groups if by == "character" else "user_id, ''"
    sql = (
        f"SELECT {key}, sides, face, SUM(n) FROM face_tallies WHERE campaign_id = ?"  # noqa: S608
        f"{seen_by(viewer_is_storyteller)}{_ONLY[by]}{rows}"
        f" GROUP BY {groups}, sides, face"
    )
    return await db.fetchall(sql, campaign_id, viewer_id, *params)


async def final_between(
    db: Db,
    campaign_id: str,
    viewer_id: str,
    viewer_is_storyteller: bool,
    since: datetime,
    until: datetime,
) -> AsyncIterator[list[dict[str, Any]]]:
    """The final rolls made in [since, until) that the viewer may see (the part of a
    minute a window cuts, or of an hour whose minute rows are purged), as the tallies read
    a roll: in pages of ``EDGE_PAGE`` in time order (a busy hour holds thousands), so that
    the caller can give the event loop back between them."""
    sql = (
        _EDGE + seen_by(viewer_is_storyteller) + " AND created_at >= ? AND created_at < ?"
        " AND (created_at, id) > (?, ?) ORDER BY created_at, id LIMIT ?"
    )
    after: tuple[Any, str] = (since, "")
    while True:
        records = await db.fetchall(sql, campaign_id, viewer_id, since, until, *after, EDGE_PAGE)
        if records:
            yield [dict(zip(_EDGE_NAMES, record[:-1], strict=True)) for record in records]
            last = records[-1]
            after = (last[_EDGE_NAMES.index("created_at")], last[-1])
        if len(records) < EDGE_PAGE:
            return
