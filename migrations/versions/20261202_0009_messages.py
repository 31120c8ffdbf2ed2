"""messages: the table chat (public messages and whispers) and who may read a whisper

A message is a row of ``messages`` (its text, NULL once deleted, with who deleted it and
when); a whisper's readers (its sender and recipients) are rows of ``message_readers``, so
lists filter in SQL. Events get ``audience``: the readers of a whisper's events, NULL for
every other event, so every reader of events applies the same rule.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import app.core.db

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "messages",
        sa.Column("id", sa.String(length=26), nullable=False),
        sa.Column("campaign_id", sa.String(length=26), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(length=26), nullable=False),
        sa.Column("character_id", sa.String(length=26), nullable=True),
        sa.Column("in_character", sa.Boolean(), nullable=False),
        sa.Column("recipients", sa.JSON(), nullable=True),
        sa.Column("visibility", sa.String(length=12), nullable=False),
        sa.Column("text", sa.String(length=2000), nullable=True),
        sa.Column("idempotency_key", sa.String(length=200), nullable=True),
        sa.Column("created_at", app.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("deleted_by", sa.String(length=26), nullable=True),
        sa.Column("deleted_at", app.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_messages_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_messages")),
        sa.UniqueConstraint("campaign_id", "seq", name=op.f("uq_messages_campaign_id")),
    )
    op.create_table(
        "message_readers",
        sa.Column("message_id", sa.String(length=26), nullable=False),
        sa.Column("user_id", sa.String(length=26), nullable=False),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["messages.id"],
            name=op.f("fk_message_readers_message_id_messages"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("message_id", "user_id", name=op.f("pk_message_readers")),
    )
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("audience", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("audience")
    op.drop_table("message_readers")
    op.drop_table("messages")
