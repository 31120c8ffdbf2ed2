"""token revocation and login throttling

Tickets remember the credential they were issued with, so a socket opened with one is
closed when that credential is revoked. Login failures are no longer counted per username
in the database (a stranger could lock the owner out): they are counted per (username,
address) and per address by the ``limits`` library (app/accounts/throttle.py), so the old
table goes. Logout deletes token rows; no table of revoked tokens is needed.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 23:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import app.core.db

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("ws_tickets", schema=None) as batch_op:
        batch_op.add_column(sa.Column("credential_hash", sa.String(length=64), nullable=True))
    op.drop_table("login_throttle")


def downgrade() -> None:
    op.create_table(
        "login_throttle",
        sa.Column("username", sa.String(length=40), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("locked_until", app.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("updated_at", app.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("username", name=op.f("pk_login_throttle")),
    )
    with op.batch_alter_table("ws_tickets", schema=None) as batch_op:
        batch_op.drop_column("credential_hash")
