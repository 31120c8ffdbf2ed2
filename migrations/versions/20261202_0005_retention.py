"""retention: the idempotency purge's index, a HOT-friendly campaigns table

Idempotency records now expire (``VTT_IDEMPOTENCY_TTL_SECONDS``) and a background task
deletes the oldest first, so ``created_at`` gets an index. On PostgreSQL the campaign row
is updated on every roll (its counters and chain head): a fill factor of 70 leaves room on
each page for the new row version, so the update stays HOT (no index entry, pruned without
a vacuum). SQLite has no fill factor: there that part is a no-op. docs/operations.md.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 00:45:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("idempotency_records", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_idempotency_records_created_at"), ["created_at"], unique=False
        )
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE campaigns SET (fillfactor = 70)")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE campaigns RESET (fillfactor)")
    with op.batch_alter_table("idempotency_records", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_idempotency_records_created_at"))
