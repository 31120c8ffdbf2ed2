"""HTTP edge of the table flow: contests, group actions and long tasks (3d6 campaigns).

Writes run as writer jobs in the services (the seat is checked inside them, as for rolls);
reads take a read connection and a member's seat. Every POST takes an ``Idempotency-Key``.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response

from app.campaigns.deps import MemberSeat
from app.core.deps import ReadDb, Reader, Roller
from app.core.jsontext import dumps
from app.core.openapi import AUTH, BODY, ok, problems
from app.core.pagination import Cursor, Limit
from app.core.routing import ApiRoute
from app.rolls import repository as rolls_repo
from app.rolls.routes import IdempotencyKey
from app.rolls.service import to_answer
from app.table import contests, groups, tasks
from app.table import examples as ex
from app.table import service as flow
from app.table.schemas import (
    ContestCreate,
    ContestList,
    ContestRead,
    GroupCreate,
    GroupList,
    GroupRead,
    ResolveBody,
    RoundBody,
    RoundRead,
    TaskCreate,
    TaskList,
    TaskRead,
    TaskRollAnswer,
    TaskRollBody,
)

router = APIRouter(tags=["table flow"], route_class=ApiRoute)

Responses = dict[int | str, dict[str, Any]]


def _created(model: type[Any], example: Any, description: str) -> Responses:
    return {201: {"model": model, **ok(201, example, description)[201]}}


def _page(example: Any) -> Responses:
    return ok(200, {"items": [example], "next_cursor": None}, "One page, newest first.")


def _json(answer: tuple[int, bytes]) -> Response:
    status, body = answer
    return Response(content=body, status_code=status, media_type="application/json")


NOT_3D6 = ("Unprocessable content", "contests are a 3d6 rule; this campaign plays matrix")
READ_ONE = problems(*AUTH, 404, 422)


# --- contests ------------------------------------------------------------------------------


@router.post(
    "/campaigns/{cid}/contests",
    status_code=201,
    summary="Open a contest",
    responses={
        **_created(ContestRead, ex.NEW_CONTEST, "The contest, with no round played yet."),
        **problems(*AUTH, 404, *BODY, s422=NOT_3D6),
    },
)
async def create_contest(
    cid: str,
    body: ContestCreate,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A storyteller opens an opposed action between two characters of the campaign, each
    side testing its own quality (with its own advantage or disadvantage), played to
    ``rounds_to_win`` won rounds (1..3). A contest has no difficulty: the sides oppose."""
    writer = request.app.state.writer
    return _json(await contests.create(writer, principal, cid, body, idempotency_key))


@router.get(
    "/campaigns/{cid}/contests",
    response_model=ContestList,
    summary="List the contests",
    responses={**_page(ex.CONTEST), **READ_ONE},
)
async def list_contests(
    seat: MemberSeat,
    db: ReadDb,
    limit: Limit = 50,
    cursor: Cursor = None,
    status: Literal["running", "tie", "won", "drawn"] | None = None,
) -> Response:
    """The campaign's contests, newest first, for any member; ``?status=`` filters."""
    page = await flow.read_page(db, seat, "contests", limit, cursor, status, contests.answer)
    return _json((200, page))


@router.get(
    "/contests/{contest_id}",
    response_model=ContestRead,
    summary="Read a contest",
    responses={**ok(200, ex.CONTEST, "The contest."), **problems(*AUTH, 404, 422)},
)
async def get_contest(contest_id: str, principal: Reader, db: ReadDb) -> Response:
    """One contest with its rounds (each names its two rolls), for any member."""
    _, row = await flow.read_one(db, principal, "contests", contest_id, contests.WHAT)
    return _json((200, dumps(contests.answer(row))))


