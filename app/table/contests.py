"""Contests (opposed actions) over HTTP: create, play a round, resolve a tie.

The storyteller plays every round: the server rolls both sides at once, as ordinary
public rolls of the log, so neither side can wait to see the other's dice. Each side's
roll is a test like any other (docs/rules.md): the side's advantage or disadvantage, and
for the round its help and the rerolls it cites. The round then waits as
``pending_round`` while each roll's player (the storyteller, for a non-player character)
spends or declines the rerolls on the roll itself (``/rolls/{id}/reroll``, ``/finalize``),
and counts the moment the second roll is final (``settle``, which the step runs under the
campaign's lock: it is registered with ``app.rolls.steps.when_final``).
"""

from __future__ import annotations

from typing import Any

from app.campaigns.ledger import Ledger
from app.campaigns.seats import Seat
from app.characters import repository as characters_repo
from app.core import idempotency
from app.core.database import Db
from app.core.db import rfc3339, utcnow
from app.core.errors import Conflict, Unprocessable
from app.core.i18n import msg
from app.core.ids import new_id
from app.core.security import Principal
from app.core.writer import Writer
from app.rolls import repository as rolls_repo
from app.rolls import steps
from app.rolls.repository import RollRow
from app.rules import DiceSource
from app.rules.threed6_flow import Contest, ContestRound, record_round, resolve_tie, start_contest
from app.table import repository as repo
from app.table import service as flow
from app.table.schemas import ContestCreate, ContestSide, ResolveBody, RoundBody, RoundSide

WHAT = msg("contest")
MAX_ROUNDS = 50
"""Ties can repeat a round; past this many rounds the table should call it a draw."""


def answer(row: dict[str, Any]) -> dict[str, Any]:
    data = row["data"]
    winner = data["winner"]
    return {
        "id": row["id"],
        "campaign_id": row["campaign_id"],
        "status": row["status"],
        "winner": winner,
        "winner_character_id": data[winner]["character_id"] if winner else None,
        "rounds_to_win": data["rounds_to_win"],
        "wins_a": data["wins_a"],
        "wins_b": data["wins_b"],
        "a": data["a"],
        "b": data["b"],
        "rounds": data["rounds"],
        "pending_round": data.get("pending"),
        "created_by": row["created_by"],
        "created_at": rfc3339(row["created_at"]),
        "updated_at": rfc3339(row["updated_at"]),
    }


def _engine(row: dict[str, Any]) -> Contest:
    data = row["data"]
    rounds = tuple(
        ContestRound(r["successes_a"], r["successes_b"], r["winner"]) for r in data["rounds"]
    )
    return Contest(data["rounds_to_win"], rounds, row["status"], data["winner"])


def _store(row: dict[str, Any], contest: Contest, rounds: list[dict[str, Any]]) -> None:
    """The engine's new state into ``row`` (``rounds`` carries the roll ids besides)."""
    row["status"] = contest.status
    row["data"] = {
        **row["data"],
        "rounds": rounds,
        "winner": contest.winner,
        "wins_a": contest.wins_a,
        "wins_b": contest.wins_b,
    }
    row["updated_at"] = utcnow()


async def create(
    writer: Writer, principal: Principal, cid: str, body: ContestCreate, key: str | None
) -> tuple[int, bytes]:
    """A storyteller opens a contest between two characters of the campaign."""
    sides = body.model_dump(include={"a", "b"})

    async def act(db: Db, seat: Seat, ledger: Ledger) -> tuple[int, dict[str, Any]]:
        if body.a.character_id == body.b.character_id:
            raise Unprocessable(msg("b.character_id: a character cannot contest itself"))
        for side in ("a", "b"):
            spec: ContestSide = getattr(body, side)
            await flow.character(db, seat, spec.character_id, f"{side}.character_id", spec.quality)
        contest = start_contest(body.rounds_to_win)
        now = utcnow()
        row: dict[str, Any] = {
            "id": new_id(),
            "campaign_id": seat.campaign.id,
            "status": contest.status,
            "data": {**sides, "rounds_to_win": contest.rounds_to_win, "rounds": []},
            "created_by": seat.user_id,
            "created_at": now,
            "updated_at": now,
        }
        _store(row, contest, [])
        ledger.write(repo.insert("contests", row))
        result = answer(row)
        flow.record(ledger, seat, "contest.updated", result)
        return 201, result

    return await flow.write(
        writer,
        principal,
        cid,
        what=msg("contests"),
        digest=idempotency.fingerprint("contest", cid, body.model_dump(mode="json")),
        key=key,
        act=act,
    )


