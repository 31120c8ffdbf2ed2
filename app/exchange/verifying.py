"""The ordered pass's chain verification in a process of its own, beside the one that
reads it (app/exchange/importing.py: the pass that names the first bad line of a file).

Checking every link, salt and die (``app.rules.verify_lines``) is about half of what an
import's first pass costs; the other half is parsing, the part models and the checks
against the header. The two run at once, on two cores: this process reads the body and
checks what it checks, and hands each line it accepted, as received, to a worker
process, which runs the very same ``LineVerifier`` over them in file order.

The report names the same line the single pass did. The worker stops at the first line
that does not verify and says so at once (read between batches, so a bad line early in a
long upload ends it early). When this process refuses a line itself, it first asks the
worker whether any line it handed over failed: the first bad line in file order wins,
and within one line the refusal the single pass met first (a line goes to the worker
after its part model and the checks against the header, before its sheet is read).

Memory stays bounded: lines travel in batches of ``BATCH_BYTES``, a new batch only once
the worker took the one before. The worker comes from a fork server (a fresh interpreter
that imports only the import's worker modules: ``worker_context``), never a fork of the
server itself (see app/exchange/parallel.py for why).

A worker that dies (killed by the operating system, out of memory) ends the import with a
503 problem (``VerifierLost``): pass 1 writes nothing, so the client sends the file again.
The same goes for the workers of the pass on every core (app/exchange/joining.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any

from app.core.errors import AppError
from app.core.fastjson import FastCodec
from app.core.i18n import msg
from app.rules.verify_lines import LineVerifier
from app.rules.verify_report import Stop

__all__ = ["Refused", "VerifierLost", "VerifierProcess", "worker_context"]

BATCH_BYTES = 256 * 1024
_HEADER, _LINES, _SETTLE, _FINISH = "header", "lines", "settle", "finish"
_STOP, _SETTLED, _DONE = "stop", "settled", "done"

Failure = tuple[int, str]  # line number, why it does not verify
# What the fork server imports once for every worker of an import: this module's, and the
# workers that check pieces of the file (app/exchange/joining.py).
_PRELOAD = [__name__, "app.exchange.pieces"]


def worker_context() -> multiprocessing.context.ForkServerContext:
    """The import's workers' start method: a fork of the fork server (see above)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_PRELOAD)
    return context


class VerifierLost(AppError):
    """The worker went away before it answered: nothing was written, and the same file may
    be sent again."""

    status = 503
    title = "Unavailable"

    def __init__(self) -> None:
        super().__init__(
            msg("the import's verifier process stopped; nothing was written: send the file again"),
            headers={"Retry-After": "1"},
        )


class Refused(Exception):
    """A line that does not verify: its number and the verifier's failure."""

    def __init__(self, number: int, why: str) -> None:
        super().__init__(number, why)
        self.number, self.why = number, why


def _serve(lines: Connection, results: Connection) -> None:
    """The worker: the header, then batches of (number, line), then the trailer."""
    codec = FastCodec()
    verifier = LineVerifier(codec=codec)
    failed: Failure | None = None
    with contextlib.suppress(EOFError, OSError):  # the server went away: so do we
        while True:
            tag, payload = lines.recv()
            if tag == _HEADER:
                verifier.header(codec.loads(payload))  # the server checked it already
            elif tag == _LINES and failed is None:
                failed = _check(verifier, codec, payload)
                if failed is not None:
                    results.send((_STOP, failed))
            elif tag == _SETTLE:
                results.send((_SETTLED, failed))
            elif tag == _FINISH:
                if failed is None:
                    report = verifier.finish(codec.loads(payload))
                    why = None if report.failure is None else str(report.failure)
                    results.send((_DONE, why))
                else:
                    results.send((_SETTLED, failed))
                return


def _check(
    verifier: LineVerifier, codec: FastCodec, batch: list[tuple[int, bytes]]
) -> Failure | None:
    for number, line in batch:
        try:
            verifier.record(codec.loads(line))
        except Stop as stop:
            return number, str(stop.failure)
    return None


