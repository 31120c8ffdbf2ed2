"""Group actions over HTTP: every named character rolls the same quality at once.

Each member's test is an ordinary public roll of the log, rolled open (no difficulty):
the group's difficulty judges it here, so a member's partial success never leaves a roll
pending on a choice that a group action does not have (docs/rules.md: a member succeeds with
successes ≥ difficulty). The group succeeds on a strict majority.
"""

from __future__ import annotations

from typing import Any

from app.campaigns.ledger import Ledger
from app.campaigns.seats import Seat
from app.core import idempotency
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Unprocessable
from app.core.ids import new_id
from app.core.security import Principal
from app.core.writer import Writer
from app.rules import DiceSource, threed6
from app.rules.threed6_flow import group_result
from app.table import repository as repo
from app.table import service as flow
from app.table.schemas import GroupCreate

WHAT = "group action"


def answer(row: dict[str, Any], rolls: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The group action, with its members' rolls as the viewer may see them (``None``:
    without, as in its event, since every roll has its own ``roll.created``)."""
    result = {"id": row["id"], "campaign_id": row["campaign_id"], **row["data"]}
    if rolls is not None:
        result["rolls"] = rolls
    result["created_by"] = row["created_by"]
    result["created_at"] = rfc3339(row["created_at"])
    return result


async def create(
    writer: Writer,
    principal: Principal,
    cid: str,
    body: GroupCreate,
    override: DiceSource | None,
    key: str | None,
) -> tuple[int, bytes]:
    """A storyteller has the group roll: one open test each, judged against one difficulty."""

    async def act(db: Db, seat: Seat, ledger: Ledger) -> tuple[int, dict[str, Any]]:
        difficulty = threed6.parse_difficulty(body.difficulty)
        if difficulty is None:  # never: the schema requires a difficulty
            raise Unprocessable("difficulty: a group action needs one (1..4 or a level name)")
        await flow.characters(db, seat, body.character_ids, "character_ids", body.quality)
        group_id = new_id()
        note = f"group action {group_id}: {body.quality} against difficulty {difficulty}"
        rolls = [
            await flow.roll_test(db, ledger, seat, character_id, body.quality, note)
            for character_id in body.character_ids
        ]
        result = group_result([r["result"]["successes"] for r in rolls], difficulty)
        members = [
            {
                "character_id": character_id,
                "roll_id": roll["id"],
                "successes": successes,
                "success": success,
            }
            for character_id, roll, successes, success in zip(
                body.character_ids, rolls, result.successes, result.members, strict=True
            )
        ]
        now = utcnow()
        row: dict[str, Any] = {
            "id": group_id,
            "campaign_id": seat.campaign.id,
            "status": "succeeded" if result.success else "failed",
            "data": {
                "quality": body.quality,
                "difficulty": difficulty,
                "members": members,
                "participants": len(members),
                "succeeded": result.succeeded,
                "success": result.success,
            },
            "created_by": seat.user_id,
            "created_at": now,
            "updated_at": now,
        }
        ledger.write(repo.insert("group_rolls", row))
        flow.record(ledger, seat, "group.rolled", answer(row, None))
        return 201, answer(row, [flow.roll_answer(r, seat) for r in rolls])

    return await flow.write(
        writer,
        principal,
        cid,
        what="group actions",
        digest=idempotency.fingerprint("group", cid, body.model_dump(mode="json")),
        key=key,
        override=override,
        act=act,
    )
