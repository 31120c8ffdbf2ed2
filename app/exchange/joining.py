"""An import's first pass on every core: the body cut into pieces of whole lines as it
arrives, each piece checked in a worker process (app/exchange/pieces.py), the pieces
joined here in file order.

The ordered pass (app/exchange/importing.py) reads and checks every line in the server
process, with only the chain's verification beside it, in a second process: on two cores
its server process was the bottleneck, a million-roll import spending 99 s in it while
the verifier sat idle half of the time. Here the server process only cuts, hands out and
joins: the workers read each line once, verify it, check it and make its rows; the join
replays what each piece could not check alone (the chain across pieces:
``app.rules.verify_chunks.Joiner``; the records' facts: ``app.exchange.seen.replay``) and
appends the piece's spool. Memory stays bounded: at most two pieces a worker are out.

The workers are the process's own, one a core, started by its first import and shared by
every import after it (``Workers``): two imports at once take turns on the cores rather
than each starting its own. A pool that lost a worker (the operating system killed it)
is let go, its imports answered 503, and the next import starts a new one.

This pass only ever vouches for a sound file. At the first doubt (a piece or a join that
fails, a file cut oddly) it raises ``NotSure``, and the caller runs the ordered pass over
the same bytes for the 422 naming the first bad line, exactly as before."""

from __future__ import annotations

import asyncio
import os
from collections import deque
from collections.abc import AsyncIterable, AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import IO, Any

from app.core.fastjson import FastCodec
from app.core.heap import tune_garbage_collector
from app.core.tables import PLAIN_ROWS, RowsFor
from app.exchange import lines
from app.exchange.parallel import PIECE, Inflater, Splitter
from app.exchange.pieces import CheckedPiece, PieceTask, check_piece
from app.exchange.records import Checked, check_trailer, read_header
from app.exchange.seen import Seen, replay
from app.exchange.verifying import VerifierLost, worker_context
from app.rules.verify_chunks import Joiner

__all__ = ["WORKERS", "NotSure", "Workers", "quick_check"]


class NotSure(Exception):
    """This pass cannot vouch for the file: the ordered pass decides."""


def workers() -> int:
    """One worker a core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class Workers:
    """The process's pool of import workers: made when first needed, kept, let go when it
    lost a worker."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self.count = workers()

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.count, mp_context=worker_context(), initializer=tune_garbage_collector
            )
        return self._pool

    def lost(self, pool: ProcessPoolExecutor) -> VerifierLost:
        """``pool`` lost a worker: the next import makes a new one."""
        if self._pool is pool:
            self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)
        return VerifierLost()

    async def close(self) -> None:
        """Stop the workers (the server's shutdown); an import after it starts new ones."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)


WORKERS = Workers()


async def quick_check(
    chunks: AsyncIterable[bytes],
    max_line: int,
    backup: bool,
    spool: IO[bytes],
    piece: int = PIECE,
    *,
    rows_for: RowsFor = PLAIN_ROWS,
) -> Checked:
    """The checked import, its records spooled to ``spool`` (the log's rows made for the
    database: ``rows_for``); ``NotSure`` at the first doubt,
    ``VerifierLost`` if a worker dies. ``piece``: bytes of lines a worker takes."""
    pool = WORKERS.pool()
    join = _Join(spool, max_line, backup)
    window: deque[asyncio.Future[CheckedPiece]] = deque()
    try:
        async for kind, data in _cut(chunks, piece):
            if kind == b"piece":
                task = (join.header, data, max_line, backup, rows_for)
                window.append(await _submit(pool, task))
                if len(window) >= 2 * WORKERS.count:
                    join.piece(await _result(pool, window.popleft()))
            elif kind == b"header":
                join.start(data)
            else:
                while window:
                    join.piece(await _result(pool, window.popleft()))
                return join.finish(data)
        raise NotSure  # pragma: no cover - _cut ends with the trailer or raises
    except VerifierLost:
        raise
    except Exception as exc:  # a refusal, a doubt, or a fault of this pass alone
        raise NotSure from exc
    finally:
        for future in window:  # the workers drop what is not started; the rest is let go
            future.cancel()


async def _cut(chunks: AsyncIterable[bytes], piece: int) -> AsyncIterator[tuple[bytes, bytes]]:
    """The body's header, pieces and trailer (``Splitter``), gzip or not."""
    splitter = Splitter(piece)
    inflater: Inflater | None = None
    # the body's first bytes, until there are two to tell gzip by
    first: bytearray | None = bytearray()
    async for received in chunks:
        chunk = received
        if first is not None:
            first += received
            if len(first) < 2:
                continue
            chunk, first = bytes(first), None
            if chunk.startswith(lines.GZIP_MAGIC):
                inflater = Inflater()
        for block in (chunk,) if inflater is None else inflater.feed(chunk):
            for found in splitter.feed(block):
                yield found
    if inflater is not None:
        inflater.end()
    for found in splitter.end():
        yield found


async def _submit(pool: ProcessPoolExecutor, task: PieceTask) -> asyncio.Future[CheckedPiece]:
    """A piece out to the workers. Submitting may start a worker (a fork of the fork
    server, which the first ever starts: about a second): done in a thread."""
    try:
        future = await asyncio.to_thread(lambda: pool.submit(check_piece, *task))
    except BrokenProcessPool as exc:
        raise WORKERS.lost(pool) from exc
    return asyncio.wrap_future(future)


async def _result(pool: ProcessPoolExecutor, future: asyncio.Future[CheckedPiece]) -> CheckedPiece:
    try:
        return await future
    except BrokenProcessPool as exc:
        raise WORKERS.lost(pool) from exc


class _Join:
    """The pieces taken in file order: the header, each piece, the trailer."""

    def __init__(self, spool: IO[bytes], max_line: int, backup: bool) -> None:
        self.spool, self.max_line, self.backup = spool, max_line, backup
        self.codec = FastCodec()
        self.joiner = Joiner(self.codec)
        self.seen = Seen()
        self.header = b""
        self.found: Checked | None = None

    def _line(self, line: bytes) -> dict[str, Any]:
        if len(line) > self.max_line:
            raise NotSure
        return lines.parse(0, line)

    def start(self, line: bytes) -> None:
        record = self._line(line)
        self.joiner.header(self.codec.loads_read(line, record))
        rest = dict(record)
        self.found = read_header(1, rest, rest.pop("t", None), self.backup, self.spool)
        self.header = line

    def piece(self, piece: CheckedPiece) -> None:
        found = self.found
        if not piece.sound or found is None:
            raise NotSure
        self.joiner.join(piece.chain)
        replay(self.seen, piece.notes)
        for kind, count in piece.counts.items():
            found.counts[kind] = found.counts.get(kind, 0) + count
        self.spool.write(piece.spool)

    def finish(self, line: bytes) -> Checked:
        found, record = self.found, self._line(line)
        if found is None or record.get("t") != "trailer":
            raise NotSure
        if not self.joiner.finish(self.codec.loads_read(line, record)).ok:
            raise NotSure
        check_trailer(0, {k: v for k, v in record.items() if k != "t"}, found, self.seen)
        return found
