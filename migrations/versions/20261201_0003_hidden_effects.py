"""sheet effects of hidden rolls held until reveal

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 23:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# A hidden roll's held effects ride in its own ``rolls.state`` (``state["effects"]``,
# app/characters/held.py), so export and import carry them as they are. Every character
# read looks them up among the campaign's hidden rolls: a partial index keeps that lookup
# off the public log, however long it grows.
_HIDDEN = sa.text("visibility <> 'public'")


def upgrade() -> None:
    op.create_index(
        "ix_rolls_hidden",
        "rolls",
        ["campaign_id", "character_id", "seq"],
        sqlite_where=_HIDDEN,
        postgresql_where=_HIDDEN,
    )


def downgrade() -> None:
    op.drop_index("ix_rolls_hidden", table_name="rolls")
