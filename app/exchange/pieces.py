"""A piece of a line import checked in a worker process (app/exchange/joining.py hands the
pieces out and joins them): all the work a record costs, on every core.

A piece is whole lines (``app.exchange.parallel.Splitter`` cuts them: never before a roll,
a roll request or a chat message, which follow the line before them). Each line is read
once and goes through what the import's ordered pass does to it (app/exchange/importing.py):
the chain's verifier (``PieceVerifier``, which notes what needs the lines before), the
part model, the checks of ``app.exchange.records`` (a ``Noted`` notes what needs the
records before), the rows for the spool. What comes back is small next to the work: the
verifier's notes, the records' notes, the counts, and the spool's bytes for the piece.

A piece that fails says only that: which line, and why, the ordered pass tells."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache

from app.core.fastjson import FastCodec, read_alike
from app.core.tables import PLAIN_ROWS, RowsFor
from app.exchange import lines
from app.exchange.records import PARTS, Checked, check_record, part, read_header, sheet, values
from app.exchange.seen import Note, Noted
from app.exchange.spool import SpoolWriter
from app.rules.verify_chunks import Piece, PieceVerifier

__all__ = ["CheckedPiece", "PieceTask", "check_piece"]

PieceTask = tuple[bytes, bytes, int, bool, RowsFor]
"""``check_piece``'s arguments."""


@dataclass(slots=True)
class CheckedPiece:
    """What a worker learnt of a piece; ``sound`` False: something in it is wrong."""

    sound: bool
    chain: Piece = field(default_factory=Piece)
    notes: list[Note] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    spool: bytes = b""


@lru_cache(maxsize=8)  # each import's header read once by each worker (they are shared)
def _header(line: bytes, backup: bool) -> Checked:
    record = lines.parse(1, line)
    return read_header(1, record, record.pop("t", None), backup, io.BytesIO())


def check_piece(
    header: bytes, piece: bytes, max_line: int, backup: bool, rows_for: RowsFor = PLAIN_ROWS
) -> CheckedPiece:
    """Check the lines of ``piece`` of the import whose header line is ``header``, its
    rows spooled for the database (``rows_for``); never raises."""
    try:
        return _check(header, piece, max_line, backup, rows_for)
    except Exception:  # a refusal, a line that does not verify: the ordered pass says which
        return CheckedPiece(sound=False)


def _check(
    header: bytes, piece: bytes, max_line: int, backup: bool, rows_for: RowsFor
) -> CheckedPiece:
    found = _header(header, backup)
    if not read_alike(piece):  # a value orjson reads otherwise: rare, the ordered pass takes it
        return CheckedPiece(sound=False)
    codec = FastCodec()
    verifier = PieceVerifier(codec.loads(header), codec)
    noted = Noted()
    spool = io.BytesIO()
    writer = SpoolWriter(spool, found.campaign.id, rows_for)
    counts: dict[str, int] = {}
    for line in piece.split(b"\n"):
        if not line.strip():
            continue
        if len(line) > max_line:
            return CheckedPiece(sound=False)
        # as the codec reads it (``read_alike``); a compact event comes back whole, with its roll
        for record in verifier.record(lines.parse(0, line)):
            kind = str(record.pop("t", None))
            model = PARTS.get(kind)
            if model is None:
                return CheckedPiece(sound=False)
            noted.stage(0, kind)
            value = part(0, model, record)
            check_record(0, kind, value, record, found.header_parts, noted)
            row = values(kind, value)
            if kind == "character":
                row["sheet"] = sheet(0, found.campaign.ruleset, value.sheet)
            writer.add(kind, row)
            counts[kind] = counts.get(kind, 0) + 1
    verifier.compact.end()
    writer.close()
    return CheckedPiece(True, verifier.piece(), noted.notes, counts, spool.getvalue())
