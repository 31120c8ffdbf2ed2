"""compact events: a roll event does not store a second copy of its roll's body

While a roll event is its roll's latest state, its ``data`` is NULL and ``roll_seq`` names
the roll (by its seq) whose row holds that very body; readers rebuild the data from the
roll (app/events/repository.py), and the job that gives the roll a new state fills the
previous event's data back in. ``data`` becomes nullable; the partial index holds the
compact events only (one per roll at most), where a new state finds the event to fill.

Events written before stay as they are (full): nothing is rewritten, so the upgrade is
quick however large the table. The downgrade first gives every compact event its data
back, in batches.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 09:00:00
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

import app.core.db

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COMPACT = sa.text("roll_seq IS NOT NULL")
_BATCH = 1000


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.alter_column("data", existing_type=sa.JSON(), nullable=True)
        batch_op.add_column(sa.Column("roll_seq", sa.Integer(), nullable=True))
        batch_op.create_index(
            "ix_events_compact",
            ["campaign_id", "roll_seq"],
            unique=False,
            sqlite_where=_COMPACT,
            postgresql_where=_COMPACT,
        )


# The downgrade gives every compact event its body back first, as the application of this
# revision rebuilds it (app/events/repository.py, ``roll_body``), a batch at a time.
_EVENTS = sa.table(
    "events",
    sa.column("campaign_id", sa.String()),
    sa.column("seq", sa.Integer()),
    sa.column("data", sa.JSON()),
    sa.column("roll_seq", sa.Integer()),
)
_TEXT = ("id", "campaign_id", "ruleset", "kind", "character_id", "user_id", "visibility",
         "note", "status", "hash")  # fmt: skip
_ROLLS = sa.table(
    "rolls",
    *(sa.column(name, sa.String()) for name in _TEXT),
    sa.column("seq", sa.Integer()),
    *(sa.column(name, sa.JSON()) for name in ("dice", "result", "odds", "proof", "state")),
    *(sa.column(name, app.core.db.UTCDateTime()) for name in ("created_at", "updated_at")),
)
_FIELDS = ("id", "campaign_id", "seq", "ruleset", "kind", "character_id", "user_id",
           "visibility", "note", "status", "dice", "result", "odds", "proof")  # fmt: skip


def _body(roll: Any) -> dict[str, Any]:
    body = {name: roll[name] for name in _FIELDS}
    body["effects"] = (roll["state"] or {}).get("effects", [])
    body["created_at"] = app.core.db.rfc3339(roll["created_at"])
    body["updated_at"] = app.core.db.rfc3339(roll["updated_at"])
    body["hash"] = roll["hash"]
    body["redacted"] = False
    return body


def downgrade() -> None:
    bind = op.get_bind()
    e, r = _EVENTS.c, _ROLLS.c
    joined = _EVENTS.join(_ROLLS, sa.and_(r.campaign_id == e.campaign_id, r.seq == e.roll_seq))
    page = (
        sa.select(e.campaign_id.label("event_of"), e.seq.label("event_seq"), *r)
        .select_from(joined)
        .where(e.roll_seq.is_not(None))
        .limit(_BATCH)
    )
    fill = (
        _EVENTS.update()
        .where(e.campaign_id == sa.bindparam("cid"), e.seq == sa.bindparam("s"))
        .values(data=sa.bindparam("body", type_=sa.JSON()), roll_seq=None)
    )
    while rows := bind.execute(page).mappings().all():
        bodies = [
            {"cid": row["event_of"], "s": row["event_seq"], "body": _body(row)} for row in rows
        ]
        bind.execute(fill, bodies)
    lost = bind.execute(sa.text("SELECT COUNT(*) FROM events WHERE data IS NULL")).scalar()
    if lost:
        raise RuntimeError(f"{lost} compact events have lost their roll's row: no body to restore")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_index("ix_events_compact", sqlite_where=_COMPACT, postgresql_where=_COMPACT)
        batch_op.drop_column("roll_seq")
        batch_op.alter_column("data", existing_type=sa.JSON(), nullable=False)
