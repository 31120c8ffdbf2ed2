"""delegations: bots with consent, and who made a roll for its player

A player lets a bot account act for some of their characters: a row of ``delegations``
(the player, the bot, the scopes, and ``revoked_at``/``revoked_by`` once it ends) and one
row of ``delegation_characters`` per character, deleted with the character. A roll gets
``acted_by``: the bot that made it for its roller, NULL for every roll made before.

A roll event's body now holds ``acted_by`` (app/events/repository.py, ``roll_body``), and a
compact event is rebuilt from its roll's row: the downgrade first gives every compact event
its body as this revision reads it, ``acted_by`` included, in batches (as 0008's does), so
no event reads differently once the column is gone.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03 09:00:00
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

import app.core.db

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "delegations",
        sa.Column("id", sa.String(length=26), nullable=False),
        sa.Column("campaign_id", sa.String(length=26), nullable=False),
        sa.Column("user_id", sa.String(length=26), nullable=False),
        sa.Column("bot_user_id", sa.String(length=26), nullable=False),
        sa.Column("scopes", sa.JSON(), nullable=False),
        sa.Column("created_at", app.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", app.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("revoked_by", sa.String(length=26), nullable=True),
        sa.ForeignKeyConstraint(
            ["bot_user_id"],
            ["users.id"],
            name=op.f("fk_delegations_bot_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_delegations_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_delegations_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_delegations")),
    )
    with op.batch_alter_table("delegations", schema=None) as batch_op:
        batch_op.create_index(
            "ix_delegations_campaign_bot", ["campaign_id", "bot_user_id"], unique=False
        )
    op.create_table(
        "delegation_characters",
        sa.Column("delegation_id", sa.String(length=26), nullable=False),
        sa.Column("character_id", sa.String(length=26), nullable=False),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["characters.id"],
            name=op.f("fk_delegation_characters_character_id_characters"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["delegation_id"],
            ["delegations.id"],
            name=op.f("fk_delegation_characters_delegation_id_delegations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "delegation_id", "character_id", name=op.f("pk_delegation_characters")
        ),
    )
    with op.batch_alter_table("delegation_characters", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_delegation_characters_character_id"), ["character_id"], unique=False
        )
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.add_column(sa.Column("acted_by", sa.String(length=26), nullable=True))


_BATCH = 1000
_EVENTS = sa.table(
    "events",
    sa.column("campaign_id", sa.String()),
    sa.column("seq", sa.Integer()),
    sa.column("data", sa.JSON()),
    sa.column("roll_seq", sa.Integer()),
)
_TEXT = ("id", "campaign_id", "ruleset", "kind", "character_id", "user_id", "acted_by",
         "visibility", "note", "status", "hash")  # fmt: skip
_ROLLS = sa.table(
    "rolls",
    *(sa.column(name, sa.String()) for name in _TEXT),
    sa.column("seq", sa.Integer()),
    *(sa.column(name, sa.JSON()) for name in ("dice", "result", "odds", "proof", "state")),
    *(sa.column(name, app.core.db.UTCDateTime()) for name in ("created_at", "updated_at")),
)
_FIELDS = ("id", "campaign_id", "seq", "ruleset", "kind", "character_id", "user_id",
           "acted_by", "visibility", "note", "status", "dice", "result", "odds", "proof")  # fmt: skip


def _body(roll: Any) -> dict[str, Any]:
    body = {name: roll[name] for name in _FIELDS}
    body["effects"] = (roll["state"] or {}).get("effects", [])
    body["created_at"] = app.core.db.rfc3339(roll["created_at"])
    body["updated_at"] = app.core.db.rfc3339(roll["updated_at"])
    body["hash"] = roll["hash"]
    body["redacted"] = False
    return body


def _fill_compact_events() -> None:
    bind = op.get_bind()
    e, r = _EVENTS.c, _ROLLS.c
    joined = _EVENTS.join(_ROLLS, sa.and_(r.campaign_id == e.campaign_id, r.seq == e.roll_seq))
    page = (
        sa.select(e.campaign_id.label("event_of"), e.seq.label("event_seq"), *r)
        .select_from(joined)
        .where(e.roll_seq.is_not(None))
        .limit(_BATCH)
    )
    fill = (
        _EVENTS.update()
        .where(e.campaign_id == sa.bindparam("cid"), e.seq == sa.bindparam("s"))
        .values(data=sa.bindparam("body", type_=sa.JSON()), roll_seq=None)
    )
    while rows := bind.execute(page).mappings().all():
        bodies = [
            {"cid": row["event_of"], "s": row["event_seq"], "body": _body(row)} for row in rows
        ]
        bind.execute(fill, bodies)


def downgrade() -> None:
    _fill_compact_events()
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.drop_column("acted_by")
    with op.batch_alter_table("delegation_characters", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_delegation_characters_character_id"))
    op.drop_table("delegation_characters")
    with op.batch_alter_table("delegations", schema=None) as batch_op:
        batch_op.drop_index("ix_delegations_campaign_bot")
    op.drop_table("delegations")
