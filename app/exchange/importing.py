"""Import of the line format, of any size, in two passes and all or nothing.

1. **Check**, as the body arrives: each line is parsed (bounded per line), fed to the
   chain's verifier (``app.rules.verify_lines``: every link, salt and die), validated by
   its part model and checked against the header and the records before it
   (``app.exchange.records``), then spooled to a temporary file (in memory up to a few
   MiB, then on disk; ``app.exchange.spool``). Nothing is written yet and no connection
   is held, however slowly the body comes. This pass runs on every core
   (app/exchange/joining.py: pieces of the body checked in worker processes, joined in
   order) and keeps the body as received in a temporary file; when it is not sure of the
   file (a line that fails, a file cut oddly), the **ordered pass** here reads those same
   bytes again, line by line in file order with the chain verified beside it in a worker
   process (``app.exchange.verifying``), and its 422 names the first bad line.
2. **Write** (``app.exchange.writing``), once the trailer verified: one transaction (a
   writer job) inserts the spool in batches of one statement each, yielding the loop
   between batches. A refusal in pass 1 or a conflict in pass 2 leaves nothing: the
   transaction is rolled back whole.

The spool holds each record as pass 1 validated it, the log's already as the rows pass 2
inserts: pass 2 neither validates the file a second time (that was about a sixth of an
import's time) nor parses it.

The price: on SQLite the writer is held for pass 2 (other writes queue for its duration,
about half a second per 20,000 rolls on a 2-core machine); reads go on."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterable, AsyncIterator
from typing import IO, Any

from app.core.errors import Unprocessable
from app.core.i18n import msg
from app.core.tables import PLAIN_ROWS, RowsFor
from app.exchange import lines
from app.exchange.joining import NotSure, quick_check
from app.exchange.records import (
    PARTS,
    Checked,
    check_record,
    check_trailer,
    part,
    read_header,
    sheet,
    values,
)
from app.exchange.seen import Seen, bad
from app.exchange.spool import SpoolWriter
from app.exchange.verifying import Refused, VerifierProcess
from app.rules.compact import Compact
from app.rules.verify_report import Stop

_YIELD_EVERY = 16
_SPOOL = 8 * 1024 * 1024
_BUFFER = 1024 * 1024


async def discard(spool: IO[bytes]) -> None:
    """Close (and so delete) a spool in a worker thread: freeing a file of hundreds of MB
    takes the file system tens of milliseconds, which the loop must not wait on."""
    await asyncio.to_thread(spool.close)


async def check(
    chunks: AsyncIterable[bytes],
    max_line: int,
    *,
    backup: bool = False,
    rows_for: RowsFor = PLAIN_ROWS,
) -> Checked:
    """Pass 1: every line checked and verified; 422 naming the first bad one. First on
    every core (app/exchange/joining.py), keeping the body as received; if that pass is not
    sure of the file, the ordered pass reads the same bytes again (what was kept, then the
    rest) and names the first bad line. The spool is for the database that pass 2 writes
    (``rows_for``)."""
    stream = aiter(chunks)
    kept = tempfile.TemporaryFile(buffering=_BUFFER)  # noqa: SIM115
    lost: list[Exception] = []  # the body's own failure (the client went away): not a doubt
    try:
        spool = _spool()
        try:
            body = _keep(stream, kept, lost)
            found = await quick_check(body, max_line, backup, spool, rows_for=rows_for)
        except NotSure:
            await discard(spool)
            if lost:
                raise lost[0] from None
        except BaseException:
            await discard(spool)
            raise
        else:
            spool.seek(0)
            return found
        kept.seek(0)
        return await _ordered(_again(kept, stream), max_line, backup, rows_for)
    finally:
        await discard(kept)


def _spool() -> IO[bytes]:
    # a large write buffer: a line at a time through the default 8 KiB cost 20 µs a line
    return tempfile.SpooledTemporaryFile(max_size=_SPOOL, buffering=_BUFFER)


async def _keep(
    stream: AsyncIterator[bytes], kept: IO[bytes], lost: list[Exception]
) -> AsyncIterator[bytes]:
    """The body's chunks, each written to ``kept`` first; the stream's failure in ``lost``."""
    while True:
        try:
            chunk = await anext(stream)
        except StopAsyncIteration:
            return
        except Exception as exc:
            lost.append(exc)
            raise
        kept.write(chunk)
        yield chunk


async def _again(kept: IO[bytes], stream: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    """The body again: what was kept, then what had not been read yet."""
    while chunk := await asyncio.to_thread(kept.read, _BUFFER):
        yield chunk
    async for chunk in stream:
        yield chunk


async def _ordered(
    chunks: AsyncIterable[bytes], max_line: int, backup: bool, rows_for: RowsFor
) -> Checked:
    """The ordered pass: the lines in file order, the chain verified beside them by a
    worker process (app/exchange/verifying.py)."""
    spool = _spool()
    try:
        async with VerifierProcess() as verifier:
            try:
                found = await _read(chunks, max_line, backup, verifier, spool, rows_for)
            except Refused as refused:
                raise _unverified(refused.number, refused.why) from None
            except Unprocessable:
                failed = await verifier.settle()  # a line before this one that does not verify
                if failed is not None:
                    raise _unverified(*failed) from None
                raise
    except BaseException:
        await discard(spool)
        raise
    spool.seek(0)
    return found


def _unverified(number: int, why: str) -> Unprocessable:
    return bad(number, f"the history does not verify: {why}")


async def _read(
    chunks: AsyncIterable[bytes],
    max_line: int,
    backup: bool,
    verifier: VerifierProcess,
    spool: IO[bytes],
    rows_for: RowsFor,
) -> Checked:
    found: Checked | None = None
    writer: SpoolWriter | None = None
    ended = False
    seen = Seen()
    compact = Compact(False)
    held = 0  # the line of the compact roll event ``compact`` holds
    async for number, line, record in lines.records(chunks, max_line):
        if ended:
            raise bad(number, "a record after the trailer")
        if found is None or writer is None:
            found = read_header(number, record, record.pop("t", None), backup, spool)
            writer = SpoolWriter(spool, found.campaign.id, rows_for)
            compact = Compact(found.compact)
            await verifier.header(line)
            continue
        try:
            ready = compact.feed(record)
        except Stop as stop:
            raise bad(number, str(stop.failure)) from None
        if not ready:
            held = number
        for at, one in zip((held, number)[2 - len(ready) :], ready, strict=True):
            kind = str(one.pop("t", None))
            if kind == "trailer":
                why = await verifier.finish(line)
                if why is not None:
                    raise _unverified(number, why)
                check_trailer(number, one, found, seen)
                writer.close()
                ended = True
                continue
            _take(at, kind, one, found, seen, writer)
        if not ended:
            await verifier.record(number, line)
        if number % _YIELD_EVERY == 0:  # a line costs ~0.1 ms: give the loop back often
            await asyncio.sleep(0)
    if found is None:
        raise Unprocessable(msg("the body is empty: expected a header line"))
    if not ended:
        raise Unprocessable(msg("the body ends without its trailer: it was cut short"))
    return found


def _take(
    number: int,
    kind: str,
    record: dict[str, Any],
    found: Checked,
    seen: Seen,
    writer: SpoolWriter,
) -> None:
    """One record of the log or the table, checked and spooled (line ``number``)."""
    model = PARTS.get(kind)
    if model is None:
        raise bad(number, f"unknown record type {kind!r}")
    seen.stage(number, kind)
    value = part(number, model, record)
    check_record(number, kind, value, record, found.header_parts, seen)
    row = values(kind, value)
    if kind == "character":
        row["sheet"] = sheet(number, found.campaign.ruleset, value.sheet)
    writer.add(kind, row)
    found.counts[kind] = found.counts.get(kind, 0) + 1
