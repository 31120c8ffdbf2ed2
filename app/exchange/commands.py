"""The operator's ``fairtable verify``, ``export`` and ``import`` (``app.cli`` parses the
arguments): each streams its file in constant memory, shows a progress bar on a terminal
(rich, on stderr; quiet otherwise) and prints a one-line summary.

``verify`` of a large line-format file runs on every core (``app.exchange.parallel``);
when that pass does not find the file sound, the file is verified again whole and in
order, so the report names the first bad record exactly as one process would. Both read
and encode JSON with orjson where it gives the standard library's values and bytes
(``app.core.fastjson``). The database and FastAPI modules are imported only by the
commands that use them: ``verify`` stays small, and so do its forked workers."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

from app.core.fastjson import FastCodec
from app.exchange import parallel
from app.rules.verify import verify
from app.rules.verify_lines import verify_lines
from app.rules.verify_report import Report

_CHUNK = 64 * 1024
# The verifier's own bound on a line: a file is checked offline, without the settings.
_VERIFY_LINE = 64 * 1024 * 1024
_GZIP_MAGIC = b"\x1f\x8b"  # app.exchange.lines.GZIP_MAGIC, without its imports
# Below this size a file is verified in this process alone: forking costs more.
PARALLEL_FROM = 16 * 1024 * 1024


@contextmanager
def progress(label: str, total: int | None) -> Iterator[Any]:
    """A bar on stderr when it is a terminal; ``advance(n)`` either way."""
    bar = Progress(
        TextColumn(label),
        BarColumn(),
        DownloadColumn() if total else TextColumn("{task.completed:,.0f} rolls"),
        TimeRemainingColumn(),
        transient=True,
        disable=not sys.stderr.isatty(),
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def _chunks(path: str, advance: Any) -> Iterator[bytes]:
    with open(path, "rb") as handle:
        while chunk := handle.read(_CHUNK):
            advance(len(chunk))
            yield chunk


def _file_lines(path: str, advance: Any) -> Iterator[bytes]:
    from app.exchange import lines

    reader = lines.Lines(_VERIFY_LINE)
    for chunk in _chunks(path, advance):
        yield from reader.feed(chunk)
    yield from reader.end()


def _is_lines(path: str) -> bool:
    """The line format (gzip, or a first line that is a header), or a single document."""
    with open(path, "rb") as handle:
        start = handle.read(2)
        if start == _GZIP_MAGIC:
            return True
        first = start + handle.readline(_VERIFY_LINE)
    try:
        value = json.loads(first)
    except ValueError:
        return False
    return isinstance(value, dict) and value.get("t") == "header"


def verify_file(path: str, workers: int | None = None, piece: int | None = None) -> int:
    """Exit 0 when every check passed, 1 otherwise (also for an unreadable file).
    ``workers`` processes (one a core by default; 1: this one alone) check a line-format
    file of ``PARALLEL_FROM`` bytes or more, or any if ``piece`` (bytes) is given."""
    started = time.perf_counter()
    if workers is None:
        workers = os.cpu_count() or 1
    try:
        report = _verify(path, workers, piece)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"FAIL: cannot read {path}: {exc}")
        return 1
    except _Unreadable as exc:  # a broken gzip stream, a line past the bound
        print(f"FAIL: cannot read {path}: {exc}")
        return 1
    print(report.summary())
    if report.ok:
        print(f"verified {path} in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0 if report.ok else 1


def _verify(path: str, workers: int, piece: int | None) -> Report:
    size = os.path.getsize(path)
    if not _is_lines(path):  # an audit bundle, or an export of the single-document format
        with progress("verify", size), open(path, encoding="utf-8") as handle:
            return verify(json.load(handle))  # the standard codec: json.load may give a NaN
    if workers > 1 and (size >= PARALLEL_FROM or piece is not None):
        bar = partial(progress, "verify", size)
        found = parallel.verify(path, bar, workers, piece or parallel.PIECE)
        if found is not None:
            return found
    from app.core.errors import AppError  # with FastAPI: only on this path

    with progress("verify" if workers == 1 else "verify, in order", size) as advance:
        try:
            return verify_lines(_file_lines(path, advance), FastCodec())
        except AppError as exc:
            raise _Unreadable(exc.detail) from exc


class _Unreadable(Exception):
    """What ``app.exchange.lines`` refuses to read, as the operator is told."""


def export_file(url: str, campaign_id: str, path: str) -> int:
    """A full backup of one campaign, secret seed included, written readable by its
    owner only; exit 1 (no file left) when the campaign is not there."""
    from app.core.database import create_database
    from app.core.errors import AppError
    from app.exchange.backup import backup

    started = time.perf_counter()

    async def run(handle: Any, advance: Any) -> dict[str, int]:
        database = create_database(url, pool_size=1)
        await database.start()
        try:
            return await backup(database, campaign_id, handle, advance)
        finally:
            await database.close()

    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle, progress("export", None) as advance:
            counts = asyncio.run(run(handle, advance))
    except AppError as exc:
        os.unlink(path)
        print(f"fairtable: {exc.detail}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"fairtable: campaign {campaign_id} backed up to {path} (keep it secret): "
          f"{counts.get('rolls', 0)} rolls, {counts.get('events', 0)} events "
          f"in {seconds:.1f} s")  # fmt: skip
    return 0


def import_file(url: str, path: str, max_line: int) -> int:
    """Restore a backup made by ``fairtable export``; exit 1 (nothing written) if it does
    not verify, or the campaign is still there."""
    from app.core.database import create_database
    from app.core.errors import AppError
    from app.core.heap import fix_mmap_threshold
    from app.exchange.backup import restore

    fix_mmap_threshold()
    started = time.perf_counter()

    async def run(advance: Any) -> dict[str, Any]:
        async def chunks() -> AsyncIterator[bytes]:
            for chunk in _chunks(path, advance):
                yield chunk
                await asyncio.sleep(0)

        database = create_database(url, pool_size=1)
        await database.start()
        try:
            return await restore(database, chunks(), max_line)
        finally:
            await database.close()

    try:
        with progress("import", os.path.getsize(path)) as advance:
            done = asyncio.run(run(advance))
    except OSError as exc:
        print(f"fairtable: cannot read {path}: {exc}", file=sys.stderr)
        return 1
    except AppError as exc:
        print(f"fairtable: {exc.detail}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"fairtable: campaign {done['id']} restored ({done['rolls']} rolls, "
          f"{done['members']} members) in {seconds:.1f} s")  # fmt: skip
    return 0