class VerifierProcess:
    """The worker's handle, used as ``async with``: ``header``, then ``record`` for each
    line accepted, ``settle`` before refusing a line, ``finish`` with the trailer."""

    def __init__(self) -> None:
        context = worker_context()
        self._lines_in, self._lines = context.Pipe(duplex=False)
        self._results, self._results_out = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_serve, args=(self._lines_in, self._results_out), daemon=True
        )
        self._batch: list[tuple[int, bytes]] = []
        self._size = 0
        self._sending: asyncio.Future[None] | None = None
        self._failed: Failure | None = None
        self._finished = False  # the worker answered the trailer and left

    async def __aenter__(self) -> VerifierProcess:
        try:
            await asyncio.to_thread(self._process.start)  # the fork server's first start: ~0.1 s
        except OSError as exc:
            raise VerifierLost from exc
        self._lines_in.close()  # the worker's ends: ours closed, its EOF is seen
        self._results_out.close()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._sending is not None:
            with contextlib.suppress(Exception):
                await self._sending
        self._lines.close()  # the worker reads EOF and leaves
        self._results.close()
        process = self._process
        await asyncio.to_thread(process.join, 5)
        if process.exitcode is None:  # still busy with a batch: not worth waiting for
            process.terminate()
            await asyncio.to_thread(process.join)

    async def header(self, line: bytes) -> None:
        await self._send(_HEADER, line)

    async def record(self, number: int, line: bytes) -> None:
        """Queue a line; raises ``Refused`` once the worker said an earlier one is bad."""
        self._batch.append((number, line))
        self._size += len(line)
        if self._size >= BATCH_BYTES:
            self._poll()
            if self._failed is not None:
                raise Refused(*self._failed)
            await self._flush()

    async def settle(self) -> Failure | None:
        """Every line queued so far checked: the first that does not verify, or None."""
        if not self._finished:
            await self._flush()
            await self._send(_SETTLE, None)
            await self._answer(_SETTLED)
        return self._failed

    async def finish(self, trailer: bytes) -> str | None:
        """The trailer checked after every line: the verifier's failure, or None; raises
        ``Refused`` for a line before it."""
        await self._flush()
        await self._send(_FINISH, trailer)
        tag, payload = await self._answer(_DONE, _SETTLED)
        self._finished = True
        if self._failed is not None:
            raise Refused(*self._failed)
        return payload if tag == _DONE else None

    async def _flush(self) -> None:
        batch, self._batch, self._size = self._batch, [], 0
        if batch:
            await self._send(_LINES, batch)

    async def _send(self, tag: str, payload: Any) -> None:
        """Send in a thread (a batch waits there until the worker takes it), one at a time;
        this returns once the previous send is through, so one batch is on its way while
        this process reads the next."""
        if self._sending is not None:
            sending, self._sending = self._sending, None
            try:
                await sending
            except OSError as exc:  # a broken pipe: the worker is gone
                raise VerifierLost from exc
        self._sending = asyncio.ensure_future(asyncio.to_thread(self._lines.send, (tag, payload)))

    def _poll(self) -> None:
        """Read what the worker said unasked: a line that does not verify."""
        try:
            while self._failed is None and self._results.poll():
                tag, payload = self._recv()
                if tag == _STOP:
                    self._failed = payload
        except OSError as exc:  # polling a pipe the worker's death closed
            raise VerifierLost from exc

    async def _answer(self, *tags: str) -> tuple[str, Any]:
        """The worker's answer to the last request (a stop read on the way is kept)."""
        while True:
            tag, payload = await asyncio.to_thread(self._recv)
            if tag == _STOP:
                self._failed = payload
            elif tag in tags:
                if tag == _SETTLED and payload is not None:
                    self._failed = payload
                return tag, payload

    def _recv(self) -> tuple[str, Any]:
        """The worker's next word; its end closed (the worker died) is ``VerifierLost``."""
        try:
            message: tuple[str, Any] = self._results.recv()
        except (EOFError, OSError) as exc:
            raise VerifierLost from exc
        return message
