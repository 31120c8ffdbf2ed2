"""What a process keeps per campaign for its write jobs: a queue (``KeyedLocks``) and a
memo (``Memos``: what one job's batch leaves the next, app/campaigns/memo.py)."""

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

    def _leave(self, key: str, entry: _Entry) -> None:
        entry.users -= 1
        if entry.users == 0:
            del self._entries[key]


class _Entry:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


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

    def forget(self, key: str) -> None:
        self._memos.pop(key, None)

    def clear(self) -> None:
        self._memos.clear()
