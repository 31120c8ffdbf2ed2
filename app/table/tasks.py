"""Long tasks over HTTP: pool the successes of open tests against a target, in periods.

The clock is the game's, not the wall's: it moves by periods as the engine counts them
(``together``: when every participant has rolled once; ``relay``: one roll, one period).
So ``elapsed`` is game time, what the storyteller reads the time limit and the cost per
period against. In ``together`` mode the server also remembers who rolled in the current
period, and refuses a second roll there (the engine only counts the rolls).

Each roll is a test like any other (advantage, disadvantage, help, rerolls). A roll that
cites rerolls stays pending until its player (the storyteller, for a non-player
character) spends or declines them; the task counts it then (``settle``, run by that step
under the campaign's lock) and takes no other roll meanwhile, so the periods keep the
order the rolls were made in.
"""

from __future__ import annotations

from typing import Any

from app.campaigns.ledger import Ledger
from app.campaigns.seats import Seat
from app.characters import repository as characters_repo
from app.characters.service import may_edit
from app.core import idempotency
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict, Forbidden, Unprocessable
from app.core.i18n import campaign_language, msg, plural, translate
from app.core.ids import new_id
from app.core.security import Principal
from app.core.writer import Writer
from app.rolls import steps
from app.rolls.repository import RollRow
from app.rules import DiceSource
from app.rules.threed6_flow import LongTask, add_roll, start_task
from app.table import repository as repo
from app.table import service as flow
from app.table.durations import format_duration, parse_duration
from app.table.schemas import TaskCreate, TaskRollBody

WHAT = msg("task")
MAX_ROLLS = 1000
"""A task without a limit could take rolls forever; past this many it should be rethought."""
_ENGINE = ("successes", "rolls", "periods_elapsed", "rolls_this_period")


def _counts(task: LongTask) -> dict[str, int]:
    """The engine's counters, stored apart from the task's list of rolls."""
    return {name: getattr(task, name) for name in _ENGINE}


def _engine(row: dict[str, Any]) -> LongTask:
    data = row["data"]
    return LongTask(
        target=data["target"],
        period_seconds=data["period_seconds"],
        limit_seconds=data["limit_seconds"],
        mode=data["mode"],
        participants=len(data["participants"]),
        status=row["status"],
        **data["engine"],
    )


def _progress(task: LongTask, data: dict[str, Any]) -> dict[str, Any]:
    together = task.mode == "together" and task.status == "running"
    rolled = set(data["rolled_this_period"])
    return {
        "status": task.status,
        "successes": task.successes,
        "target": task.target,
        "elapsed": format_duration(task.elapsed_seconds),
        "elapsed_seconds": task.elapsed_seconds,
        "periods_elapsed": task.periods_elapsed,
        "periods_left": task.periods_left,
        "max_periods": task.max_periods,
        "rolls": task.rolls,
        "rolls_this_period": task.rolls_this_period,
        "waiting_for": [c for c in data["participants"] if c not in rolled] if together else [],
    }


def answer(row: dict[str, Any]) -> dict[str, Any]:
    data = row["data"]
    limit = data["limit_seconds"]
    return {
        "id": row["id"],
        "campaign_id": row["campaign_id"],
        "name": data["name"],
        "quality": data["quality"],
        "target": data["target"],
        "period": format_duration(data["period_seconds"]),
        "period_seconds": data["period_seconds"],
        "limit": None if limit is None else format_duration(limit),
        "limit_seconds": limit,
        "cost_per_period": data["cost_per_period"],
        "mode": data["mode"],
        "participants": data["participants"],
        "status": row["status"],
        "progress": _progress(_engine(row), data),
        "rolls": data["rolls"],
        "pending_roll": data.get("pending"),
        "created_by": row["created_by"],
        "created_at": rfc3339(row["created_at"]),
        "updated_at": rfc3339(row["updated_at"]),
    }


async def create(
    writer: Writer, principal: Principal, cid: str, body: TaskCreate, key: str | None
) -> tuple[int, bytes]:
    """A storyteller sets a task: target, period, optional limit, mode, participants."""

    async def act(db: Db, seat: Seat, ledger: Ledger) -> tuple[int, dict[str, Any]]:
        limit = None if body.limit is None else parse_duration(body.limit)
        task = start_task(
            body.target, parse_duration(body.period), limit, body.mode, len(body.participants)
        )
        await flow.characters(db, seat, body.participants, "participants", body.quality)
        now = utcnow()
        row: dict[str, Any] = {
            "id": new_id(),
            "campaign_id": seat.campaign.id,
            "status": task.status,
            "data": {
                "name": body.name,
                "quality": body.quality,
                "target": task.target,
                "period_seconds": task.period_seconds,
                "limit_seconds": task.limit_seconds,
                "cost_per_period": body.cost_per_period,
                "mode": task.mode,
                "participants": body.participants,
                "engine": _counts(task),
                "rolled_this_period": [],
                "rolls": [],
            },
            "created_by": seat.user_id,
            "created_at": now,
            "updated_at": now,
        }
        ledger.write(repo.insert("tasks", row))
        result = answer(row)
        flow.record(ledger, seat, "task.updated", result)
        return 201, result

    return await flow.write(
        writer,
        principal,
        cid,
        what=msg("long tasks"),
        digest=idempotency.fingerprint("task", cid, body.model_dump(mode="json")),
        key=key,
        act=act,
    )


