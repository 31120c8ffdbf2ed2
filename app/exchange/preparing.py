"""Pass 2 of a line import (app/exchange/writing.py): the rows of the log's records
(events, rolls, roll requests, chat messages), made from pieces of the spool's lines ready
for ``TableSql.insert_many``, with the luck statistics of the rolls. Pure: no connection,
no settings, so that what the writing sends and what it decides stay apart.

Making the rows in worker processes, a piece at a time while this process sends the rows
of the pieces before, was tried: on two cores it took 10 % off pass 2 at the price of a
third more CPU in all (the pieces and rows pickled both ways), and the database needs
that CPU on the same machine. So the pieces are made in process."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, get_args

from pydantic import AwareDatetime, BaseModel

from app.core.jsontext import dumps, loads
from app.core.tables import TableSql
from app.events.repository import EVENTS, roll_body
from app.exchange.importing import PARTS
from app.exchange.schemas import TargetPart
from app.messages.repository import MESSAGES, READERS
from app.messages.service import audience_of
from app.roll_requests.repository import REQUESTS, TARGETS
from app.rolls.repository import ROLLS
from app.rules.verify_requests import is_link_type
from app.stats import tally

LOG = frozenset({"event", "roll", "roll_request", "message"})
PIECE = 400  # lines a piece holds at least: its rows go out in a statement or two a table
# The tables of the log, in the order their rows are inserted (a reader after its message,
# a target after its request).
TABLES: dict[str, TableSql] = {t.name: t for t in (ROLLS, EVENTS, REQUESTS, TARGETS, MESSAGES,
                                                   READERS)}  # fmt: skip


def _time_fields(model: type[BaseModel]) -> tuple[str, ...]:
    return tuple(name for name, info in model.model_fields.items() if _is_time(info.annotation))


def _is_time(annotation: Any) -> bool:
    return annotation in (datetime, AwareDatetime) or any(_is_time(a) for a in get_args(annotation))


# The fields turned back into datetimes, by record type (a roll request's targets too).
_TIMES = {kind: _time_fields(model) for kind, model in PARTS.items()}
_TARGET_TIMES = _time_fields(TargetPart)


def revive(kind: str, row: dict[str, Any]) -> dict[str, Any]:
    """A spooled record's times back to datetimes: its values otherwise are the part
    model's, as pass 1 validated them."""
    for name in _TIMES[kind]:
        text = row[name]
        if text is not None:
            row[name] = datetime.fromisoformat(text)
    if kind == "roll_request":
        for target in row["targets"]:
            for name in _TARGET_TIMES:
                if target[name] is not None:
                    target[name] = datetime.fromisoformat(target[name])
    return row


@dataclass(frozen=True, slots=True)
class CompactEvent:
    """An event to store compact (app/events/models.py): the state it carries is its roll's
    latest, which the roll's row of the same import holds, to the byte."""

    event: dict[str, Any]
    roll_seq: int


def event_row(campaign_id: str, event: dict[str, Any] | CompactEvent) -> dict[str, Any]:
    """An event as stored: whole, or compact when its roll's row holds its data."""
    if isinstance(event, CompactEvent):
        return {**event.event, "data": None, "roll_seq": event.roll_seq,
                "campaign_id": campaign_id}  # fmt: skip
    return {**event, "roll_seq": None, "campaign_id": campaign_id}


def _holds(roll: dict[str, Any], event: dict[str, Any]) -> bool:
    """Whether ``event`` is ``roll``'s latest link and its data the very body the roll's
    row will rebuild once stored (times in UTC, as the database gives them back), so that
    storing it compact exports the same bytes as storing it whole."""
    if event["hash"] != roll["hash"] or not is_link_type(event["type"]):
        return False
    if event["data"].get("id") != roll["id"]:
        return False
    stored = {**roll, "created_at": roll["created_at"].astimezone(UTC),
              "updated_at": roll["updated_at"].astimezone(UTC)}  # fmt: skip
    return dumps(roll_body(stored)) == dumps(event["data"])


@dataclass(slots=True)
class LogRows:
    """A piece's rows, encoded for ``insert_many``, by table name in ``TABLES`` order, and
    the tallies of its rolls."""

    tables: list[tuple[str, list[tuple[Any, ...]]]]
    tallies: tally.Tallies


@dataclass(slots=True)
class _Found:
    events: list[dict[str, Any] | CompactEvent] = field(default_factory=list)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)


def prepare(campaign_id: str, piece: bytes) -> LogRows:
    """The rows of a piece of spooled log lines. A roll comes right after its latest link
    (docs/export.md), which a piece never separates: when that event's data is the roll's
    body, the event is stored compact."""
    found = _Found()
    last_event: dict[str, Any] | None = None
    for line in piece.splitlines():
        record = loads(line)
        kind = record.pop("t")
        row = revive(kind, record)
        if kind == "event":
            found.events.append(row)
        elif kind == "roll":
            if last_event is not None and _holds(row, last_event):
                found.events[-1] = CompactEvent(last_event, row["seq"])
            found.rolls.append(row)
        elif kind == "roll_request":
            found.requests.append(row)
        else:  # a chat message: LOG holds no other kind
            found.messages.append({**row, "idempotency_key": None})
        last_event = row if kind == "event" else None
    stats = tally.Tallies(campaign_id)
    tally.add_new(stats, found.rolls)
    targets = [{**t, "request_id": r["id"]} for r in found.requests for t in r["targets"]]
    readers = [{"message_id": m["id"], "user_id": reader}
               for m in found.messages for reader in audience_of(m) or ()]  # fmt: skip
    made = {
        ROLLS.name: found.rolls,
        EVENTS.name: [event_row(campaign_id, e) for e in found.events],
        REQUESTS.name: found.requests,
        TARGETS.name: targets,
        MESSAGES.name: found.messages,
        READERS.name: readers,
    }
    return LogRows([(name, _encoded(TABLES[name], rows)) for name, rows in made.items() if rows],
                   stats)  # fmt: skip


def _encoded(table: TableSql, rows: Iterable[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [table.encode(table.values(row)) for row in rows]
