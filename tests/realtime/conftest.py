"""The live server the websocket tests of this folder share: ``fairtable serve`` in a
subprocess for a module's tests (a module may define its own ``server`` instead), and an
HTTP client of it per test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
import pytest_asyncio

from tests.realtime.live import LiveServer, http_client


@pytest.fixture(scope="module")
def server(database_url: str) -> Iterator[LiveServer]:
    live = LiveServer(database_url)
    live.start()
    yield live
    live.stop()


@pytest_asyncio.fixture
async def http(server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with http_client(server) as client:
        yield client
