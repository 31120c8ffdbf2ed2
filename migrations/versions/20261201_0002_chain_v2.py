"""versioned, blinded chain links

Each seed says from which link seq on it salts the chain (``links_from``). Links written
before stay v1 and verify as before; the current seed of every campaign salts the links
after the campaign's last seq, so its next link is already v2 (nothing is rewritten).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 23:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# The current seed of every campaign salts the links after its last seq.
START_SALTING = (
    "UPDATE campaign_seeds SET links_from = (SELECT c.last_seq + 1 FROM campaigns c"
    " WHERE c.id = campaign_seeds.campaign_id AND c.seed_number = campaign_seeds.number)"
    " WHERE revealed_at IS NULL AND links_from IS NULL"
)


def upgrade() -> None:
    with op.batch_alter_table("campaign_seeds") as batch:
        batch.add_column(sa.Column("links_from", sa.Integer(), nullable=True))
    op.execute(START_SALTING)


def downgrade() -> None:
    with op.batch_alter_table("campaign_seeds") as batch:
        batch.drop_column("links_from")
