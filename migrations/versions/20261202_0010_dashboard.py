"""dashboard: indexes for the roll log's filters and the pending rolls; luck tallies

The log's filters (``user_id``, ``kind``, ``since``/``until``) each get an index led by the
campaign, and the pending rolls a partial one (few rows: the overview reads them without
walking the log). ``roll_tallies`` and ``face_tallies`` hold the luck statistics per
(campaign, roller, character, visibility) and hour, and per minute, kept by the writes that make a roll final
(app/stats/tally.py); the upgrade fills them from the rolls already stored, a page at a
time, with the same contribution rule the application uses.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02 15:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import app.core.db
from app.stats import tally

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PENDING = sa.text("status = 'pending'")


def _key() -> list[sa.Column[object]]:
    return [
        sa.Column("campaign_id", sa.String(length=26), nullable=False),
        sa.Column("user_id", sa.String(length=26), nullable=False),
        sa.Column("character_key", sa.String(length=26), nullable=False),
        sa.Column("visibility", sa.String(length=12), nullable=False),
        sa.Column("span", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("starts_at", app.core.db.UTCDateTime(timezone=True), nullable=False),
    ]


_KEY_NAMES = ["campaign_id", "user_id", "character_key", "visibility", "span", "starts_at"]
_SUMS = ("rolls", "tests", "observed", "expected", "variance", "totals", "total_observed",
         "total_expected", "total_variance")  # fmt: skip
_INTS = ("rolls", "tests", "totals")
_PAGE = 2000


def upgrade() -> None:
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.create_index(
            "ix_rolls_campaign_user_seq", ["campaign_id", "user_id", "seq"], unique=False
        )
        batch_op.create_index(
            "ix_rolls_campaign_kind_seq", ["campaign_id", "kind", "seq"], unique=False
        )
        batch_op.create_index(
            "ix_rolls_campaign_created", ["campaign_id", "created_at"], unique=False
        )
        batch_op.create_index(
            "ix_rolls_pending",
            ["campaign_id", "seq"],
            unique=False,
            sqlite_where=_PENDING,
            postgresql_where=_PENDING,
        )
    roll_tallies = op.create_table(
        "roll_tallies",
        *_key(),
        *(
            sa.Column(name, sa.Integer() if name in _INTS else sa.Float(), nullable=False)
            for name in _SUMS
        ),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaigns.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint(*_KEY_NAMES),
    )
    face_tallies = op.create_table(
        "face_tallies",
        *_key(),
        sa.Column("sides", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("face", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaigns.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint(*_KEY_NAMES, "sides", "face"),
    )
    if roll_tallies is not None and face_tallies is not None:
        _fill(roll_tallies, face_tallies)


_ROLLS = sa.table(
    "rolls",
    *(sa.column(name, sa.String()) for name in
      ("campaign_id", "kind", "character_id", "user_id", "visibility", "status")),
    sa.column("seq", sa.Integer()),
    *(sa.column(name, sa.JSON()) for name in ("result", "odds", "proof")),
    sa.column("created_at", app.core.db.UTCDateTime()),
)  # fmt: skip


def _fill(roll_tallies: sa.Table, face_tallies: sa.Table) -> None:
    """The tallies of the final rolls stored before this revision, campaign by campaign."""
    bind = op.get_bind()
    r = _ROLLS.c
    campaigns = [row[0] for row in bind.execute(sa.select(r.campaign_id).distinct())]
    for campaign_id in campaigns:
        sums = tally.Tallies(campaign_id)
        after = -1
        while True:
            page = (
                sa.select(_ROLLS)
                .where(r.campaign_id == campaign_id, r.seq > after, r.status == "final")
                .order_by(r.seq)
                .limit(_PAGE)
            )
            rows = bind.execute(page).mappings().all()
            for row in rows:
                tally.change(sums, None, row)
            if len(rows) < _PAGE:
                break
            after = rows[-1]["seq"]
        key = _KEY_NAMES[1:]
        totals = [
            {"campaign_id": campaign_id, **dict(zip(key, k, strict=True)),
             **{n: (int(v) if n in _INTS else v) for n, v in zip(_SUMS, values, strict=True)}}
            for k, values in sums.rows.items()
        ]  # fmt: skip
        faces = [
            {"campaign_id": campaign_id, **dict(zip(key, k, strict=True)), "sides": sides,
             "face": face, "n": n}
            for (k, sides, face), n in sums.faces.items()
        ]  # fmt: skip
        if totals:
            op.bulk_insert(roll_tallies, totals)
        if faces:
            op.bulk_insert(face_tallies, faces)


def downgrade() -> None:
    op.drop_table("face_tallies")
    op.drop_table("roll_tallies")
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.drop_index("ix_rolls_pending", sqlite_where=_PENDING, postgresql_where=_PENDING)
        batch_op.drop_index("ix_rolls_campaign_created")
        batch_op.drop_index("ix_rolls_campaign_kind_seq")
        batch_op.drop_index("ix_rolls_campaign_user_seq")