@router.post(
    "/contests/{contest_id}/rounds",
    status_code=201,
    summary="Play a contest round",
    responses={
        **_created(RoundRead, ex.PLAYED_ROUND, "The round, both rolls and the contest."),
        **problems(*AUTH, 404, 409, *BODY, s409="the contest is over: it was won"),
    },
)
async def play_round(
    contest_id: str,
    principal: Roller,
    request: Request,
    body: RoundBody | None = None,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """The storyteller plays the next round: the server rolls both sides at once (ordinary
    public rolls of the log, open tests) and the side with more successes wins it. Equal
    successes make a ``tie`` that the storyteller resolves before the next round. A contest
    that is tied, won or drawn answers 409 and rolls nothing.

    A side may cite rerolls for the round (``{"a": {"rerolls": [...]}}``: items or gifts on
    its character's sheet, or storyteller grants). Its roll then stays ``pending``, the
    answer's ``round`` is null and the contest shows ``pending_round``; the storyteller
    spends each reroll on a die (``POST /rolls/{id}/reroll``) or declines the rest
    (``/finalize``), and the round counts when both rolls are final (a ``contest.updated``
    event). Until then the next round answers 409."""
    state = request.app.state
    return _json(
        await contests.play_round(
            state.writer, principal, contest_id, body, state.dice, idempotency_key
        )
    )


@router.post(
    "/contests/{contest_id}/resolve",
    response_model=ContestRead,
    summary="Resolve a tied round",
    responses={
        **ok(200, {**ex.CONTEST, "status": "drawn"}, "The contest after the decision."),
        **problems(*AUTH, 404, 409, *BODY, s409="there is no tie to resolve: the contest is won"),
    },
)
async def resolve_contest(
    contest_id: str,
    body: ResolveBody,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """The storyteller's call on a tie: ``reroll`` (the contest runs again and the next round
    replays the tied one) or ``draw`` (the contest ends without a winner)."""
    writer = request.app.state.writer
    return _json(await contests.resolve(writer, principal, contest_id, body, idempotency_key))


# --- group actions -------------------------------------------------------------------------


@router.post(
    "/campaigns/{cid}/group-rolls",
    status_code=201,
    summary="Roll a group action",
    responses={
        **_created(GroupRead, ex.GROUP, "The group action, its members and their rolls."),
        **problems(*AUTH, 404, *BODY, s422=NOT_3D6),
    },
)
async def create_group_roll(
    cid: str,
    body: GroupCreate,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A storyteller has a group act: every named character rolls the quality (ordinary
    public rolls, open tests); a member succeeds with successes ≥ ``difficulty``, and the
    group succeeds when strictly more than half of its members do (2 of 4 fails)."""
    state = request.app.state
    return _json(
        await groups.create(state.writer, principal, cid, body, state.dice, idempotency_key)
    )


@router.get(
    "/campaigns/{cid}/group-rolls",
    response_model=GroupList,
    summary="List the group actions",
    responses={**_page(ex.GROUP_LISTED), **READ_ONE},
)
async def list_group_rolls(
    seat: MemberSeat, db: ReadDb, limit: Limit = 50, cursor: Cursor = None
) -> Response:
    """Group actions newest first; each names its members' roll ids (read one group action
    for the rolls themselves)."""
    page = await flow.read_page(
        db, seat, "group_rolls", limit, cursor, None, lambda r: groups.answer(r, None)
    )
    return _json((200, page))


@router.get(
    "/group-rolls/{group_id}",
    response_model=GroupRead,
    summary="Read a group action",
    responses={**ok(200, ex.GROUP, "The group action with its rolls."), **READ_ONE},
)
async def get_group_roll(group_id: str, principal: Reader, db: ReadDb) -> Response:
    """One group action with its members' rolls, for any member."""
    seat, row = await flow.read_one(db, principal, "group_rolls", group_id, groups.WHAT)
    ids = [m["roll_id"] for m in row["data"]["members"]]
    stored = await rolls_repo.by_ids(db, ids)
    rolls = [to_answer(r, seat.user_id, seat.is_storyteller) for r in stored]
    return _json((200, dumps(groups.answer(row, rolls))))


# --- long tasks ----------------------------------------------------------------------------


@router.post(
    "/campaigns/{cid}/tasks",
    status_code=201,
    summary="Set a long task",
    responses={
        **_created(TaskRead, ex.NEW_TASK, "The task, not yet worked on."),
        **problems(*AUTH, 404, *BODY, s422=("Validation failed", "body.period: 'P1Y': years …")),
    },
)
async def create_task(
    cid: str,
    body: TaskCreate,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A storyteller sets a long task: the successes to pool (``target``), the game time one
    roll takes (``period``) and an optional time ``limit`` — ISO 8601 durations such as
    ``PT30M``, ``PT1H``, ``P1D`` (no years or months) —, a free-text ``cost_per_period``,
    the ``mode`` (``together``: each participant rolls once per period; ``relay``: one
    roll per period) and the participants. Without a ``quality`` each roll names its own."""
    writer = request.app.state.writer
    return _json(await tasks.create(writer, principal, cid, body, idempotency_key))


@router.get(
    "/campaigns/{cid}/tasks",
    response_model=TaskList,
    summary="List the long tasks",
    responses={**_page(ex.TASK), **READ_ONE},
)
async def list_tasks(
    seat: MemberSeat,
    db: ReadDb,
    limit: Limit = 50,
    cursor: Cursor = None,
    status: Literal["running", "completed", "failed"] | None = None,
) -> Response:
    """The campaign's long tasks, newest first, for any member; ``?status=`` filters."""
    page = await flow.read_page(db, seat, "tasks", limit, cursor, status, tasks.answer)
    return _json((200, page))


@router.get(
    "/tasks/{task_id}",
    response_model=TaskRead,
    summary="Read a long task",
    responses={**ok(200, ex.TASK, "The task and its progress."), **READ_ONE},
)
async def get_task(task_id: str, principal: Reader, db: ReadDb) -> Response:
    """One long task with its progress and its rolls, for any member."""
    _, row = await flow.read_one(db, principal, "tasks", task_id, tasks.WHAT)
    return _json((200, dumps(tasks.answer(row))))


@router.post(
    "/tasks/{task_id}/rolls",
    status_code=201,
    summary="Roll for a long task",
    responses={
        **_created(TaskRollAnswer, ex.TASK_ROLL, "The roll and the task's progress after it."),
        **problems(*AUTH, 404, 409, *BODY, s409="the task is completed: it takes no more rolls"),
    },
)
async def roll_for_task(
    task_id: str,
    body: TaskRollBody,
    principal: Roller,
    request: Request,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """A participant's roll, by its owner or a storyteller: an open test of the task's
    quality (an ordinary public roll) whose successes all count — no partial choice in a
    long task. In ``together`` mode a participant rolls once per period (a second roll
    answers 409); a completed or failed task answers 409. Nothing is rolled on a refusal."""
    state = request.app.state
    return _json(
        await tasks.roll(state.writer, principal, task_id, body, state.dice, idempotency_key)
    )
