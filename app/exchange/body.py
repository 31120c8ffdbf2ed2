"""An import's body, kept in a temporary file as fast as the client sends it, and read
back by the checking pass at its own pace (app/exchange/importing.py).

Reading ahead of the check does two things. The ordered pass, when the quick one is not
sure of the file, reads the same bytes again from the start, whatever part of them had
arrived. And the server knows when the client is done sending: only then may an import
hold a database connection while it is still being checked (``Overlap``,
app/exchange/service.py), so a client that sends slowly never holds one. The file takes
the body's size on disk, which the kept copy always took; memory holds a chunk at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import tempfile
from collections.abc import AsyncIterable, AsyncIterator, Callable

_READ = 1024 * 1024  # bytes read back at a time


class Body:
    """``fill`` the file from the request (a task of its own); ``chunks`` read it back
    from the start, waiting for what has not arrived yet. ``lost`` holds the stream's own
    failure (the client went away): the readers raise it."""

    def __init__(self, chunks: AsyncIterable[bytes], on_end: Callable[[], None] | None = None):
        self._source = chunks
        self._file = tempfile.TemporaryFile()  # noqa: SIM115 - closed by ``close``
        self._size = 0
        self._grew = asyncio.Event()
        self._on_end = on_end
        self.ended = False
        self.lost: BaseException | None = None
        self._task = asyncio.create_task(self._fill())

    async def _fill(self) -> None:
        try:
            async for chunk in self._source:
                if chunk:
                    os.write(self._file.fileno(), chunk)  # the page cache: microseconds
                    self._size += len(chunk)
                    self._grew.set()
        except Exception as exc:
            self.lost = exc
        finally:
            self.ended = True
            self._grew.set()
        if self.lost is None and self._on_end is not None:
            self._on_end()

    async def chunks(self) -> AsyncIterator[bytes]:
        """The body from its first byte; the stream's failure once what came is read."""
        at = 0
        fd = self._file.fileno()
        while True:
            if at < self._size:
                data = os.pread(fd, min(_READ, self._size - at), at)
                at += len(data)
                yield data
                continue
            if self.ended:
                if self.lost is not None:
                    raise self.lost
                return
            self._grew.clear()
            await self._grew.wait()

    async def close(self) -> None:
        """Stop reading the request and free the file (in a worker thread: freeing
        hundreds of MB takes the file system tens of milliseconds)."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        await asyncio.to_thread(self._file.close)
