"""minute tally retention: an index of the minute tallies by age

The luck tallies' minute rows are kept for ``VTT_STATS_MINUTE_TALLY_DAYS`` (7 days), then
purged in the background (app/stats/retention.py); these partial indexes (the minute rows
alone, by ``starts_at``) make each purge batch an index range scan. The hour rows stay for
the campaign's life and are not in them.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06 22:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import app.core.db

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_MINUTES = sa.text("span = 1")
_INDEXES = {"roll_tallies": "ix_roll_tallies_minutes", "face_tallies": "ix_face_tallies_minutes"}


def upgrade() -> None:
    op.create_table(
        "minute_tally_floor",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("floor", app.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_minute_tally_floor")),
    )
    for table, name in _INDEXES.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.create_index(
                name, ["starts_at"], unique=False, sqlite_where=_MINUTES, postgresql_where=_MINUTES
            )


def downgrade() -> None:
    for table, name in _INDEXES.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(name, sqlite_where=_MINUTES, postgresql_where=_MINUTES)
    op.drop_table("minute_tally_floor")
