"""``fairtable verify`` of a large line-format file on every core: the file cut into pieces
of whole lines, each piece checked in a worker process (``app.rules.verify_chunks``), the
pieces joined in order in this one. An import's first pass cuts its body the same way
(``Splitter``, ``Inflater``: app/exchange/joining.py).

Memory stays bounded: at most ``2 * workers`` pieces are out at a time, and what a piece
sends back is a few dozen bytes a link. The pass only ever says the file is sound: if a
piece or a join fails, or the file is not cut as expected (gzip that does not end well,
a line longer than a few pieces, a header or trailer that does not read), ``verify``
answers None and the caller verifies the file whole, in order, for the report naming
the first bad record. Kept off the heavy imports (FastAPI, the settings): the workers
are forked from a fork server that imports only this module.

Workers never fork this process itself: a fork taken while another thread holds a lock
(logging's, the allocator's, a database driver's) leaves that lock held forever in the
child, and the pass would wait for it forever. The fork server is a fresh interpreter
with one thread, so that cannot happen whatever threads the caller runs.
"""

from __future__ import annotations

import multiprocessing
import zlib
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from multiprocessing.pool import AsyncResult, Pool
from typing import IO, Any

from app.core.fastjson import FastCodec, read_alike
from app.rules.verify_chunks import Joiner, Piece, check_piece
from app.rules.verify_dice import is_map
from app.rules.verify_report import Report, Stop

__all__ = ["PIECE", "Inflater", "Splitter", "Unusual", "verify"]

PIECE = 1024 * 1024  # bytes of lines a worker checks at a time (~400 rolls)
_BLOCK = 1024 * 1024
_LONGEST = 16  # PIECEs' worth of a line (or a run of roll lines) past which we give up
_PATIENCE = 300.0  # seconds a piece may take (a killed worker's never comes back)
_GZIP = b"\x1f\x8b"
# A piece starts before a record's line, never before a roll's or request's (which
# follows its link); the trailer line is split off too.
_HEADS = (b'{"t":"', b'{"t": "')
_FOLLOWERS = (b"roll", b"message")  # records that must follow the line before them
_LOOK = len(_HEADS[1]) + len(b"message")


class Unusual(Exception):
    """The file is not as this pass expects: the whole, ordered pass reads it."""


def _work(header: bytes, piece: bytes) -> Piece:
    return check_piece(header, piece, FastCodec(alike=read_alike(header) and read_alike(piece)))


class Inflater:
    """A gzip stream inflated as it comes, a bounded block at a time (a gzip bomb grows
    a block at a time, and the caller bounds what it keeps)."""

    def __init__(self) -> None:
        self._unzip = zlib.decompressobj(31)

    def feed(self, data: bytes) -> Iterator[bytes]:
        unzip = self._unzip
        while data:
            yield unzip.decompress(data, _BLOCK)  # zlib.error: unusual
            data = unzip.unconsumed_tail
            if unzip.eof and (data or unzip.unused_data):
                raise Unusual("data after the gzip stream")

    def end(self) -> None:
        if not self._unzip.eof:
            raise Unusual("the gzip stream is cut short")


def _inflated(handle: IO[bytes], first: bytes, advance: Callable[[int], Any]) -> Iterator[bytes]:
    inflater = Inflater()
    data = first
    while data:
        yield from inflater.feed(data)
        data = handle.read(_BLOCK)
        advance(len(data))
    inflater.end()


def _blocks(path: str, advance: Callable[[int], Any]) -> Iterator[bytes]:
    with open(path, "rb") as handle:
        first = handle.read(_BLOCK)
        advance(len(first))
        if first[:2] == _GZIP:
            yield from _inflated(handle, first, advance)
            return
        while first:
            yield first
            first = handle.read(_BLOCK)
            advance(len(first))


def _starts_piece(buffer: bytearray, start: int) -> bool:
    """Whether the line at ``start`` is a record a piece may start with: not a roll's, a
    request's (``{"t":"roll…``, or ``{"t": "roll…`` as ``json.dumps`` spaces it) or a chat
    message's (``{"t":"message…``)."""
    for head in _HEADS:
        if buffer.startswith(head, start):
            return not any(buffer.startswith(f, start + len(head)) for f in _FOLLOWERS)
    return False


def _cut(buffer: bytearray, piece: int) -> int:
    """Where the piece starting ``buffer`` ends: after the first newline past ``piece``
    bytes that a record other than a roll's or a request's follows; 0 for not yet."""
    at = buffer.find(b"\n", piece - 1)
    while 0 <= at < len(buffer) - _LOOK:
        start = at + 1
        if _starts_piece(buffer, start):
            return start
        at = buffer.find(b"\n", start)
    return 0


