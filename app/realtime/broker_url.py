"""Which broker ``VTT_BROKER_URL`` names: ``memory://``, the one process's own
(app/realtime/broker.py), or ``redis://`` (app/realtime/redis_broker.py, imported only
then)."""

from __future__ import annotations

from app.realtime.broker import Broker, MemoryBroker


def create_broker(url: str, prefix: str = "fairtable") -> Broker:
    """``prefix`` namespaces the Redis channels, so several deployments (or test runs) can
    share one Redis server without hearing each other."""
    if url.startswith("memory://"):
        return MemoryBroker()
    if url.startswith(("redis://", "rediss://", "unix://")):
        from app.realtime.redis_broker import RedisBroker

        return RedisBroker(url, prefix)
    raise ValueError(f"unknown broker URL {url!r}: use memory:// or redis://")
