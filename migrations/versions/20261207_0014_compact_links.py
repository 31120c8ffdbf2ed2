"""compact links: a compact roll event does not store a second copy of its roll's link,
and the rolls' index by character holds the rolls that have one

A roll event that is its roll's latest state already stores no body (revision 0008); its
``prev_hash`` and ``hash`` are the roll's row's own as well, so they become NULL too and
readers take them from the roll (app/events/repository.py); the job that gives the roll a
new state writes them back with the previous event's data. That is 130 bytes a roll.
``ix_rolls_campaign_character_seq`` leaves out the rolls made without a character: every
query by character names one (``character_id = ?``), which no such roll matches.

The upgrade clears the link of every compact event whose roll's row holds the same link
(any other keeps its own); the downgrade copies the roll's link back into every compact
event that has none.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 02:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BY_CHARACTER = ("ix_rolls_campaign_character_seq", ["campaign_id", "character_id", "seq"])
_WITH_ONE = sa.text("character_id IS NOT NULL")
_ROLL = "FROM rolls r WHERE r.campaign_id = events.campaign_id AND r.seq = events.roll_seq"


def upgrade() -> None:
    op.execute(
        "UPDATE events SET prev_hash = NULL, hash = NULL"
        " WHERE roll_seq IS NOT NULL AND hash IS NOT NULL AND EXISTS"
        f" (SELECT 1 {_ROLL} AND r.hash = events.hash AND r.prev_hash = events.prev_hash)"
    )
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.drop_index(_BY_CHARACTER[0])
        batch_op.create_index(
            *_BY_CHARACTER, unique=False, sqlite_where=_WITH_ONE, postgresql_where=_WITH_ONE
        )


def downgrade() -> None:
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.drop_index(_BY_CHARACTER[0], sqlite_where=_WITH_ONE, postgresql_where=_WITH_ONE)
        batch_op.create_index(*_BY_CHARACTER, unique=False)
    op.execute(
        f"UPDATE events SET prev_hash = (SELECT r.prev_hash {_ROLL}),"
        f" hash = (SELECT r.hash {_ROLL}) WHERE roll_seq IS NOT NULL AND hash IS NULL"
    )
