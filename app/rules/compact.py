"""Compact roll events of the line format (docs/export.md, version 7 and backup version 6).

A roll's latest link is an event whose ``data`` is the roll as its event carries it, and
the file's ``roll`` record comes right after it: until version 6, the line format wrote
that body twice, once in each. Since version 7, such an event travels **compact**: without
``data``, ``prev_hash`` and ``hash``, which the ``roll`` record after it gives
(``roll_event_data``, the roll's own ``prev_hash`` and ``hash``). A file is about half as
large, and its reader parses and checks each roll's body once.

Whoever reads the records in order feeds each to a ``Compact`` and takes what it gives
back: nothing while it holds a compact event, then the event made whole and its roll.
Standard library only: the verifier uses it, and so does the import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from app.rules.chain import roll_event_data
from app.rules.verify_report import Failure, Stop
from app.rules.verify_requests import is_link_type

__all__ = ["COMPACT_SINCE", "Compact", "RecordT", "is_compact", "whole"]

COMPACT_SINCE = {"fairtable-campaign": 7, "fairtable-backup": 6}
"""The first version of each format whose roll events may travel compact."""

_LINK = ("data", "prev_hash", "hash")  # what a compact event leaves to its roll
RecordT = TypeVar("RecordT", bound=Mapping[str, Any])


def is_compact(record: Mapping[str, Any]) -> bool:
    """Whether ``record`` is an event that travels without its data."""
    return record.get("t") == "event" and "data" not in record


class Compact:
    """Compact events made whole from the roll after each. ``allowed``: the file's
    version has them (else a record without ``data`` is passed on as it is, for the
    reader to refuse as it always did)."""

    __slots__ = ("allowed", "held")

    def __init__(self, allowed: bool) -> None:
        self.allowed = allowed
        self.held: Mapping[str, Any] | None = None

    def feed(self, record: RecordT) -> tuple[RecordT | dict[str, Any], ...]:
        """The records to read now, in order: none while ``record`` is a compact event
        (held), the held event made whole then ``record`` when it is that event's roll.
        ``Stop`` when a held event is not followed by its roll."""
        held = self.held
        if held is not None:
            self.held = None
            return whole(held, record), record
        if self.allowed and is_compact(record):
            self.held = record
            return ()
        return (record,)

    def end(self) -> None:
        """The records are over: none may be held."""
        if self.held is not None:
            raise Stop(Failure(_seq(self.held), None, "the file ends after a compact roll "
                               "event, without its roll"))  # fmt: skip


def whole(event: Mapping[str, Any], roll: Mapping[str, Any]) -> dict[str, Any]:
    """The compact ``event`` with the data and link that ``roll``, the record after it,
    gives; ``Stop`` when that cannot be."""
    seq, kind = _seq(event), event.get("type")
    if not (is_link_type(kind) and str(kind).startswith("roll.")):
        raise Stop(Failure(seq, None, f"a {kind!r} event travels without its data: only "
                           "a roll's event may, before its roll"))  # fmt: skip
    if any(name in event for name in _LINK):
        raise Stop(Failure(seq, None, "a compact roll event carries part of its link"))
    if roll.get("t") != "roll":
        raise Stop(Failure(seq, None, "a compact roll event is not followed by its roll"))
    try:
        data, prev, hash_ = roll_event_data(roll), roll["prev_hash"], roll["hash"]
    except (KeyError, TypeError, AttributeError) as exc:
        raise Stop(Failure(seq, None, "the roll after a compact roll event does not give "
                           f"its data ({type(exc).__name__}: {exc})")) from exc  # fmt: skip
    return {**event, "data": data, "prev_hash": prev, "hash": hash_}


def _seq(event: Mapping[str, Any]) -> int | None:
    seq = event.get("seq")
    return seq if type(seq) is int else None
