"""grants: storyteller rerolls granted before a roll

A storyteller may grant a character a reroll for a clever idea ahead of its roll; the
character's player then cites it on a 3d6 test, which uses it up (docs/rules.md). One row
per grant: ``open`` until a roll uses it, then ``used`` with that roll's id.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 07:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import app.core.db

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "grants",
        sa.Column("id", sa.String(length=26), nullable=False),
        sa.Column("campaign_id", sa.String(length=26), nullable=False),
        sa.Column("character_id", sa.String(length=26), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=True),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("granted_by", sa.String(length=26), nullable=False),
        sa.Column("roll_id", sa.String(length=26), nullable=True),
        sa.Column("created_at", app.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", app.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_grants_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_grants")),
    )
    with op.batch_alter_table("grants", schema=None) as batch_op:
        batch_op.create_index(
            "ix_grants_campaign_character_status",
            ["campaign_id", "character_id", "status"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("grants", schema=None) as batch_op:
        batch_op.drop_index("ix_grants_campaign_character_status")
    op.drop_table("grants")