async def play_round(
    writer: Writer,
    principal: Principal,
    contest_id: str,
    body: RoundBody | None,
    override: DiceSource | None,
    key: str | None,
) -> tuple[int, bytes]:
    """Roll both sides of the next round and record who won it, or leave the round
    pending while a side's roll holds the rerolls it cited (its player spends them)."""
    cited = body or RoundBody()

    async def act(db: Db, seat: Seat, ledger: Ledger) -> tuple[int, dict[str, Any]]:
        row = await flow.locked(db, "contests", contest_id, WHAT)
        contest = _engine(row)
        _require_running(contest, contest_id)
        pending = row["data"].get("pending")
        if pending:
            raise Conflict(
                msg(
                    "round {pending} waits on its rolls' rerolls: their players spend or decline "
                    "them first (POST /rolls/{{id}}/reroll or /finalize)",
                    pending=pending["number"],
                )
            )
        if len(contest.rounds) >= MAX_ROUNDS:
            raise Conflict(
                msg(
                    "the contest has played {max_rounds} rounds: call it a draw",
                    max_rounds=MAX_ROUNDS,
                )
            )
        number = len(contest.rounds) + 1
        rolls = []
        for side in ("a", "b"):
            spec = row["data"][side]
            await _still_there(db, seat, spec["character_id"], side)
            mods: RoundSide = getattr(cited, side)
            if mods.helper_id == row["data"]["b" if side == "a" else "a"]["character_id"]:
                raise Unprocessable(
                    msg("{side}.helper_id: a side's opponent cannot help it", side=side)
                )
            rolled = await flow.roll_test(
                db,
                ledger,
                seat,
                spec["character_id"],
                spec["quality"],
                f"contest {contest_id}, round {number}, side {side}",
                {"contest_id": contest_id},
                mods,
                field=f"{side}.",
                advantage=spec["advantage"],
                disadvantage=spec["disadvantage"],
            )
            rolls.append(rolled)
        ids = {"roll_a": rolls[0]["id"], "roll_b": rolls[1]["id"]}
        played: dict[str, Any] | None = None
        if all(r["status"] == "final" for r in rolls):
            played = _count_round(row, contest, number, rolls[0], rolls[1], ids)
        else:
            row["data"] = {**row["data"], "pending": {"number": number, **ids}}
            row["updated_at"] = utcnow()
        ledger.write(repo.update("contests", row))
        result = answer(row)
        flow.record(ledger, seat, "contest.updated", result)
        answers = [flow.roll_answer(r, seat) for r in rolls]
        return 201, {"round": played, "rolls": answers, "contest": result}

    parts: tuple[Any, ...] = ("contest.round", contest_id)
    if body is not None and body != RoundBody():
        parts += (body.model_dump(mode="json", exclude_defaults=True),)
    return await flow.write(
        writer,
        principal,
        ("contests", contest_id),
        what=WHAT,
        digest=idempotency.fingerprint(*parts),
        key=key,
        override=override,
        act=act,
    )


def _count_round(
    row: dict[str, Any],
    contest: Contest,
    number: int,
    roll_a: RollRow,
    roll_b: RollRow,
    ids: dict[str, str],
) -> dict[str, Any]:
    """Record round ``number`` from its two final rolls into ``row``; answer the round."""
    contest = record_round(contest, roll_a["result"]["successes"], roll_b["result"]["successes"])
    played = {"number": number, **contest.rounds[-1].to_dict(), **ids}
    _store(row, contest, [*row["data"]["rounds"], played])
    row["data"]["pending"] = None
    return played


async def settle(ledger: Ledger, seat: Seat, roll: RollRow) -> None:
    """A step just made ``roll`` final: if it was the last open roll of its contest's
    pending round, count that round. Runs inside the step's job, under the campaign's lock,
    so of two steps finishing both rolls the second to get the lock counts the round (and
    whoever took it, a player, records the contest's event)."""
    if not roll["state"].get("contest_id"):
        return
    db = ledger.db
    row = await repo.get(db, "contests", roll["state"]["contest_id"])
    pending = row["data"].get("pending") if row is not None else None
    if row is None or not pending or roll["id"] not in (pending["roll_a"], pending["roll_b"]):
        return
    other_id = pending["roll_b"] if roll["id"] == pending["roll_a"] else pending["roll_a"]
    other = await rolls_repo.get(db, other_id)
    if other is None or other["status"] != "final":
        return
    roll_a, roll_b = (roll, other) if roll["id"] == pending["roll_a"] else (other, roll)
    ids = {"roll_a": pending["roll_a"], "roll_b": pending["roll_b"]}
    _count_round(row, _engine(row), pending["number"], roll_a, roll_b, ids)
    ledger.write(repo.update("contests", row))
    flow.record(ledger, seat, "contest.updated", answer(row))


def _require_running(contest: Contest, contest_id: str) -> None:
    if contest.status == "tie":
        raise Conflict(
            msg(
                "the last round is a tie: the storyteller first decides to reroll it or call "
                "a draw (POST /contests/{contest_id}/resolve)",
                contest_id=contest_id,
            )
        )
    if contest.status != "running":
        raise Conflict(
            msg("the contest is over: it was {contest_status}", contest_status=contest.status)
        )


async def _still_there(db: Db, seat: Seat, character_id: str, side: str) -> None:
    view = await characters_repo.roll_view(db, character_id)
    if view is None or view.campaign_id != seat.campaign.id:
        raise Conflict(
            msg(
                "side {side}'s character {character_id} was deleted: the contest is stuck",
                side=side,
                character_id=character_id,
            )
        )


async def resolve(
    writer: Writer, principal: Principal, contest_id: str, body: ResolveBody, key: str | None
) -> tuple[int, bytes]:
    """The storyteller's call on a tie: roll the round again, or call the contest a draw."""

    async def act(db: Db, seat: Seat, ledger: Ledger) -> tuple[int, dict[str, Any]]:
        row = await flow.locked(db, "contests", contest_id, WHAT)
        contest = _engine(row)
        if contest.status != "tie":
            raise Conflict(
                msg(
                    "there is no tie to resolve: the contest is {contest_status}",
                    contest_status=contest.status,
                )
            )
        contest = resolve_tie(contest, body.decision)
        _store(row, contest, row["data"]["rounds"])
        ledger.write(repo.update("contests", row))
        result = answer(row)
        flow.record(ledger, seat, "contest.updated", result)
        return 200, result

    return await flow.write(
        writer,
        principal,
        ("contests", contest_id),
        what=WHAT,
        digest=idempotency.fingerprint("contest.resolve", contest_id, body.decision),
        key=key,
        act=act,
    )


steps.when_final("contest_id", settle)
