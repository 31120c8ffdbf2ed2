"""The rows an import inserts for the log's records (events, rolls, roll requests, chat
messages), ready for ``TableSql.insert_many``, with the luck statistics of the rolls: made
by pass 1 as it spools them (app/exchange/spool.py), a piece of records at a time, and
sent by pass 2 (app/exchange/writing.py). Pure: no connection, no settings.

Making them in worker processes during pass 2 was tried: on two cores it took 10 % off
pass 2 at the price of a third more CPU in all (the pieces and rows pickled both ways),
with the database needing that CPU on the same machine."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import is_, itemgetter
from typing import Any

import orjson

from app.core.db import api_time
from app.core.jsontext import dumps
from app.core.tables import PLAIN_ROWS, RowsFor, TableSql
from app.events.repository import EVENTS, roll_body
from app.messages.repository import MESSAGES, READERS
from app.messages.service import audience_of
from app.roll_requests.repository import REQUESTS, TARGETS
from app.rolls.repository import ROLLS
from app.rules.chain import ROLL_DATA_FIELDS, roll_event_data
from app.rules.verify_requests import is_link_type
from app.stats import tally

LOG = frozenset({"event", "roll", "roll_request", "message"})
# The tables of the log, in the order their rows are inserted (a reader after its message,
# a target after its request).
TABLES: dict[str, TableSql] = {t.name: t for t in (ROLLS, EVENTS, REQUESTS, TARGETS, MESSAGES,
                                                   READERS)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class CompactEvent:
    """An event to store compact (app/events/models.py): the state it carries is its roll's
    latest, which the roll's row of the same import holds, to the byte."""

    event: dict[str, Any]
    roll_seq: int


def event_row(campaign_id: str, event: dict[str, Any] | CompactEvent) -> dict[str, Any]:
    """An event as stored: whole, or compact when its roll's row holds its data."""
    if isinstance(event, CompactEvent):
        return {**event.event, "data": None, "prev_hash": None, "hash": None,
                "roll_seq": event.roll_seq, "campaign_id": campaign_id}  # fmt: skip
    return {**event, "roll_seq": None, "campaign_id": campaign_id}


def _holds(roll: dict[str, Any], event: dict[str, Any]) -> bool:
    """Whether ``event`` is ``roll``'s latest link and its data the very body the roll's
    row will rebuild once stored (``roll_body``), so that storing it compact exports the
    same bytes as storing it whole."""
    if (event["hash"], event["prev_hash"]) != (roll["hash"], roll["prev_hash"]):
        return False
    if not is_link_type(event["type"]):
        return False
    data = event["data"]
    if data.get("id") != roll["id"]:
        return False
    return _shared(roll, data) or _spelt(roll_body(roll)) == _spelt(data)


_FIELDS = itemgetter(*ROLL_DATA_FIELDS)
# ``roll_body``'s keys, in its order.
_BODY_KEYS = tuple(roll_event_data(dict.fromkeys((*ROLL_DATA_FIELDS, "state", "created_at",
                                                   "updated_at", "hash"))))  # fmt: skip


def _shared(roll: dict[str, Any], data: dict[str, Any]) -> bool:
    """The quick sufficient case of ``_holds``'s last test: ``data`` has ``roll_body``'s
    keys in its order and the roll's very objects (a compact event's data holds its roll
    record's: app/rules/compact.py), its times spelled as ``roll_body`` spells them."""
    return (
        len(data) == len(_BODY_KEYS)
        and all(map(_same, _FIELDS(roll), _FIELDS(data)))
        and tuple(data) == _BODY_KEYS
        and _spelt((roll["state"] or {}).get("effects", [])) == _spelt(data["effects"])
        and api_time(roll["created_at"]) == data["created_at"]
        and api_time(roll["updated_at"]) == data["updated_at"]
        and roll["hash"] is data["hash"]
        and data["redacted"] is False
    )


def _same(value: Any, given: Any) -> bool:
    """The very same object, or a list of the very same objects (the part model copies a
    list of objects, not its objects)."""
    if value is given:
        return True
    return (
        type(value) is list
        and type(given) is list
        and len(value) == len(given)
        and all(map(is_, value, given))
    )


def _spelt(value: Any) -> bytes:
    """``dumps(value)``: the same bytes for a value read from JSON (its keys are text), in
    half the time orjson takes when told keys may be other than text."""
    try:
        return orjson.dumps(value)
    except TypeError:  # a key that is not text (none read from JSON is)
        return dumps(value)


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


def prepare(
    campaign_id: str, records: Iterable[tuple[str, dict[str, Any]]], rows_for: RowsFor = PLAIN_ROWS
) -> LogRows:
    """The rows of a piece of the log's records (record type, the part model's values),
    encoded (``TableSql.encode``) for the database (``rows_for``). A roll comes
    right after its latest link (docs/export.md), which a piece never separates: when that
    event's data is the roll's body, the event is stored compact."""
    found = _Found()
    last_event: dict[str, Any] | None = None
    for kind, row in records:
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
    tally.add_new(stats, found.rolls, rows_for.minutes_from)
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
    encoded = [(name, _encoded(TABLES[name], rows, rows_for.times_as_text))
               for name, rows in made.items() if rows]  # fmt: skip
    return LogRows(encoded, stats)


def _encoded(
    table: TableSql, rows: Iterable[dict[str, Any]], times_as_text: bool
) -> list[tuple[Any, ...]]:
    return [table.encode(table.values(row), times_as_text) for row in rows]
