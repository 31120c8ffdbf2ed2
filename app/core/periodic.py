"""The app's background housekeeping: a round of work run every few seconds or minutes
for as long as the app runs (the idempotency purge, the roll-request expiry sweep, the
purge of old minute tallies). Each is started by the app's lifespan and stopped with it;
a round that fails is logged and the next one runs on time, so one bad round never ends
the loop. What a purge keeps, and for how long, is a ``Retention``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import ClassVar

from app.core.db import utcnow

__all__ = ["Retention", "start", "stop"]


class Retention:
    """How long one kind of row is kept, and the clock it is measured by (tests inject
    one): a subclass per kind, set once at start-up (``configure``), like the password
    cost."""

    keep: ClassVar[timedelta] = timedelta(days=1)
    clock: ClassVar[Callable[[], datetime]] = staticmethod(utcnow)

    @classmethod
    def cutoff(cls) -> datetime:
        """Rows older than this (by the clock) are past their retention."""
        return cls.clock() - cls.keep

    @classmethod
    def configure(cls, keep: timedelta, clock: Callable[[], datetime] | None = None) -> None:
        cls.keep = keep
        cls.clock = staticmethod(clock or utcnow)


async def _run(
    round_: Callable[[], Awaitable[int]], every_seconds: float, log: logging.Logger, what: str
) -> None:
    while True:
        await asyncio.sleep(every_seconds)
        try:
            done = await round_()
        except Exception:
            log.exception("%s failed", what)
            continue
        if done:
            log.info("%s: %d", what, done)


def start(
    name: str,
    round_: Callable[[], Awaitable[int]],
    every_seconds: float,
    log: logging.Logger,
    what: str,
) -> asyncio.Task[None]:
    """Run ``round_`` every ``every_seconds`` (the first after one wait); what a round
    answers (how many rows it handled) is logged as ``what: n`` when not 0."""
    return asyncio.create_task(_run(round_, every_seconds, log, what), name=name)


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
