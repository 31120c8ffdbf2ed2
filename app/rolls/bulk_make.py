"""The bulk generator's rolls, made away from the ledger: in worker processes, or in line.

A roll of the generator takes one draw and one seq, so a run of them needs of the ledger
only what ``Ledger.reserve`` hands out in advance: the seed, the first nonce and the first
seq. The runs (``Order``) are then made side by side, each into rows ready to insert and
the canonical bytes of each link's record; the one step that needs the link before, a
SHA-256 of those bytes (``Ledger.attach``), is left to the process that orders the runs.

Each roll is made as ``add_roll`` makes it for the plan's bodies: the engine's roll from
the draw, the row, its ``roll.created`` event (compact: the row holds its data) and its
share of the luck tallies (tests/service/test_demo.py holds the rows to ``add_roll``'s).
A run's rolls share its millisecond (``Order.millis``): their ids are increasing ids of
that millisecond and their times a microsecond apart (``Order.step``: further apart, for
a campaign spread over the past), so ids, times and seqs all increase together across
runs made in any order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson

from app.campaigns.ledger import Reserved
from app.core.db import rfc3339
from app.core.ids import ids_within
from app.core.tables import PLAIN_ROWS, RowsFor
from app.events.repository import EVENTS
from app.events.service import stored_row
from app.rolls import kinds
from app.rolls.repository import ROLLS
from app.rolls.schemas import FormulaBody, TestBody
from app.rolls.service import RollBody, result_of
from app.rules import DiceSource, threed6
from app.rules.chain import chain_record
from app.stats import tally

_ROLL_LINK = ROLLS.columns.index("prev_hash"), ROLLS.columns.index("hash")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Turn:
    """One roll of the plan, as the ordering process read it under the campaign's lock:
    the body, the roller's character sheet, the campaign's ruleset and settings, and the
    columns every roll of this turn shares."""

    body: RollBody
    sheet: dict[str, Any] | None
    ruleset: str
    reroll_any_die: bool
    fixed: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Order:
    """``count`` rolls to make: the turns of the plan from ``index`` on, with the draws
    and seqs of ``reserved``, from the millisecond ``millis`` on, ``step`` microseconds
    apart, its rows made for the database (``rows_for``: on SQLite their times as text,
    which its one writer then has less to do; no minute tally row past retention)."""

    reserved: Reserved
    turns: tuple[Turn, ...]
    index: int
    count: int
    millis: int
    step: int = 1
    rows_for: RowsFor = PLAIN_ROWS


@dataclass(slots=True)
class Chunk:
    """An order made: rows encoded for ``insert_many`` with their links left blank, each
    link's (canonical record, salt), and the rolls' tallies."""

    rolls: list[list[Any]]
    events: list[list[Any]]
    links: list[tuple[bytes, str | None]]
    tallies: tally.Tallies

    def chain(self, attach: Callable[[bytes, str | None], tuple[str, str]]) -> None:
        """Fill in the links, in order: ``attach`` is the ledger's."""
        rp, rh = _ROLL_LINK
        for roll, (body, salt) in zip(self.rolls, self.links, strict=True):
            roll[rp], roll[rh] = attach(body, salt)


def canonical(record: Mapping[str, Any]) -> bytes:
    """``chain.canonical``'s bytes for the bulk's records in 1 µs instead of 10. Their
    values are text, integers, booleans and null only (ids, hashes, names of kinds and
    outcomes, faces, nonces: no float, no note), for which orjson writes what ``json``
    writes, key order included (app/core/fastjson.py, held to it on every code point);
    ``fairtable verify`` checks each link with ``json`` itself."""
    return orjson.dumps(record, option=orjson.OPT_SORT_KEYS)


