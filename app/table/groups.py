"""Group actions over HTTP: every named character rolls the same quality at once.

Each member's test is an ordinary public roll of the log, rolled open (no difficulty):
the group's difficulty judges it here, so a member's partial success never leaves a roll
pending on a choice that a group action does not have (docs/rules.md: a member succeeds with
successes ≥ difficulty). The group succeeds on a strict majority.

Each member's roll is a test like any other: its own advantage, disadvantage, help and
rerolls. A member whose roll cites rerolls leaves the group action ``pending`` until that
roll's player (the storyteller, for a non-player character) spends or declines them; each
member's roll that becomes final is counted then (``settle``, run by the step under the
campaign's lock), and the group is judged once every member's roll is final.
"""

from __future__ import annotations

from typing import Any

from app.campaigns.ledger import Ledger
from app.campaigns.seats import Seat
from app.core import idempotency
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Unprocessable
from app.core.i18n import campaign_language, msg, translate
from app.core.ids import new_id
from app.core.security import Principal
from app.core.writer import Writer
from app.rolls import steps
from app.rolls.repository import RollRow
from app.rules import DiceSource, threed6
from app.rules.threed6_flow import group_result
from app.table import repository as repo
from app.table import service as flow
from app.table.schemas import GroupCreate

WHAT = msg("group action")


def answer(row: dict[str, Any], rolls: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The group action, with its members' rolls as the viewer may see them (``None``:
    without, as in its events, since every roll has its own ``roll.created``)."""
    result = {"id": row["id"], "campaign_id": row["campaign_id"], "status": row["status"]}
    result.update(row["data"])
    if rolls is not None:
        result["rolls"] = rolls
    result["created_by"] = row["created_by"]
    result["created_at"] = rfc3339(row["created_at"])
    return result


def _member(character_id: str, roll: RollRow) -> dict[str, Any]:
    """A member as the group holds it; ``success`` is judged once its roll is final."""
    return {
        "character_id": character_id,
        "roll_id": roll["id"],
        "successes": roll["result"]["successes"],
        "final": roll["status"] == "final",
    }


def _judge(row: dict[str, Any], members: list[dict[str, Any]]) -> None:
    """The group's state into ``row`` from its members: each final member's success, and
    the group's result once none is pending (``succeeded`` counts the final ones so far)."""
    difficulty = row["data"]["difficulty"]
    judged = group_result([m["successes"] for m in members], difficulty)
    shown = [
        {**{k: m[k] for k in ("character_id", "roll_id", "successes")},
         "success": ok if m["final"] else None}
        for m, ok in zip(members, judged.members, strict=True)
    ]  # fmt: skip
    done = all(m["final"] for m in members)
    row["status"] = ("succeeded" if judged.success else "failed") if done else "pending"
    row["data"] = {
        **row["data"],
        "members": shown,
        "participants": len(members),
        "succeeded": sum(1 for m in shown if m["success"]),
        "success": judged.success if done else None,
    }


async def create(
    writer: Writer,
    principal: Principal,
    cid: str,
    body: GroupCreate,
    override: DiceSource | None,
    key: str | None,
) -> tuple[int, bytes]:
    """A storyteller has the group roll: one open test each, judged against one difficulty."""
    members = body.participants()
    ids = [m.character_id for m in members]
    field = "members" if body.members is not None else "character_ids"

    async def act(db: Db, seat: Seat, ledger: Ledger) -> tuple[int, dict[str, Any]]:
        difficulty = threed6.parse_difficulty(body.difficulty)
        if difficulty is None:  # never: the schema requires a difficulty
            raise Unprocessable(msg("difficulty: a group action needs one (1..4 or a level name)"))
        await flow.characters(db, seat, ids, field, body.quality)
        group_id = new_id()
        note = translate(  # words for the table: in the campaign's language
            "group action {group_id}: {quality} against difficulty {difficulty}",
            campaign_language(seat.campaign.settings),
            group_id=group_id,
            quality=body.quality,
            difficulty=difficulty,
        )
        rolls = []
        link = {"group_id": group_id}
        for i, member in enumerate(members):
            where = f"{field}[{i}]." if body.members is not None else ""
            rolled = await flow.roll_test(
                db, ledger, seat, member.character_id, body.quality, note, link, member, field=where
            )
            rolls.append(rolled)
        now = utcnow()
        row: dict[str, Any] = {
            "id": group_id,
            "campaign_id": seat.campaign.id,
            "status": "pending",
            "data": {"quality": body.quality, "difficulty": difficulty},
            "created_by": seat.user_id,
            "created_at": now,
            "updated_at": now,
        }
        _judge(row, [_member(c, r) for c, r in zip(ids, rolls, strict=True)])
        ledger.write(repo.insert("group_rolls", row))
        flow.record(ledger, seat, "group.rolled", answer(row, None))
        return 201, answer(row, [flow.roll_answer(r, seat) for r in rolls])

    return await flow.write(
        writer,
        principal,
        cid,
        what=msg("group actions"),
        digest=idempotency.fingerprint("group", cid, body.model_dump(mode="json")),
        key=key,
        override=override,
        act=act,
    )


async def settle(ledger: Ledger, seat: Seat, roll: RollRow) -> None:
    """A step just made a member's roll final: count it, and judge the group once no
    member's roll is pending (a ``group.updated`` event carries the group action)."""
    row = await repo.get(ledger.db, "group_rolls", roll["state"]["group_id"])
    if row is None or row["status"] != "pending":
        return
    members = [{**m, "final": m["success"] is not None} for m in row["data"]["members"]]
    for member in members:
        if member["roll_id"] == roll["id"]:
            member["successes"], member["final"] = roll["result"]["successes"], True
    _judge(row, members)
    row["updated_at"] = utcnow()
    ledger.write(repo.update("group_rolls", row))
    flow.record(ledger, seat, "group.updated", answer(row, None))


steps.when_final("group_id", settle)
