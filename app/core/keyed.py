"""What a process keeps per campaign for its write jobs: a queue (``KeyedLocks``, with
what its holders leave parked for later ones) and a memo (``Memos``: what one job's batch
leaves the next, app/campaigns/memo.py)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from typing import Any


class KeyedLocks:
    """One FIFO lock per key (a campaign id), kept only while someone holds or waits.

    A release hands the lock to the first waiter still waiting (it holds it from then on),
    so a waiter may also be woken by someone else: a job that parked its batch waits in the
    queue (``queue``) for its turn or for the statement that writes its batch, whichever
    comes first, on one future (app/core/postgres.py)."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}

    async def acquire(self, key: str) -> None:
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _Entry()
        entry.users += 1
        if not entry.held:  # free: nobody waits either (a release hands it on)
            entry.held = True
            return
        waiter: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        entry.waiters.append(waiter)
        try:
            await waiter
        except BaseException:
            self.leave(key, waiter)
            raise

    def queue(self, key: str) -> asyncio.Future[Any]:
        """Wait for ``key`` (which the caller holds or waits for) without blocking: the
        future is answered ``TURN`` when the lock is handed over. Anyone may answer it
        first with something else; the caller then ``leave``s the queue."""
        entry = self._entries[key]
        entry.users += 1
        waiter: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        entry.waiters.append(waiter)
        return waiter

    def leave(self, key: str, waiter: asyncio.Future[Any]) -> None:
        """Out of the queue, ``waiter`` answered otherwise or cancelled; had the lock been
        handed to it meanwhile, it goes on to the next."""
        entry = self._entries[key]
        if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
            if waiter.result() is TURN:
                self._hand_over(entry)
        else:
            waiter.cancel()  # still queued: a release skips it
        self._leave(key, entry)

    def release(self, key: str) -> None:
        entry = self._entries[key]
        self._hand_over(entry)
        self._leave(key, entry)

    def waited_for(self, key: str) -> bool:
        """Whether someone besides the holder waits for ``key``."""
        entry = self._entries.get(key)
        return entry is not None and entry.users > 1

    def parked(self, key: str) -> Any:
        """What the holders of ``key`` left parked for a later one (PostgreSQL's parked
        batches), or None. It lives as long as someone holds or waits for ``key``."""
        entry = self._entries.get(key)
        return None if entry is None else entry.parked

    def park(self, key: str, value: Any) -> None:
        """Leave ``value`` parked on ``key``, which the caller holds (None: take it away)."""
        self._entries[key].parked = value

    @staticmethod
    def _hand_over(entry: _Entry) -> None:
        while entry.waiters:
            waiter = entry.waiters.popleft()
            if not waiter.done():
                waiter.set_result(TURN)
                return
        entry.held = False

    def _leave(self, key: str, entry: _Entry) -> None:
        entry.users -= 1
        if entry.users == 0:
            del self._entries[key]


TURN = object()
"""What a waiter's future is answered with when the lock is handed to it."""


class _Entry:
    __slots__ = ("held", "parked", "users", "waiters")

    def __init__(self) -> None:
        self.held = False
        self.waiters: deque[asyncio.Future[Any]] = deque()
        self.users = 0
        self.parked: Any = None


class Memos:
    """A memo per key, the ``size`` most recently used kept: a busy server's tables stay
    remembered between their rolls, an idle one's are dropped first."""

    def __init__(self, size: int = 1024) -> None:
        self._size = size
        self._memos: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def get(self, key: str) -> dict[str, Any]:
        """The memo of ``key`` (a new, empty one if none is kept)."""
        memo = self._memos.get(key)
        if memo is None:
            memo = self._memos[key] = {}
            if len(self._memos) > self._size:
                self._memos.popitem(last=False)
        else:
            self._memos.move_to_end(key)
        return memo

    def peek(self, key: str) -> dict[str, Any] | None:
        """The memo of ``key`` if one is kept (none is made)."""
        return self._memos.get(key)

    def forget(self, key: str) -> None:
        self._memos.pop(key, None)

    def clear(self) -> None:
        self._memos.clear()
