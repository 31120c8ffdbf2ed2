"""Every query of the rolls feature. A new roll is a row of its job's ledger
(``ROLLS``), written when the ledger closes; a step's update travels the same way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypedDict, cast

from app.core.database import Db, Statement
from app.core.tables import TableSql
from app.rolls.models import Roll


class RollRow(TypedDict):
    """A roll as stored: the whole answer, the engine state, the proof and its link."""

    id: str
    campaign_id: str
    seq: int
    ruleset: str
    kind: str
    character_id: str | None
    user_id: str
    visibility: str
    note: str | None
    status: str
    dice: list[dict[str, Any]]
    result: dict[str, Any]
    odds: dict[str, Any]
    state: dict[str, Any]
    proof: list[dict[str, Any]]
    prev_hash: str
    hash: str
    created_at: datetime
    updated_at: datetime
    acted_by: str | None  # the bot that rolled for ``user_id`` (app/delegations), or None


ROLLS = TableSql(Roll)
_BY_ID = ROLLS.select + " WHERE id = ?"
_STEP = (
    "UPDATE rolls SET dice = ?, result = ?, odds = ?, state = ?, status = ?, proof = ?,"
    " prev_hash = ?, hash = ?, updated_at = ? WHERE id = ?"
)
_REVEAL = "UPDATE rolls SET visibility = ?, prev_hash = ?, hash = ?, updated_at = ? WHERE id = ?"
_LOG = ROLLS.select + " WHERE campaign_id = ?"
# Hidden rolls whose state may hold sheet effects (app/characters/held.py). The LIKE only
# narrows the rows read; the caller checks ``state["effects"]`` itself.
_HOLDING = (
    "SELECT character_id, visibility, user_id, state FROM rolls WHERE campaign_id = ?"
    " AND visibility <> 'public' AND character_id IS NOT NULL"
    " AND CAST(state AS TEXT) LIKE '%\"effects\"%'"
)
# The rule of app/rolls/visibility.py as SQL, for storytellers and for everyone else.
_SEEN_BY_STORYTELLER = " AND (visibility IN ('public', 'storyteller', 'blind') OR user_id = ?)"
_SEEN_BY_OTHERS = (
    " AND (visibility = 'public' OR (visibility IN ('storyteller', 'private') AND user_id = ?))"
)

_STATUS = {"pending": " AND status = 'pending'", "final": " AND status = 'final'"}


def seen_by(viewer_is_storyteller: bool) -> str:
    """The visibility rule's SQL condition (`` AND …``, one parameter: the viewer's id)
    over a table with the rolls' ``visibility`` and ``user_id`` columns: the log's, and the
    stats tallies' (app/stats), so no read path has a copy of its own."""
    return _SEEN_BY_STORYTELLER if viewer_is_storyteller else _SEEN_BY_OTHERS


@dataclass(frozen=True, slots=True)
class RollFilter:
    """What a reader of the log may narrow it to (each None: no narrowing). ``since`` is
    inclusive and ``until`` exclusive, on ``created_at``."""

    character_id: str | None = None
    user_id: str | None = None
    status: str | None = None
    kind: str | None = None
    since: datetime | None = None
    until: datetime | None = None

    def sql(self) -> tuple[str, list[Any]]:
        """`` AND …`` conditions and their parameters, each backed by an index of the
        rolls table (app/rolls/models.py)."""
        # The status is written in, not bound: a planner uses the partial index of pending
        # rolls only for a condition it can read (the value is one of two constants).
        sql, params = _STATUS[self.status] if self.status else "", list[Any]()
        for column, value in (
            ("character_id = ?", self.character_id),
            ("user_id = ?", self.user_id),
            ("kind = ?", self.kind),
            ("created_at >= ?", self.since),
            ("created_at < ?", self.until),
        ):
            if value is not None:
                sql, params = f"{sql} AND {column}", [*params, value]
        return sql, params


def _row(record: Sequence[Any]) -> RollRow:
    return cast(RollRow, ROLLS.row(record))


async def get(db: Db, roll_id: str) -> RollRow | None:
    record = await db.fetchone(_BY_ID, roll_id)
    return None if record is None else _row(record)


def unchanged(roll: RollRow) -> Statement:
    """A ledger guard: the roll is still at the state it was read in (each state of a
    roll has its own link hash)."""
    return "EXISTS (SELECT 1 FROM rolls WHERE id = ? AND hash = ?)", (roll["id"], roll["hash"])


def save_step(v: RollRow) -> Statement:
    """The roll's new state, for its job's ledger."""
    params = (v["dice"], v["result"], v["odds"], v["state"], v["status"], v["proof"],
              v["prev_hash"], v["hash"], v["updated_at"], v["id"])  # fmt: skip
    return _STEP, params


def save_reveal(v: RollRow) -> Statement:
    """A revealed roll: public now, at its new link."""
    return _REVEAL, (v["visibility"], v["prev_hash"], v["hash"], v["updated_at"], v["id"])


async def holding_effects(
    db: Db, campaign_id: str, character_id: str | None
) -> list[tuple[str, str, str, Any]]:
    """(character_id, visibility, user_id, state) of the campaign's hidden rolls that may
    hold sheet effects, by character and oldest first within each; of one character's
    only, if given. That order is the partial index's (``ix_rolls_hidden``): ordered by seq
    alone, a planner walks the whole log by its seq index instead."""
    sql, params = _HOLDING, [campaign_id]
    if character_id is not None:
        sql, params = sql + " AND character_id = ?", [campaign_id, character_id]
    records = await db.fetchall(sql + " ORDER BY character_id, seq", *params)
    return [(r[0], r[1], r[2], r[3]) for r in records]


async def log(
    db: Db,
    campaign_id: str,
    viewer_id: str,
    viewer_is_storyteller: bool,
    limit: int,
    before_seq: int | None,
    where: RollFilter = RollFilter(),
) -> list[RollRow]:
    """The rolls the viewer may see, newest first, narrowed by ``where``."""
    narrow, narrowed = where.sql()
    sql = _LOG + seen_by(viewer_is_storyteller) + narrow
    params: list[Any] = [campaign_id, viewer_id, *narrowed]
    if before_seq is not None:
        sql, params = sql + " AND seq < ?", [*params, before_seq]
    records = await db.fetchall(sql + " ORDER BY seq DESC LIMIT ?", *params, limit)
    return [_row(r) for r in records]


async def by_ids(db: Db, roll_ids: Sequence[str]) -> list[RollRow]:
    """The stored rolls of ``roll_ids``, in that order (missing ones left out)."""
    if not roll_ids:
        return []
    marks = ", ".join("?" for _ in roll_ids)
    # Only "?" marks are formatted in; the ids travel as parameters.
    records = await db.fetchall(f"{ROLLS.select} WHERE id IN ({marks})", *roll_ids)
    found = {r["id"]: r for r in map(_row, records)}
    return [found[i] for i in roll_ids if i in found]
