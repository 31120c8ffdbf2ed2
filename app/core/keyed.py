"""What a process keeps per campaign for its write jobs: a queue (``KeyedLocks``, with
what its holders leave parked for later ones) and a memo (``Memos``: what one job's batch
leaves the next, app/campaigns/memo.py)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any


class KeyedLocks:
    """One FIFO lock per key (a campaign id), kept only while someone holds or waits."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}

    async def acquire(self, key: str) -> None:
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _Entry()
        entry.users += 1
        try:
            await entry.lock.acquire()
        except BaseException:
            self._leave(key, entry)
            raise

    def release(self, key: str) -> None:
        entry = self._entries[key]
        entry.lock.release()
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

    def _leave(self, key: str, entry: _Entry) -> None:
        entry.users -= 1
        if entry.users == 0:
            del self._entries[key]


class _Entry:
    __slots__ = ("lock", "parked", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
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
