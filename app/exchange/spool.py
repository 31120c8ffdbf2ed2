"""The spool between an import's two passes (app/exchange/importing.py): what pass 1
validated, kept in a temporary file until the trailer has verified, then read back by
pass 2 (app/exchange/writing.py).

Pass 1 spools the log (events, rolls, roll requests, chat messages) as the rows pass 2
inserts, made a piece of ``PIECE`` records at a time (``app.exchange.preparing``), and
every other record as its part model's values. Both are pickled: the file is this
process's own, written and read by it alone, and a pickle keeps the datetimes and tuples
as they are. Spooling JSON lines instead, pass 2 parsed every line again, turned its
times back into datetimes and only then made its rows: about half of pass 2's time, spent
while the other core sat idle. Pass 1 makes the rows (in its worker processes: each piece
of the file comes back as a few pickles of a ``SpoolWriter`` of its own, appended here in
order), and pass 2 only sends them.

The log's rows are ``marshal``led inside that pickle when they can be (their times as
SQLite's text: no datetime, which marshal does not write): pickling them took a worker
four times as long, keeping a memo of every string."""

from __future__ import annotations

import contextlib
import marshal
import pickle
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from app.core.tables import PLAIN_ROWS, RowsFor
from app.exchange.preparing import LOG, LogRows, prepare
from app.stats import tally

PIECE = 200  # log records a piece holds at least (a few milliseconds of the loop to make)

Record = tuple[str, dict[str, Any]]  # record type, the part model's values


class SpoolWriter:
    """Pass 1's side: ``add`` each record in file order, then ``close``. A piece is never
    cut just before a roll: its latest link, the record before it, goes with it, so that
    the event can be stored compact (``prepare``)."""

    def __init__(self, file: IO[bytes], campaign_id: str, rows_for: RowsFor = PLAIN_ROWS) -> None:
        self._file = file
        self._campaign_id = campaign_id
        self._rows_for = rows_for  # the database's (``prepare``)
        self._piece: list[Record] = []

    def add(self, kind: str, row: dict[str, Any]) -> None:
        if kind in LOG:
            if len(self._piece) >= PIECE and kind != "roll":
                self._write_piece()
            self._piece.append((kind, row))
            return
        self._write_piece()
        pickle.dump((kind, row), self._file, pickle.HIGHEST_PROTOCOL)

    def close(self) -> None:
        self._write_piece()

    def _write_piece(self) -> None:
        if self._piece:
            rows = prepare(self._campaign_id, self._piece, self._rows_for)
            found: LogRows | _Marshalled = rows  # PostgreSQL's rows hold datetimes: a pickle
            if self._rows_for.times_as_text:  # a value marshal does not write (none known): pickle
                with contextlib.suppress(ValueError):
                    found = _Marshalled(marshal.dumps(rows.tables), rows.tallies)
            pickle.dump(found, self._file, pickle.HIGHEST_PROTOCOL)
            self._piece = []


@dataclass(frozen=True, slots=True)
class _Marshalled:
    """A piece's ``LogRows`` with its rows ``marshal``led."""

    tables: bytes
    tallies: tally.Tallies


def read(file: IO[bytes]) -> Iterator[Record | LogRows]:
    """Pass 2's side: what ``SpoolWriter`` wrote, in its order."""
    while True:
        try:
            found = pickle.load(file)  # noqa: S301 - this process's own file
        except EOFError:
            return
        if isinstance(found, _Marshalled):
            found = LogRows(marshal.loads(found.tables), found.tallies)  # noqa: S302 - ours
        yield found