class Splitter:
    """A stream of bytes cut, as it comes, into ``(b"header", line)``, then
    ``(b"piece", lines)`` of about ``piece`` bytes each, then ``(b"trailer", line)``:
    ``feed`` each block (taking all it yields before the next), then ``end``. It keeps
    at most ``_LONGEST`` pieces' worth of bytes: a file with no place to cut (or no end
    to its first line) is ``Unusual``."""

    def __init__(self, piece: int) -> None:
        self._piece = piece
        self._most = _LONGEST * max(piece, PIECE)
        self._buffer = bytearray()
        self._header = False

    def feed(self, block: bytes) -> Iterator[tuple[bytes, bytes]]:
        buffer = self._buffer
        buffer += block
        if not self._header:
            while (at := buffer.find(b"\n")) >= 0 and not self._header:
                line = bytes(buffer[:at])
                del buffer[: at + 1]
                if line.strip():
                    self._header = True
                    yield b"header", line
            if not self._header:
                if len(buffer) > self._most:
                    raise Unusual("no end to the first line")
                return
        while len(buffer) >= self._piece:
            cut = _cut(buffer, self._piece)
            if cut == 0:
                if len(buffer) > self._most:
                    raise Unusual("no place to cut")
                break
            with memoryview(buffer) as view:  # one copy, not a slice's and then bytes'
                piece = bytes(view[:cut])
            del buffer[:cut]
            yield b"piece", piece

    def end(self) -> Iterator[tuple[bytes, bytes]]:
        rest = bytes(self._buffer)
        self._buffer.clear()
        end = len(rest)
        while self._header:
            start = rest.rfind(b"\n", 0, end) + 1
            if rest[start:end].strip():
                if rest[:start].strip():
                    yield b"piece", rest[:start]
                yield b"trailer", rest[start:end]
                return
            if start == 0:
                break
            end = start - 1
        raise Unusual("no header or no trailer")


def _split(blocks: Iterator[bytes], piece: int) -> Iterator[tuple[bytes, bytes]]:
    """("header", line), then ("piece", lines) as they come, then ("trailer", line)."""
    splitter = Splitter(piece)
    for block in blocks:
        yield from splitter.feed(block)
    yield from splitter.end()


Progress = Callable[[], AbstractContextManager[Callable[[int], Any]]]


def verify(path: str, progress: Progress, workers: int, piece: int = PIECE) -> Report | None:
    """The report of a sound file, or None (see the module doc). ``progress()`` is
    entered once the workers are up."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    pool = context.Pool(workers)
    window: deque[AsyncResult[Piece]] = deque()
    try:
        with progress() as advance:
            return _pass(pool, window, path, advance, workers, piece)
    except (Stop, Unusual, OSError, ValueError, zlib.error, multiprocessing.TimeoutError):
        return None
    finally:
        _shut(pool, window)


def _pass(
    pool: Pool,
    window: deque[AsyncResult[Piece]],
    path: str,
    advance: Callable[[int], Any],
    workers: int,
    piece: int,
) -> Report | None:
    """The pieces out to the workers, joined in order; a piece leaves ``window`` only once
    its answer is in."""
    codec = FastCodec()
    joiner = Joiner(codec)
    header = b""

    def join_first() -> None:
        joiner.join(window[0].get(_PATIENCE))
        window.popleft()

    for kind, data in _split(_blocks(path, advance), piece):
        if kind == b"header":
            header = data
            value = codec.loads(data)
            if not is_map(value):
                return None
            joiner.header(value)
        elif kind == b"piece":
            window.append(pool.apply_async(_work, (header, data)))
            if len(window) >= 2 * workers:
                join_first()
        else:
            while window:
                join_first()
            value = codec.loads(data)
            if not is_map(value):
                return None
            report = joiner.finish(value)
            return report if report.ok else None
    return None


def _shut(pool: Pool, window: deque[AsyncResult[Piece]]) -> None:
    """Let the workers go with nothing in flight. ``Pool.terminate()`` with pieces still
    queued (a pass that stopped at a bad piece) can deadlock: its task thread waits on the
    queue's lock forever. So the pieces out are waited for, and the workers leave on their
    own; only a piece that never answers (a worker killed) calls for terminate."""
    pool.close()
    for result in window:
        result.wait(_PATIENCE)
        if not result.ready():
            pool.terminate()
            return
    pool.join()
