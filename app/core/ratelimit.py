"""Rate limits: per user on every write, per client address where no credential is needed.

Two policies, each a `limits` rate (``"30 per 3 seconds"``) counted with the sliding
window counter (the current window's hits plus the previous window's, weighted by how much
of it still overlaps): O(1) per hit in memory and one Lua call in Redis, unlike a moving
window, whose per-key log grows with the quota.

- ``writes``: every POST/PUT/PATCH/DELETE of an authenticated caller, keyed on the user id
  (all of a user's tokens and API keys share it), counted in ``get_principal`` once the
  caller is known and before the route runs, so a refused write touches nothing.
- ``anonymous``: every request to an endpoint that needs no credential (register, login,
  odds…), keyed on the client address of ``app/core/client_address.py``, counted by an
  ASGI middleware before the request reaches the router.

Counted in Redis when the broker is Redis (the limits hold across instances), in this
process otherwise. A refusal is a 429 problem with ``Retry-After`` and the
``RateLimit-Policy`` / ``RateLimit`` fields of draft-ietf-httpapi-ratelimit-headers-10.
If Redis fails, requests are let through (logged): the limiter must not take the service
down with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast

import redis.asyncio
from fastapi import APIRouter
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from limits import RateLimitItem, parse
from limits.aio.storage import RedisStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter as AsyncSliding
from limits.errors import StorageError
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter as Sliding
from limits.util import WindowStats
from starlette.requests import HTTPConnection
from starlette.routing import compile_path
from starlette.types import ASGIApp, Receive, Scope, Send

from app.core.client_address import TrustedProxies, client_address
from app.core.errors import TooManyRequests, problem
from app.core.i18n import msg
from app.core.settings import Settings

__all__ = [
    "AnonymousLimit",
    "MemoryCounter",
    "Policy",
    "RateLimiter",
    "RedisCounter",
    "create_limiter",
    "open_routes",
]

log = logging.getLogger("fairtable.ratelimit")

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@dataclass(frozen=True)
class Policy:
    """One quota: its name in the headers, the `limits` item and the policy field."""

    name: str
    item: RateLimitItem

    @classmethod
    def of(cls, name: str, rate: str) -> Policy:
        """A setting that does not parse stops the app at start-up, naming the setting."""
        try:
            return cls(name, parse(rate))
        except ValueError as exc:
            setting = f"VTT_RATE_LIMIT_{name.upper()}"
            raise ValueError(f"{setting}={rate!r} is not a rate like '30 per 3 seconds'") from exc

    @property
    def window(self) -> int:
        return self.item.get_expiry()

    @property
    def field(self) -> str:
        """``RateLimit-Policy``: a List of Items, the name a String, ``q`` quota and ``w``
        window in seconds (the draft's structured-field form)."""
        return f'"{self.name}";q={self.item.amount};w={self.window}'


# limits' MemoryStorage schedules its sweep of expired keys from inside a hit, on a new
# thread every 10 ms; Thread.start() waits for that thread to run, which stalled the event
# loop for up to milliseconds on a busy machine (measured: 480 µs per hit on average under
# load). Its private hooks, checked at import so a new `limits` fails loudly, not slowly.
_SCHEDULE = "_MemoryStorage__schedule_expiry"
_SWEEP = "_MemoryStorage__expire_events"
if not (hasattr(MemoryStorage, _SCHEDULE) and hasattr(MemoryStorage, _SWEEP)):
    raise ImportError("limits.storage.MemoryStorage changed: review app/core/ratelimit.py")

SWEEP_SECONDS = 30.0


class MemoryCounter:
    """`limits` in this process, with its synchronous MemoryStorage (pure CPU: the asyncio
    one spawns a task per hit that scans every key, 100 µs per hit with 1,000 users against
    6 µs here) minus its sweeping thread: expired counters are dropped when read anyway,
    and the idle ones are swept from the event loop every ``SWEEP_SECONDS``."""

    def __init__(self) -> None:
        self.storage = MemoryStorage()
        self.storage.timer.cancel()
        setattr(self.storage, _SCHEDULE, lambda: None)  # shadows the method, per instance
        self.strategy = Sliding(self.storage)
        self._sweeper: asyncio.Task[None] | None = None

    async def hit(self, item: RateLimitItem, key: str) -> bool:
        return self.strategy.hit(item, key)

    async def stats(self, item: RateLimitItem, key: str) -> WindowStats:
        return self.strategy.get_window_stats(item, key)

    def sweep(self) -> None:
        getattr(self.storage, _SWEEP)()

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep()

    async def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper


class RedisCounter:
    """`limits` in Redis, over redis-py (already the broker's client), one Lua call a hit;
    keys under ``{VTT_REDIS_PREFIX}:ratelimit``."""

    def __init__(self, url: str, prefix: str) -> None:
        self.pool = redis.asyncio.ConnectionPool.from_url(
            url, socket_timeout=1.0, socket_connect_timeout=1.0
        )
        options = cast(dict[str, Any], {"connection_pool": self.pool})
        storage = RedisStorage(
            "async+" + url,
            implementation="redispy",
            key_prefix=f"{prefix}:ratelimit",
            wrap_exceptions=True,
            **options,
        )
        self.strategy = AsyncSliding(storage)

    async def hit(self, item: RateLimitItem, key: str) -> bool:
        return await self.strategy.hit(item, key)

    async def stats(self, item: RateLimitItem, key: str) -> WindowStats:
        return await self.strategy.get_window_stats(item, key)

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        await self.pool.aclose()


class RateLimiter:
    """The two policies over one counter; ``check`` refuses with a 429 ``AppError``."""

    def __init__(self, counter: MemoryCounter | RedisCounter, writes: Policy, anonymous: Policy):
        self.counter = counter
        self.writes = writes
        self.anonymous = anonymous
        self._quiet_until = 0.0  # rate-limits the log line of a failing Redis

    async def check(self, policy: Policy, key: str) -> None:
        try:
            if await self.counter.hit(policy.item, key):
                return
            stats = await self.counter.stats(policy.item, key)
        except StorageError as exc:  # fail open: an outage of Redis is not one of the API
            now = time.monotonic()
            if now >= self._quiet_until:
                self._quiet_until = now + 10
                log.warning("rate limit storage failed, request let through: %r", exc)
            return
        raise self.refusal(policy, stats)

    def refusal(self, policy: Policy, stats: WindowStats) -> TooManyRequests:
        wait = max(1, math.ceil(stats.reset_time - time.time()))
        headers = {
            "Retry-After": str(wait),
            "RateLimit-Policy": policy.field,
            "RateLimit": f'"{policy.name}";r={stats.remaining};t={wait}',
        }
        detail = msg(
            "rate limit '{policy}' of {amount} requests per {window} s reached; "
            "retry after {wait} s",
            policy=policy.name,
            amount=policy.item.amount,
            window=policy.window,
            wait=wait,
        )
        return TooManyRequests(detail, headers=headers)

    async def user_write(self, user_id: str) -> None:
        await self.check(self.writes, "u:" + user_id)

    async def address(self, address: str) -> None:
        await self.check(self.anonymous, "a:" + address)

    async def start(self) -> None:
        await self.counter.start()

    async def close(self) -> None:
        await self.counter.close()


def limiting_enabled(settings: Settings) -> bool:
    """``VTT_RATE_LIMITS``; unset, on everywhere but ``VTT_ENVIRONMENT=test`` (whose suite
    writes faster than any table; the rate-limit tests turn it on)."""
    if settings.rate_limits is None:
        return settings.environment != "test"
    return settings.rate_limits


def create_limiter(settings: Settings) -> RateLimiter | None:
    """None when limiting is off: the hot path then costs one attribute test."""
    if not limiting_enabled(settings):
        return None
    url = settings.broker_url
    redis_url = url.startswith(("redis://", "rediss://"))
    counter = RedisCounter(url, settings.redis_prefix) if redis_url else MemoryCounter()
    return RateLimiter(
        counter,
        Policy.of("writes", settings.rate_limit_writes),
        Policy.of("anonymous", settings.rate_limit_anonymous),
    )


# -- which endpoints need no credential ------------------------------------------------


@dataclass(frozen=True)
class OpenRoute:
    methods: frozenset[str]
    path: re.Pattern[str]
    static: str | None  # the path itself when it has no parameters


def dependency_calls(dependant: Dependant) -> Iterable[Any]:
    """Every callable ``dependant`` resolves, itself included, depth first."""
    yield dependant.call
    for sub in dependant.dependencies:
        yield from dependency_calls(sub)


def open_routes(
    routers: Iterable[APIRouter], prefix: str, credential: Callable[[Any], bool]
) -> list[OpenRoute]:
    """The HTTP endpoints none of whose dependencies resolves a caller (``credential``
    tells which do), found once at start-up so a new endpoint is classified by itself."""
    found = []
    for router in routers:
        for route in router.routes:
            if not isinstance(route, APIRoute):
                continue  # websockets: their handshake is the realtime feature's business
            if any(credential(call) for call in dependency_calls(route.dependant)):
                continue
            methods = set(route.methods or ())
            if "GET" in methods:
                methods.add("HEAD")
            full = prefix + route.path
            static = None if "{" in full else full
            found.append(OpenRoute(frozenset(methods), compile_path(full)[0], static))
    return found


class AnonymousLimit:
    """Counts requests to the open endpoints per client address before they are routed;
    every other request passes after one prefix test per open route."""

    def __init__(
        self, app: ASGIApp, limiter: RateLimiter, routes: list[OpenRoute], proxies: list[str]
    ) -> None:
        self.app = app
        self.limiter = limiter
        # Exact (method, path) pairs in a set, the rest by pattern: the roll path then
        # costs one set lookup here.
        self.static = {(m, r.static) for r in routes if r.static for m in r.methods}
        self.dynamic = [r for r in routes if not r.static]
        self.proxies = TrustedProxies(proxies)

    def _is_open(self, method: str, path: str) -> bool:
        if (method, path) in self.static:
            return True
        return any(method in r.methods and r.path.match(path) for r in self.dynamic)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self._is_open(scope["method"], scope["path"]):
            address = client_address(HTTPConnection(scope), self.proxies)
            try:
                await self.limiter.address(address)
            except TooManyRequests as refused:
                answer = problem(refused.status, refused.title, refused.detail, refused.headers)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)