def make(order: Order) -> Chunk:
    """Make the rolls of ``order`` (in a worker process: everything here is pure)."""
    reserved = order.reserved
    resolvers = [_resolver(turn) for turn in order.turns]
    ids = ids_within(order.millis, order.count)
    start = _EPOCH + timedelta(milliseconds=order.millis)
    second, micros = rfc3339(start.replace(microsecond=0))[:-1], start.microsecond
    made: list[dict[str, Any]] = []
    chunk = Chunk([], [], [], tally.Tallies(reserved.campaign_id))
    for i in range(order.count):
        turn = (order.index + i) % len(order.turns)
        dice, draw = reserved.draw(i)
        resolved = resolvers[turn](dice)
        roll, state = resolved.roll, resolved.state or {}
        seq = reserved.seq + i
        now = start + timedelta(microseconds=i * order.step)
        values = {
            **order.turns[turn].fixed,
            "id": ids[i],
            "seq": seq,
            "status": resolved.status,
            "dice": [die.to_dict() for die in roll.dice],
            "result": result_of(roll, state),
            "odds": roll.odds_dict(),
            "state": state,
            "proof": [draw],
            "created_at": now,
            "updated_at": now,
            "prev_hash": "",
            "hash": "",
        }
        # ``chain_view``'s spelling of both times (``rfc3339``'s: no fraction at .000000)
        if order.step == 1:  # within the second, spelt without ``rfc3339``'s cost
            stamp = f"{second}.{micros + i:06d}Z" if micros + i else f"{second}Z"
        else:
            stamp = rfc3339(now)
        view = {**values, "created_at": stamp, "updated_at": stamp}
        chunk.links.append((canonical(chain_record(view, seq)), reserved.salt(seq)))
        made.append(values)
        as_text = order.rows_for.times_as_text
        chunk.rolls.append(list(ROLLS.encode(ROLLS.values(values), as_text)))
        chunk.events.append(list(EVENTS.encode(event_row(values), as_text)))
    tally.add_new(chunk.tallies, made, order.rows_for.minutes_from)
    return chunk


def event_row(values: Mapping[str, Any]) -> tuple[Any, ...]:
    """The roll's ``roll.created`` event as the events table stores it: what
    ``record_roll_event`` records for it, compact (the roll's row holds its data and link),
    without an ``EventOut``: through one, this line took a sixth of a chunk's time, and now
    a thirtieth. Its body is neither stored nor published (nobody hears a campaign being
    made): none is built. tests/service/test_demo.py holds it to ``add_roll``'s row."""
    seq = values["seq"]
    row = stored_row(
        campaign_id=values["campaign_id"], seq=seq, type="roll.created",
        at=values["created_at"], visibility=values["visibility"], user_id=values["user_id"],
        data=None, prev_hash=None, hash=None, roll_seq=seq,
        audience=None,
    )  # fmt: skip
    return EVENTS.values(row)


def _resolver(turn: Turn) -> Callable[[DiceSource], kinds.Resolved]:
    """The engine's call for one turn. A formula goes as ``add_roll`` sends it; a 3d6 test
    as ``kinds.threed6_test`` makes it, with what does not change from roll to roll (the
    parsed sheet, the score, the reroll sources: none) worked out once per order."""
    body, sheet = turn.body, turn.sheet
    if isinstance(body, FormulaBody):
        return lambda dice: kinds.formula_roll(body, dice)
    if not isinstance(body, TestBody) or sheet is None or body.rerolls:
        raise AssertionError("the plan rolls formulas, and 3d6 tests of a character")
    if turn.ruleset != "3d6" or kinds.settles_when_rolled(body):
        raise AssertionError("the plan's tests are 3d6 ones that wait for their choices")
    parsed = threed6.parse_sheet(sheet)
    score = parsed.score(body.trait)
    sources = threed6.check_reroll_sources(parsed, ())
    difficulty = threed6.parse_difficulty(body.difficulty)
    advantage = body.advantage or body.helper_id is not None

    def resolve(dice: DiceSource) -> kinds.Resolved:
        roll = threed6.roll_test(
            dice,
            score,
            difficulty=difficulty,
            advantage=advantage,
            disadvantage=body.disadvantage,
            rerolls=sources,
            reroll_any_die=turn.reroll_any_die,
        )
        state = {"trait": body.trait, "helper_id": body.helper_id, **kinds.threed6_state(roll)}
        return kinds.Resolved(roll, roll.status, state)

    return resolve
