"""roll requests: the roll requests a storyteller addresses to characters, and their answers

A request is a row of ``roll_requests`` (its terms, visibility, deadline and latest link of
the hash chain) and one row of ``roll_request_targets`` per addressed character (waiting,
rolled with the answering roll's id, expired or cancelled). The expiry sweep looks up the
open requests that have a deadline: a partial index keeps that lookup off the others.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 07:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import app.core.db

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OPEN_WITH_DEADLINE = sa.text("status = 'open' AND expires_at IS NOT NULL")


def upgrade() -> None:
    op.create_table(
        "roll_requests",
        sa.Column("id", sa.String(length=26), nullable=False),
        sa.Column("campaign_id", sa.String(length=26), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(length=10), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("trait", sa.String(length=40), nullable=False),
        sa.Column("terms", sa.JSON(), nullable=False),
        sa.Column("visibility", sa.String(length=12), nullable=False),
        sa.Column("note", sa.String(length=500), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("expires_at", app.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("created_by", sa.String(length=26), nullable=False),
        sa.Column("cancelled_by", sa.String(length=26), nullable=True),
        sa.Column("cancelled_at", app.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("prev_hash", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", app.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", app.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_roll_requests_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_roll_requests")),
    )
    with op.batch_alter_table("roll_requests", schema=None) as batch_op:
        batch_op.create_index(
            "ix_roll_requests_campaign_id_id", ["campaign_id", "id"], unique=False
        )
    op.create_index(
        "ix_roll_requests_due",
        "roll_requests",
        ["expires_at"],
        sqlite_where=_OPEN_WITH_DEADLINE,
        postgresql_where=_OPEN_WITH_DEADLINE,
    )
    op.create_table(
        "roll_request_targets",
        sa.Column("request_id", sa.String(length=26), nullable=False),
        sa.Column("character_id", sa.String(length=26), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("roll_id", sa.String(length=26), nullable=True),
        sa.Column("at", app.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["request_id"],
            ["roll_requests.id"],
            name=op.f("fk_roll_request_targets_request_id_roll_requests"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("request_id", "character_id", name=op.f("pk_roll_request_targets")),
    )


def downgrade() -> None:
    op.drop_table("roll_request_targets")
    op.drop_index("ix_roll_requests_due", table_name="roll_requests")
    with op.batch_alter_table("roll_requests", schema=None) as batch_op:
        batch_op.drop_index("ix_roll_requests_campaign_id_id")
    op.drop_table("roll_requests")