async def roll(
    writer: Writer,
    principal: Principal,
    task_id: str,
    body: TaskRollBody,
    override: DiceSource | None,
    key: str | None,
) -> tuple[int, bytes]:
    """One participant's open test for the task, by its owner or a storyteller."""

    async def act(db: Db, seat: Seat, ledger: Ledger) -> tuple[int, dict[str, Any]]:
        row = await flow.locked(db, "tasks", task_id, WHAT)
        data = row["data"]
        quality = _quality(data, body)
        await _may_roll(db, seat, data, body.character_id)
        task = _engine(row)
        if task.status != "running":
            raise Conflict(
                msg("the task is {task_status}: it takes no more rolls", task_status=task.status)
            )
        if task.rolls >= MAX_ROLLS:
            raise Conflict(
                msg(
                    "the task has taken {max_rolls} rolls, the most one task takes",
                    max_rolls=MAX_ROLLS,
                )
            )
        rolled = data["rolled_this_period"]
        if task.mode == "together" and body.character_id in rolled:
            waiting = [c for c in data["participants"] if c not in rolled]
            raise Conflict(
                plural(
                    "character {character_id} already rolled in this period; it ends when "
                    "{waiting} has rolled",
                    "character {character_id} already rolled in this period; it ends when "
                    "{waiting} have rolled",
                    len(waiting),
                    character_id=body.character_id,
                    waiting=", ".join(waiting),
                )
            )
        pending = data.get("pending")
        if pending:
            raise Conflict(
                msg(
                    "roll {roll_id} of {character_id} waits on its rerolls: its player spends or "
                    "declines them first (POST /rolls/{{id}}/reroll or /finalize)",
                    roll_id=pending["roll_id"],
                    character_id=pending["character_id"],
                )
            )
        period = task.periods_elapsed + 1
        note = translate(  # words for the table: in the campaign's language
            "task {task_id} ({name}), period {period}",
            campaign_language(seat.campaign.settings),
            task_id=task_id,
            name=data["name"],
            period=period,
        )
        values = await flow.roll_test(
            db, ledger, seat, body.character_id, quality, note, {"task_id": task_id}, body
        )
        entry = {
            "roll_id": values["id"],
            "character_id": body.character_id,
            "quality": quality,
            "successes": values["result"]["successes"],
            "period": period,
        }
        if values["status"] == "final":
            _count(row, entry)
        else:
            row["data"] = {**data, "pending": {k: v for k, v in entry.items() if k != "successes"}}
            row["updated_at"] = utcnow()
        ledger.write(repo.update("tasks", row))
        result = answer(row)
        flow.record(ledger, seat, "task.updated", result)
        return 201, {"roll": flow.roll_answer(values, seat), "task": result}

    return await flow.write(
        writer,
        principal,
        ("tasks", task_id),
        roles=flow.PLAYING,
        what=WHAT,
        digest=idempotency.fingerprint("task.roll", task_id, body.model_dump(mode="json")),
        key=key,
        override=override,
        act=act,
    )


def _count(row: dict[str, Any], entry: dict[str, Any]) -> None:
    """Pool one final roll's successes into ``row``: the engine's counters, who rolled in
    this period, the list of rolls."""
    data = row["data"]
    task = add_roll(_engine(row), entry["successes"])
    rolled = data["rolled_this_period"]
    row["status"] = task.status
    row["data"] = {
        **data,
        "engine": _counts(task),
        "rolled_this_period": [*rolled, entry["character_id"]] if task.rolls_this_period else [],
        "rolls": [*data["rolls"], entry],
        "pending": None,
    }
    row["updated_at"] = utcnow()


async def settle(ledger: Ledger, seat: Seat, roll: RollRow) -> None:
    """A step just made the task's pending roll final: pool its successes (a
    ``task.updated`` event carries the task)."""
    row = await repo.get(ledger.db, "tasks", roll["state"]["task_id"])
    pending = row["data"].get("pending") if row is not None else None
    if row is None or not pending or pending["roll_id"] != roll["id"]:
        return
    _count(row, {**pending, "successes": roll["result"]["successes"]})
    ledger.write(repo.update("tasks", row))
    flow.record(ledger, seat, "task.updated", answer(row))


def _quality(data: dict[str, Any], body: TaskRollBody) -> str:
    """The task's quality, or the one the roll names when the task leaves it open."""
    fixed: str | None = data["quality"]
    if fixed is None:
        if body.quality is None:
            raise Unprocessable(
                msg(
                    "quality: this task has no quality of its own; name the one the character uses",
                )
            )
        return body.quality
    if body.quality is not None and body.quality != fixed:
        raise Unprocessable(
            msg(
                "quality: this task is a test of {fixed!r}, not {body_quality!r}",
                fixed=fixed,
                body_quality=body.quality,
            )
        )
    return fixed


async def _may_roll(db: Db, seat: Seat, data: dict[str, Any], character_id: str) -> None:
    if character_id not in data["participants"]:
        raise Unprocessable(
            msg(
                "character_id: {character_id} is not a participant of this task",
                character_id=character_id,
            )
        )
    view = await characters_repo.roll_view(db, character_id)
    if view is None or view.campaign_id != seat.campaign.id:
        raise Conflict(
            msg(
                "character {character_id} was deleted: it can no longer roll",
                character_id=character_id,
            )
        )
    if not may_edit(seat, view):
        raise Forbidden(msg("a participant's rolls are made by its owner or a storyteller"))


steps.when_final("task_id", settle)
