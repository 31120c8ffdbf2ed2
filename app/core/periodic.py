"""The app's background housekeeping: a round of work run every few seconds or minutes
for as long as the app runs (the idempotency purge, the roll-request expiry sweep, the
purge of old minute tallies). Each is started by the app's lifespan and stopped with it;
a round that fails is logged and the next one runs on time, so one bad round never ends
the loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

__all__ = ["start", "stop"]


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
