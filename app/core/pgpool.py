"""A fixed set of asyncpg connections, lent one at a time (``ConnectionPool``).

asyncpg's own pool spends, on every loan, a queue wait, a proxy object and, on every
return, a shielded task and a check for a reset; under load that was about 4 % of the
server's CPU a roll. This one lends a connection from a list and hands a returned one
straight to the oldest waiter. A connection that comes back after an interrupted statement
(a cancellation, a timeout) or an error saying it was lost (``connection_lost``) is
closed, and the next loan of its slot connects again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any

import asyncpg

Connection = Any  # asyncpg.Connection (asyncpg has no type hints)

LOST = (
    ConnectionError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
)
"""What a lost connection raises (some of it only then: see ``connection_lost``)."""


def connection_lost(error: BaseException) -> bool:
    """Whether ``error`` says the connection went away or the driver's state on it is
    unknown: the database restarted, failed over or ended the session (the first statement
    on such a connection fails, often before the loss itself is seen). A parameter the
    driver could not encode (``DataError``) is the request's, not the connection's."""
    return isinstance(error, LOST) and not isinstance(error, asyncpg.DataError)


class ConnectionPool:
    """``size`` connections to ``dsn``, each set up by ``init`` once connected; a loan is
    ``async with pool.acquire() as conn``."""

    def __init__(
        self, dsn: str, size: int, init: Callable[[Connection], Awaitable[None]], timeout: float
    ) -> None:
        self._dsn = dsn
        self._size = size
        self._init = init
        self._timeout = timeout
        self._idle: list[Connection] = []
        self._waiting: deque[asyncio.Future[Connection]] = deque()
        self._all: list[Connection] = []
        self._open = False
        self._all_back: asyncio.Event | None = None  # set once all are back, when closing

    async def start(self) -> None:
        self._all = list(await asyncio.gather(*(self._connect() for _ in range(self._size))))
        self._idle = list(self._all)
        self._all_back = None
        self._open = True

    async def close(self, wait: float = 10.0) -> None:
        """Lend no more (whoever waits gets ``InterfaceError``), give the connections lent
        ``wait`` seconds to come back, then close them all."""
        self._open = False
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(_closed())
        if self.in_use():
            self._all_back = asyncio.Event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._all_back.wait(), wait)
        connections, self._all, self._idle = self._all, [], []
        for conn in connections:
            if not conn.is_closed():
                try:
                    await asyncio.wait_for(conn.close(), 5)
                except (OSError, asyncpg.PostgresError, TimeoutError):
                    conn.terminate()

    def in_use(self) -> int:
        return len(self._all) - len(self._idle)

    def acquire(self) -> _Loan:
        return _Loan(self)

    async def _take(self) -> Connection:
        if not self._open:
            raise _closed()
        if self._idle:
            conn = self._idle.pop()
        else:
            waiter: asyncio.Future[Connection] = asyncio.get_running_loop().create_future()
            self._waiting.append(waiter)
            try:
                conn = await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self._give_back(waiter.result())  # handed over as it was cancelled
                raise
        if conn.is_closed():
            try:
                conn = self._replace(conn, await self._connect())
            except BaseException:
                self._give_back(conn)  # the slot stays, closed: the next loan tries again
                raise
        return conn

    async def _return(self, conn: Connection, error: BaseException | None) -> None:
        try:
            if error is not None and not conn.is_closed():
                cut = not isinstance(error, Exception) or isinstance(error, TimeoutError)
                if cut or connection_lost(error):
                    conn.terminate()  # a statement cut off, or the link lost: state unknown
                elif conn.is_in_transaction():
                    try:
                        await conn.execute("ROLLBACK")
                    except BaseException:
                        conn.terminate()
                        raise
        finally:
            self._give_back(conn)

    def _give_back(self, conn: Connection) -> None:
        if conn not in self._all:  # closed under its borrower
            if not conn.is_closed():
                conn.terminate()
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(conn)
                return
        self._idle.append(conn)
        if self._all_back is not None and not self.in_use():
            self._all_back.set()

    def _replace(self, old: Connection, new: Connection) -> Connection:
        if not self._open:  # closed while ``new`` connected
            new.terminate()
            raise _closed()
        self._all[self._all.index(old)] = new
        return new

    async def _connect(self) -> Connection:
        conn = await asyncpg.connect(self._dsn, command_timeout=self._timeout)
        try:
            await self._init(conn)
        except BaseException:
            conn.terminate()
            raise
        return conn


def _closed() -> asyncpg.InterfaceError:
    return asyncpg.InterfaceError("the connection pool is closed")


class _Loan:
    """One connection lent for an ``async with`` block."""

    __slots__ = ("_conn", "_pool")

    def __init__(self, pool: ConnectionPool) -> None:
        self._pool = pool
        self._conn: Connection = None

    async def __aenter__(self) -> Connection:
        self._conn = await self._pool._take()
        return self._conn

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self._pool._return(self._conn, error)
