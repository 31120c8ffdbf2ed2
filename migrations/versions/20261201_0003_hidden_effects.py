"""sheet effects of hidden rolls held until reveal

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 23:20:00
"""

from collections.abc import Sequence

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# No schema change: a hidden roll's held effects ride in its own ``rolls.state``
# (``state["effects"]``, app/characters/held.py), so export and import carry them as they
# are, and the revision only keeps the chain of revisions in order.


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
