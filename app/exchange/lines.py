"""The line format of exports and backups (docs/export.md, "The line format"): one JSON
object a line, a header first, a trailer last; gzip when asked. Reading is bounded per
line (``VTT_MAX_IMPORT_LINE_BYTES``), never per file, so a file of any size streams in
constant memory; a line too long, a broken gzip or a line that is not JSON is refused with
``Unprocessable`` naming the line."""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any

from app.core.errors import Unprocessable
from app.core.i18n import message_of, msg
from app.core.jsontext import dumps, loads
from app.core.text import body_errors

FORMAT, VERSION = "fairtable-campaign", 7
BACKUP_FORMAT, BACKUP_VERSION = "fairtable-backup", 6
# The versions before, still read: the one before wrote each roll's latest link whole (no
# compact event: app/rules/compact.py), the one before that had no ``acted_by`` on its
# rolls (the bot that made a roll for its player), the one before that no chat (no
# ``message`` line), and the one before that no roll requests and no grants either (no
# ``roll_request`` or ``grant``).
READ_VERSIONS = {FORMAT: (3, 4, 5, 6, VERSION), BACKUP_FORMAT: (2, 3, 4, 5, BACKUP_VERSION)}
# The first version of each whose ``roll`` records carry ``acted_by`` (those before never do).
ACTED_BY_SINCE = {FORMAT: 6, BACKUP_FORMAT: 5}
MEDIA_TYPE = "application/x-ndjson"
GZIP_MAGIC = b"\x1f\x8b"
_CHUNK = 64 * 1024


def encode(records: Iterable[dict[str, Any]]) -> bytes:
    """Records as lines (orjson writes no newline inside a value)."""
    return b"".join(dumps(record) + b"\n" for record in records)


class Gzip:
    """A gzip member written chunk by chunk, at level 3: on an export, twice as fast as
    level 6 (``gzip``'s default: 176 against 376 MB/s here), for a file a third larger
    (14.9 against 20.5 times smaller than the lines). A million-roll export costs the
    server 7 s of compression, not 16."""

    def __init__(self) -> None:
        self._zip = zlib.compressobj(3, zlib.DEFLATED, 31)

    def chunk(self, data: bytes) -> bytes:
        return self._zip.compress(data)

    def end(self) -> bytes:
        return self._zip.flush()


class Lines:
    """Splits a byte stream into lines, decompressing gzip when it starts with its magic
    bytes, and refusing a line longer than ``max_line``. Feed it, then take the lines."""

    def __init__(self, max_line: int) -> None:
        self.max_line = max_line
        self.number = 0  # lines handed out so far
        self._buffer = bytearray()
        self._unzip: Any = None
        self._sniffed = False

    def feed(self, data: bytes) -> Iterator[bytes]:
        """The complete lines ``data`` ends (without their newline)."""
        if not self._sniffed:
            self._buffer += data
            if len(self._buffer) < 2 and data:
                return iter(())
            self._sniffed = True
            data, self._buffer = bytes(self._buffer), bytearray()
            if data.startswith(GZIP_MAGIC):
                self._unzip = zlib.decompressobj(31)
        if self._unzip is None:
            return self._split(data)
        return self._inflate(data)

    def _inflate(self, data: bytes) -> Iterator[bytes]:
        unzip = self._unzip
        try:
            while data:  # bounded output: a gzip bomb grows one line at a time, then stops
                out = unzip.decompress(data, _CHUNK)
                yield from self._split(out)
                data = unzip.unconsumed_tail
                if unzip.eof and unzip.unused_data:
                    raise Unprocessable(msg("the body holds data after its gzip stream"))
        except zlib.error as exc:
            raise Unprocessable(
                msg("the body is not valid gzip: {exc}", exc=message_of(exc))
            ) from exc

    def _split(self, data: bytes) -> Iterator[bytes]:
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                self._buffer += data[start:]
                self._check(len(self._buffer))
                return
            self._check(len(self._buffer) + end - start)
            line = bytes(self._buffer) + data[start:end] if self._buffer else data[start:end]
            self._buffer.clear()
            start = end + 1
            self.number += 1
            yield line

    def _check(self, length: int) -> None:
        if length > self.max_line:
            raise Unprocessable(
                msg(
                    "line {value}: longer than {max_line} bytes (VTT_MAX_IMPORT_LINE_BYTES)",
                    value=self.number + 1,
                    max_line=self.max_line,
                )
            )

    def end(self) -> Iterator[bytes]:
        """What is left when the stream ends: a last line without its newline."""
        if self._unzip is not None and not self._unzip.eof:
            raise Unprocessable(msg("the gzip stream is cut short"))
        if self._buffer.strip():
            self.number += 1
            yield bytes(self._buffer)
        self._buffer.clear()


def parse(number: int, line: bytes) -> dict[str, Any]:
    """One line's object, or 422 naming the line."""
    try:
        value = loads(line)
    except ValueError as exc:
        raise Unprocessable(
            msg("line {number}: not JSON ({exc})", number=number, exc=message_of(exc))
        ) from exc
    if not isinstance(value, dict):
        raise Unprocessable(msg("line {number}: not a JSON object", number=number))
    refused = body_errors(line)  # a NUL character, which no database stores alike
    if refused:
        where = ".".join(str(part) for part in refused[0]["loc"][1:])
        raise Unprocessable(
            msg("line {number}: {where}: {why}", number=number, where=where,
                why=refused[0]["msg"])
        )  # fmt: skip
    return value


async def records(
    chunks: AsyncIterable[bytes], max_line: int
) -> AsyncIterator[tuple[int, bytes, dict[str, Any]]]:
    """(line number, line, object) for each non-blank line of a streamed body."""
    lines = Lines(max_line)
    async for chunk in chunks:
        for line in lines.feed(chunk):
            if line.strip():
                yield lines.number, line, parse(lines.number, line)
    for line in lines.end():
        yield lines.number, line, parse(lines.number, line)


def file_lines(path: str, max_line: int) -> Iterator[bytes]:
    """The lines of a file, gzip or not, read in chunks (the CLI's verify and restore)."""
    lines = Lines(max_line)
    with open(path, "rb") as handle:
        while chunk := handle.read(_CHUNK):
            yield from lines.feed(chunk)
    yield from lines.end()
