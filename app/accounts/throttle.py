"""Login throttling: failed logins counted per (username, address) and per address.

Two counters, both moving windows of ``login_window_seconds``:

- per (username, client address), ``login_max_failures`` failures: a stranger guessing
  the owner's password is throttled, the owner logging in from elsewhere is not;
- per client address, ``login_address_max_failures`` failures whatever the username:
  spraying many usernames from one address is throttled too.

A success clears the (username, address) counter. The counters are kept by the ``limits``
library in Redis when the broker is Redis (every instance shares them; Redis is already
what ties instances together), in this process's memory otherwise (one instance). The
client address is the one ``app/core/client_address.py`` resolves through the trusted
proxies, so a forged ``X-Forwarded-For`` cannot dodge nor frame anyone.
"""

from __future__ import annotations

import logging
import math
import time
from functools import lru_cache
from typing import Any

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError
from limits.util import WindowStats
from starlette.requests import HTTPConnection

from app.core.client_address import TrustedProxies, client_address
from app.core.errors import TooManyRequests
from app.core.i18n import msg
from app.core.settings import Settings

log = logging.getLogger("fairtable.accounts")

_REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def storage_for(settings: Settings) -> Storage:
    """Redis when the broker is Redis (counters shared by every instance), else memory."""
    url = settings.broker_url
    if url.startswith(_REDIS_SCHEMES):
        return RedisStorage(
            "async+" + url,
            wrap_exceptions=True,
            implementation="redispy",
            key_prefix=f"{settings.redis_prefix}:login",
            socket_connect_timeout=1.0,
            socket_timeout=1.0,
        )
    return MemoryStorage()


@lru_cache(maxsize=8)
def _proxies(networks: tuple[str, ...]) -> TrustedProxies:
    return TrustedProxies(networks)


class LoginThrottle:
    """``check`` before verifying a password, ``failed``/``succeeded`` after.

    While Redis is unreachable the counters fall back to this process's memory (logged):
    logging in keeps working, throttled per instance, instead of failing with a 500."""

    def __init__(self, settings: Settings, storage: Storage | None = None) -> None:
        window = settings.login_window_seconds
        self._limiter = MovingWindowRateLimiter(storage or storage_for(settings))
        self._fallback = MovingWindowRateLimiter(MemoryStorage())
        self._pair = RateLimitItemPerSecond(settings.login_max_failures, window)
        self._address = RateLimitItemPerSecond(settings.login_address_max_failures, window)
        self._proxies = _proxies(tuple(settings.trusted_proxies))

    def address(self, connection: HTTPConnection) -> str:
        return client_address(connection, self._proxies)

    def _counters(
        self, username: str, address: str
    ) -> tuple[tuple[RateLimitItem, tuple[str, ...]], ...]:
        return (self._pair, ("pair", address, username)), (self._address, ("addr", address))

    async def _call(self, method: str, item: RateLimitItem, *keys: str) -> Any:
        try:
            return await getattr(self._limiter, method)(item, *keys)
        except StorageError as exc:
            log.warning("login throttle storage unreachable (%s); counting in memory", exc)
            return await getattr(self._fallback, method)(item, *keys)

    async def check(self, username: str, address: str) -> None:
        """429 with ``Retry-After`` when either counter is full. Checked before the
        password is verified, counted after: a burst of concurrent guesses may pass a
        counter by as many as are in flight at once, no more."""
        for item, keys in self._counters(username, address):
            if not await self._call("test", item, *keys):
                stats: WindowStats = await self._call("get_window_stats", item, *keys)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                raise TooManyRequests(
                    msg("too many failed logins; retry in {wait} s", wait=wait),
                    headers={"Retry-After": str(wait)},
                )

    async def failed(self, username: str, address: str) -> None:
        for item, keys in self._counters(username, address):
            await self._call("hit", item, *keys)

    async def succeeded(self, username: str, address: str) -> None:
        await self._call("clear", self._pair, "pair", address, username)
